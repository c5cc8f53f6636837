package org.fabriclab.graph;

import java.util.Arrays;
import java.util.List;

/**
 * Optional structured integer labels of a topology's nodes: a fixed list of named fields (for
 * BCube {@code level, d0..dk}; for a fat-tree {@code tier, pod, index}), one {@code int} per
 * node and field in a flat array, {@link #ABSENT} where a field does not apply to a node.
 * Immutable; {@link #index()} builds a reverse look-up from a label to its node.
 */
public final class Labels {
  /** The value of a field that does not apply to a node. */
  public static final int ABSENT = -1;

  private static final Labels NONE = new Labels(new String[0], new int[0], 0);

  private final String[] fields;
  private final int[] values; // node * width + field
  private final int nodes;

  Labels(String[] fields, int[] values, int nodes) {
    this.fields = fields;
    this.values = values;
    this.nodes = nodes;
  }

  public static Labels none() {
    return NONE;
  }

  public int width() {
    return fields.length;
  }

  public boolean isEmpty() {
    return fields.length == 0;
  }

  public List<String> fields() {
    return List.of(fields);
  }

  /** Position of {@code field}, or -1 when the topology has no such field. */
  public int fieldIndex(String field) {
    for (int i = 0; i < fields.length; i++) {
      if (fields[i].equals(field)) {
        return i;
      }
    }
    return -1;
  }

  public int get(int node, int field) {
    return values[node * fields.length + field];
  }

  public int get(int node, String field) {
    int f = fieldIndex(field);
    if (f < 0) {
      throw new IllegalArgumentException("no label field " + field + "; fields are " + fields());
    }
    return get(node, f);
  }

  /** A copy of the node's label, one value per field. */
  public int[] of(int node) {
    int w = fields.length;
    return Arrays.copyOfRange(values, node * w, node * w + w);
  }

  /** Builds a label → node look-up; O(n) time, one hash entry per node. */
  public LabelIndex index() {
    return new LabelIndex(this, nodes);
  }

  int nodes() {
    return nodes;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Labels l
        && nodes == l.nodes
        && Arrays.equals(fields, l.fields)
        && Arrays.equals(values, l.values);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(fields) + Arrays.hashCode(values);
  }
}
