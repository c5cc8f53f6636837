package org.fabriclab.graph.io;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;

/**
 * Streaming reader of the JSON edge list: one pass over the tokens, fields in any order, nodes
 * and links collected into a {@link LinkCollector}; O(n + m) time. Unknown fields are errors (a
 * typo such as {@code capacity} for {@code capacityBps} must not pass silently).
 */
final class JsonEdgeListReader {
  private final JsonParser p;
  private final String source;
  private final LinkCollector c;
  private String format;
  private Integer version;
  private String family;
  private String parameters = "";
  private List<String> labelFields = List.of();
  private boolean sawNodes;
  private String linksKey;

  JsonEdgeListReader(Reader in, String source) throws IOException {
    this.p = JsonEdgeList.factory().createParser(in);
    this.source = source;
    this.c = new LinkCollector(source, "link");
  }

  private MalformedInputException error(String problem) {
    return new MalformedInputException(source, problem);
  }

  Topology read() throws IOException {
    try {
      JsonToken first = p.nextToken();
      if (first == null) {
        throw error("empty input");
      }
      if (first != JsonToken.START_OBJECT) {
        throw error("expected a JSON object with \"format\": \"" + JsonEdgeList.FORMAT + "\"");
      }
      while (next("top-level object") == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        next("value of " + name);
        topLevelField(name);
      }
      if (p.nextToken() != null) {
        throw error("unexpected content after the top-level object");
      }
    } catch (JsonProcessingException e) {
      throw error(describe(e));
    }
    if (format == null) {
      throw error("missing field \"format\" (expected \"" + JsonEdgeList.FORMAT + "\")");
    }
    if (version == null) {
      throw error("missing field \"version\" (expected " + JsonEdgeList.VERSION + ")");
    }
    if (!sawNodes) {
      throw error("missing field \"nodes\"");
    }
    if (linksKey == null) {
      throw error("missing field \"edges\" (or \"links\")");
    }
    return c.build(family == null ? ImportedTopology.nameOf(source) : family, parameters, labelFields);
  }

  private void topLevelField(String name) throws IOException {
    switch (name) {
      case "format" -> {
        format = string("format");
        if (!JsonEdgeList.FORMAT.equals(format)) {
          throw error(
              "format \"" + format + "\" is not \"" + JsonEdgeList.FORMAT + "\"");
        }
      }
      case "version" -> {
        version = (int) integer("version", Integer.MIN_VALUE, Integer.MAX_VALUE);
        if (version != JsonEdgeList.VERSION) {
          throw error(
              "unsupported version " + version + " (this reader knows version "
                  + JsonEdgeList.VERSION + ")");
        }
      }
      case "family" -> family = nullableString("family");
      case "parameters" -> parameters = nullableString("parameters");
      case "labelFields" -> labelFields = stringArray("labelFields");
      case "nodes" -> {
        sawNodes = true;
        readNodes();
      }
      case "edges", "links" -> {
        if (linksKey != null) {
          throw error("\"" + name + "\" after \"" + linksKey + "\": give the links once, under \"edges\" or \"links\"");
        }
        linksKey = name;
        readLinks();
      }
      default -> throw error(
          "unknown top-level field \"" + name + "\""
              + (format == null ? " (is this a " + JsonEdgeList.FORMAT + " file?)" : ""));
    }
  }

  private void readNodes() throws IOException {
    expect(JsonToken.START_ARRAY, "nodes must be an array");
    int i = 0;
    while (next("nodes") != JsonToken.END_ARRAY) {
      String where = "node " + i;
      expect(JsonToken.START_OBJECT, where + " must be an object");
      long id = -1;
      String role = null;
      int[] label = null;
      while (next(where) == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        next(where + " " + name);
        switch (name) {
          case "id" -> id = integer(where + ": id", 0, Integer.MAX_VALUE);
          case "role" -> role = string(where + ": role");
          case "label" -> label = label(where);
          default -> throw error(where + ": unknown field \"" + name + "\"");
        }
      }
      if (id < 0) {
        throw error(where + ": missing id");
      }
      if (id != i) {
        throw error(where + ": id " + id + " out of order (nodes must be listed by id 0, 1, 2…)");
      }
      if (role == null) {
        throw error(where + ": missing role");
      }
      NodeRole r = LinkCollector.role(role);
      if (r == null) {
        throw error(
            where + ": unknown role \"" + role + "\" (valid: " + LinkCollector.validRoles() + ")");
      }
      c.addNode(r, label);
      i++;
    }
  }

  private int[] label(String where) throws IOException {
    expect(JsonToken.START_ARRAY, where + ": label must be an array of integers");
    IntArrayList values = new IntArrayList();
    while (next(where + " label") != JsonToken.END_ARRAY) {
      if (p.currentToken() == JsonToken.VALUE_NULL) {
        values.add(Labels.ABSENT);
      } else {
        values.add((int) integer(where + ": label value", Integer.MIN_VALUE, Integer.MAX_VALUE));
      }
    }
    return values.toIntArray();
  }

  private void readLinks() throws IOException {
    expect(JsonToken.START_ARRAY, linksKey + " must be an array");
    int i = 0;
    while (next(linksKey) != JsonToken.END_ARRAY) {
      String where = "link " + i;
      expect(JsonToken.START_OBJECT, where + " must be an object");
      long s = Long.MIN_VALUE;
      long t = Long.MIN_VALUE;
      long sp = LinkCollector.NO_PORT;
      long tp = LinkCollector.NO_PORT;
      long capacity = Long.MIN_VALUE;
      long delay = Long.MIN_VALUE;
      boolean directed = false;
      while (next(where) == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        next(where + " " + name);
        switch (name) {
          case "source" -> s = integer(where + ": source", Integer.MIN_VALUE, Integer.MAX_VALUE);
          case "target" -> t = integer(where + ": target", Integer.MIN_VALUE, Integer.MAX_VALUE);
          case "sourcePort" -> sp = integer(where + ": sourcePort", 0, Integer.MAX_VALUE);
          case "targetPort" -> tp = integer(where + ": targetPort", 0, Integer.MAX_VALUE);
          case "capacityBps" -> capacity = integer(where + ": capacityBps", Long.MIN_VALUE + 1, Long.MAX_VALUE);
          case "delayPs" -> delay = integer(where + ": delayPs", Long.MIN_VALUE + 1, Long.MAX_VALUE);
          case "directed" -> directed = bool(where + ": directed");
          default -> throw error(where + ": unknown field \"" + name + "\"");
        }
      }
      requirePresent(s, where, "source");
      requirePresent(t, where, "target");
      requirePresent(capacity, where, "capacityBps");
      requirePresent(delay, where, "delayPs");
      c.addLink((int) s, (int) t, (int) sp, (int) tp, capacity, delay, directed);
      i++;
    }
  }

  private void requirePresent(long value, String where, String field) {
    if (value == Long.MIN_VALUE) {
      throw error(where + ": missing " + field);
    }
  }

  /** Advances; end of input inside a structure is an error naming what was being read. */
  private JsonToken next(String reading) throws IOException {
    JsonToken t = p.nextToken();
    if (t == null) {
      throw error("unexpected end of input while reading " + reading);
    }
    return t;
  }

  private void expect(JsonToken token, String problem) {
    if (p.currentToken() != token) {
      throw error(problem + ", got " + describeToken());
    }
  }

  private long integer(String what, long min, long max) throws IOException {
    if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
      throw error(what + " must be an integer, got " + describeToken());
    }
    if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
      throw error(what + " " + p.getText() + " is too large");
    }
    long v = p.getLongValue();
    if (v < min || v > max) {
      throw error(what + " " + v + LinkCollector.outOfRange(min, max));
    }
    return v;
  }

  private boolean bool(String what) {
    JsonToken t = p.currentToken();
    if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
      throw error(what + " must be true or false, got " + describeToken());
    }
    return t == JsonToken.VALUE_TRUE;
  }

  private String string(String what) throws IOException {
    if (p.currentToken() != JsonToken.VALUE_STRING) {
      throw error(what + " must be a string, got " + describeToken());
    }
    return p.getText();
  }

  private String nullableString(String what) throws IOException {
    return p.currentToken() == JsonToken.VALUE_NULL ? null : string(what);
  }

  private List<String> stringArray(String what) throws IOException {
    expect(JsonToken.START_ARRAY, what + " must be an array of strings");
    List<String> out = new ArrayList<>();
    while (next(what) != JsonToken.END_ARRAY) {
      out.add(string(what + " entry"));
    }
    return List.copyOf(out);
  }

  private String describeToken() {
    JsonToken t = p.currentToken();
    if (t == null) {
      return "end of input";
    }
    return switch (t) {
      case START_OBJECT -> "an object";
      case START_ARRAY -> "an array";
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NULL -> "null";
      default -> t.toString();
    };
  }

  /** One line: the place and Jackson's own message without its location appendix. */
  static String describe(JsonProcessingException e) {
    String msg = String.valueOf(e.getOriginalMessage());
    int cut = msg.indexOf(" (start marker at");
    if (cut >= 0) {
      msg = msg.substring(0, cut);
    }
    msg = org.fabriclab.io.JsonProblems.describe(msg);
    JsonLocation at = e.getLocation();
    String place = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
    return "invalid JSON" + place + ": " + msg;
  }
}
