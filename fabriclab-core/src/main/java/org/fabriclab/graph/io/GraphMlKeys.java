package org.fabriclab.graph.io;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamReader;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.graph.Labels;

/**
 * The keys one GraphML document declares, and the typed values given for them: {@link
 * GraphMlReader}'s key table (the dialect it reads is described there). A key is looked up by its
 * id and known by its {@code attr.name}; the values of its integral node keys (other than {@code
 * role}) are kept per node, in declaration order, so that the graph's {@code labelFields} can name
 * them. O(1) memory per key plus one int per node and integral node key.
 */
final class GraphMlKeys {
  record Key(String forWhat, String name, String type, String defaultValue) {
    boolean appliesTo(String element) {
      return forWhat.equals(element) || forWhat.equals("all");
    }
  }

  private final String source;
  private final Map<String, Key> keys = new HashMap<>();
  private final List<String> intNodeKeys = new ArrayList<>();
  private final IntArrayList nodeInts = new IntArrayList();

  GraphMlKeys(String source) {
    this.source = source;
  }

  private MalformedInputException error(String problem) {
    return new MalformedInputException(source, problem);
  }

  /** Declares key {@code id}, read from a {@code <key>} element. */
  void declare(String id, String forWhat, String name, String type, String def) {
    Key k = new Key(forWhat, name, type, def);
    if (keys.put(id, k) != null) {
      throw error("key \"" + id + "\" declared twice");
    }
    boolean integral = type.equals("int") || type.equals("long");
    if (k.appliesTo("node") && integral && !name.equals("role")) {
      intNodeKeys.add(id);
    }
  }

  /** The key of the {@code <data>} element {@code r} is on. */
  Key of(XMLStreamReader r, String where) {
    String id = r.getAttributeValue(null, "key");
    if (id == null) {
      throw error(where + ": <data> without a key attribute");
    }
    Key k = keys.get(id);
    if (k == null) {
      throw error(where + ": <data> refers to undeclared key \"" + id + "\"");
    }
    return k;
  }

  String defaultOf(String element, String name, String fallback) {
    for (Key k : keys.values()) {
      if (k.appliesTo(element) && k.name().equals(name) && k.defaultValue() != null) {
        return k.defaultValue();
      }
    }
    return fallback;
  }

  /** The default values of the keys of {@code element}, by name (a new, modifiable map). */
  Map<String, String> defaults(String element) {
    Map<String, String> d = new java.util.LinkedHashMap<>();
    for (Key k : keys.values()) {
      if (k.appliesTo(element) && k.defaultValue() != null) {
        d.put(k.name(), k.defaultValue().trim());
      }
    }
    return d;
  }

  /** A file that declares no role key: not written by fabriclab (see {@link ImportDefaults}). */
  boolean foreign() {
    return keys.values().stream().noneMatch(k -> k.name().equals("role"));
  }

  /** One node's integral key values, all {@link Labels#ABSENT}. */
  int[] absentInts() {
    int[] ints = new int[intNodeKeys.size()];
    Arrays.fill(ints, Labels.ABSENT);
    return ints;
  }

  /** Position of key {@code id} in a node's integral values; -1 when it is not one of them. */
  int intColumn(String id) {
    return intNodeKeys.indexOf(id);
  }

  /** Sets the values not {@code given} to their key's default, if it has one. */
  void applyDefaults(String where, int[] ints, boolean[] given) {
    for (int i = 0; i < ints.length; i++) {
      Key k = keys.get(intNodeKeys.get(i));
      if (!given[i] && k.defaultValue() != null) {
        ints[i] = anyInt(where, k.name(), k.defaultValue());
      }
    }
  }

  /** Keeps the integral values of the next node. */
  void addNode(int[] ints) {
    nodeInts.addElements(nodeInts.size(), ints);
  }

  /**
   * Sets the label of every node of {@code c} that has a value for one of the comma-separated
   * {@code text} fields (integral node keys by name); returns the fields.
   */
  List<String> labelFields(String text, LinkCollector c) {
    if (text.isBlank()) {
      return List.of();
    }
    List<String> fields = Arrays.stream(text.split(",")).map(String::trim).toList();
    int n = c.nodeCount();
    int stride = intNodeKeys.size();
    int[] column = new int[fields.size()];
    for (int f = 0; f < fields.size(); f++) {
      column[f] = -1;
      for (int k = 0; k < stride; k++) {
        if (keys.get(intNodeKeys.get(k)).name().equals(fields.get(f))) {
          column[f] = k;
        }
      }
      if (column[f] < 0) {
        throw error(
            "labelFields names \"" + fields.get(f) + "\" but no int node key has that name");
      }
    }
    for (int v = 0; v < n; v++) {
      int[] label = new int[fields.size()];
      boolean any = false;
      for (int f = 0; f < label.length; f++) {
        label[f] = nodeInts.getInt(v * stride + column[f]);
        any |= label[f] != Labels.ABSENT;
      }
      if (any) {
        c.setLabel(v, label);
      }
    }
    return fields;
  }

  /**
   * A GraphML boolean: XML Schema's xs:boolean lexical forms {@code true}, {@code false}, {@code
   * 1}, {@code 0}, with true and false in any case (networkx writes {@code True} and {@code
   * False}) and surrounding white space ignored; null for anything else.
   */
  static Boolean bool(String text) {
    String t = text.strip();
    if (t.equalsIgnoreCase("true") || t.equals("1")) {
      return Boolean.TRUE;
    }
    if (t.equalsIgnoreCase("false") || t.equals("0")) {
      return Boolean.FALSE;
    }
    return null;
  }

  int anyInt(String where, String what, String text) {
    return (int) number(where, what, text, Integer.MIN_VALUE, Integer.MAX_VALUE);
  }

  long number(String where, String what, String text, long min, long max) {
    Long parsed = ImportDefaults.integral(text);
    if (parsed == null) {
      throw error(where + ": " + what + " \"" + text + "\" is not an integer in ASCII digits");
    }
    long v = parsed;
    if (v < min || v > max) {
      throw error(where + ": " + what + " " + v + LinkCollector.outOfRange(min, max));
    }
    return v;
  }
}
