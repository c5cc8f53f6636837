package org.fabriclab.cli.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.TopologyFamilies;

/**
 * A run's {@code spec.json}: the spec as it was resolved (defaults filled in, files absolute),
 * each value in its JSON type (integers and reals as numbers, {@code server-links} as a boolean,
 * the rest as text; a family's list-valued parameter such as {@code dims: "4,4"} stays text), and
 * only the settings that apply to at least one point: a setting every point leaves empty (the
 * {@code senders} of a Poisson workload, a limit left at its "not set" 0) is left out. The text is
 * a pure function of the spec and its points, so {@code --resume} compares two of them as text.
 */
final class ResolvedSpec {
  private ResolvedSpec() {}

  /** The resolved spec of {@code s}, whose points are {@code points}, as JSON text. */
  static String json(ExperimentSpec s, List<Point> points) {
    ObjectMapper om = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode o = om.createObjectNode();
    o.put("name", s.name());
    o.put("kind", s.kind());
    o.put("seed", s.seed());
    o.put("seeds", s.seeds());
    ArrayNode tops = o.putArray("topologies");
    TopologyFamilies families = null;
    for (ExperimentSpec.TopologyEntry e : s.topologies()) {
      ObjectNode t = tops.addObject();
      List<ParamSpec> specs = List.of();
      if (e.family() != null) {
        t.put("family", e.family());
        families = families == null ? TopologyFamilies.load() : families;
        specs = TopologyFamilies.allParameters(families.get(e.family()));
      } else {
        t.put("file", e.file().toString());
      }
      for (ExperimentSpec.Axis a : e.params()) {
        String name = a.key().substring("topology.".length());
        Field.Type type = e.family() == null ? fieldType(SpecSchema.IMPORT, name) : paramType(specs, name);
        put(t, name, a.values(), type);
      }
    }
    ObjectNode sec = o.putObject(s.kind());
    for (ExperimentSpec.Axis a : s.settings()) {
      if (points.stream().allMatch(p -> p.params().getOrDefault(a.key(), "").isEmpty())) {
        continue; // applies to no point (or a limit left at its "not set" 0): points.csv leaves it empty
      }
      String[] k = a.key().split("\\.", 2);
      boolean workload = k[0].equals("workload");
      ObjectNode target = workload ? (sec.has("workload") ? (ObjectNode) sec.get("workload")
          : sec.putObject("workload")) : sec;
      List<Field> fields = workload ? SpecSchema.WORKLOAD : SpecSchema.SECTIONS.get(s.kind());
      if (s.kind().equals("collective") && SpecSchema.COLLECTIVE_PATTERN.stream().anyMatch(f -> f.name().equals(k[1]))) {
        fields = SpecSchema.COLLECTIVE_PATTERN;
      }
      put(target, k[1], a.values(), fieldType(fields, k[1]));
    }
    ArrayNode m = o.putArray("metrics");
    s.metrics().forEach(m::add);
    try {
      return om.writeValueAsString(o) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Field.Type fieldType(List<Field> fields, String name) {
    return fields.stream().filter(f -> f.name().equals(name)).map(Field::type).findFirst().orElse(Field.Type.TEXT);
  }

  private static Field.Type paramType(List<ParamSpec> specs, String name) {
    for (ParamSpec p : specs) {
      if (p.name().equals(name)) {
        return p.type() == ParamSpec.Type.INT ? Field.Type.INT
            : p.type() == ParamSpec.Type.DOUBLE ? Field.Type.REAL : Field.Type.TEXT;
      }
    }
    return Field.Type.TEXT;
  }

  private static void put(ObjectNode o, String key, List<String> values, Field.Type type) {
    if (values.size() == 1) {
      o.set(key, value(values.get(0), type));
    } else {
      ArrayNode a = o.putArray(key);
      values.forEach(v -> a.add(value(v, type)));
    }
  }

  /** A value in its JSON type; text that is not a number (or boolean) stays text. */
  static JsonNode value(String text, Field.Type type) {
    switch (type) {
      case INT, BYTES -> {
        try {
          return LongNode.valueOf(Long.parseLong(text));
        } catch (NumberFormatException notLong) {
          // left as text below (beyond a long: no double, which could merge distinct values)
        }
      }
      case REAL -> {
        // always a double: 20000 and 20000.0 are the same setting (and --resume must say so)
        try {
          double d = Double.parseDouble(text);
          if (Double.isFinite(d)) {
            return DoubleNode.valueOf(d);
          }
        } catch (NumberFormatException notNumber) {
          // left as text below
        }
      }
      case BOOL -> {
        if (text.equals("true") || text.equals("false")) {
          return BooleanNode.valueOf(Boolean.parseBoolean(text));
        }
      }
      default -> {
        // text
      }
    }
    return TextNode.valueOf(text);
  }

  /** The first key where two resolved specs differ: {@code topologies[0].k: 6 (was 4)}. */
  static String firstDifference(String oldSpec, String newSpec) {
    try {
      ObjectMapper om = new ObjectMapper();
      String d = difference("", om.readTree(oldSpec), om.readTree(newSpec));
      return d == null ? "the files differ in layout" : d;
    } catch (IOException e) {
      return "the old spec is not readable JSON";
    }
  }

  /**
   * Whether {@code oldSpec} was written before spec.json stored numbers and booleans in their JSON
   * types: somewhere it holds as text ({@code "k" : "4"}) what {@code newSpec} holds as a number or
   * boolean of the same text.
   */
  static boolean olderFormat(String oldSpec, String newSpec) {
    try {
      ObjectMapper om = new ObjectMapper();
      return textForTyped(om.readTree(oldSpec), om.readTree(newSpec));
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean textForTyped(JsonNode a, JsonNode b) {
    if (a == null || b == null) {
      return false;
    }
    if (a.isTextual() && (b.isNumber() || b.isBoolean())) {
      return a.asText().equals(b.asText()) || a.asText().equals(b.toString());
    }
    if (a.isContainerNode() && b.isContainerNode()) {
      if (a.isObject() && b.isObject()) {
        for (var it = a.fieldNames(); it.hasNext(); ) {
          String k = it.next();
          if (textForTyped(a.get(k), b.get(k))) {
            return true;
          }
        }
      } else if (a.isArray() && b.isArray()) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
          if (textForTyped(a.get(i), b.get(i))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static String difference(String path, JsonNode a, JsonNode b) {
    if (a != null && b != null && a.isObject() && b.isObject()) {
      Set<String> keys = new LinkedHashSet<>();
      a.fieldNames().forEachRemaining(keys::add);
      b.fieldNames().forEachRemaining(keys::add);
      for (String k : keys) {
        String d = difference(path.isEmpty() ? k : path + "." + k, a.get(k), b.get(k));
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    if (a != null && b != null && a.isArray() && b.isArray()
        && (a.size() == b.size() || !a.path(0).isValueNode())) {
      for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
        String d = difference(path + "[" + i + "]", a.get(i), b.get(i));
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    if (a != null && a.equals(b)) {
      return null;
    }
    return path + ": " + text(b) + " (was " + text(a) + ")";
  }

  private static String text(JsonNode n) {
    return n == null ? "not set" : n.isTextual() ? n.asText() : n.toString();
  }
}
