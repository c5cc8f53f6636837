package org.fabriclab.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LabelIndexTest {

  private static Topology labelled(int[][] labels, String... fields) {
    TopologyBuilder b = new TopologyBuilder("test", "labels").labelFields(fields);
    for (int[] l : labels) {
      b.addNode(NodeRole.PACKET_SWITCH, l);
    }
    return b.build();
  }

  @Test
  void findsEveryNodeIncludingAbsentValues() {
    int[][] labels = {
      {0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {1, Labels.ABSENT, 3}, {2, Labels.ABSENT, Labels.ABSENT},
      {2, 5, Labels.ABSENT}
    };
    Topology t = labelled(labels, "tier", "pod", "index");
    LabelIndex index = t.labels().index();
    for (int v = 0; v < labels.length; v++) {
      assertThat(index.find(labels[v])).isEqualTo(v);
    }
    // misses: a value inside every field's range but absent, and values outside the ranges
    assertThat(index.find(1, 1, 1)).isEqualTo(-1);
    assertThat(index.find(0, 0, -2)).isEqualTo(-1);
    assertThat(index.find(3, 0, 0)).isEqualTo(-1);
    assertThat(index.find(0, 6, 0)).isEqualTo(-1);
    assertThat(index.find(Integer.MIN_VALUE, 0, 0)).isEqualTo(-1);
    assertThatThrownBy(() -> index.find(0, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void lowestIdWinsOnDuplicates() {
    Topology t = labelled(new int[][] {{1, 2}, {3, 4}, {1, 2}}, "a", "b");
    assertThat(t.labels().index().find(1, 2)).isZero();
  }

  @Test
  void widerThan64BitsUsesTheFallbackAndStillFindsEveryNode() {
    // three fields spanning the whole int range: 96 bits of key
    SplittableRandom r = new SplittableRandom(5);
    int[][] labels = new int[300][];
    labels[0] = new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, Labels.ABSENT};
    labels[1] = new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE, 0};
    for (int v = 2; v < labels.length; v++) {
      labels[v] = new int[] {r.nextInt(), r.nextInt(), v % 3 == 0 ? Labels.ABSENT : r.nextInt()};
    }
    LabelIndex index = labelled(labels, "x", "y", "z").labels().index();
    for (int v = 0; v < labels.length; v++) {
      assertThat(index.find(labels[v])).isEqualTo(v);
    }
    assertThat(index.find(0, 0, 12345)).isEqualTo(-1);
    assertThat(index.find(Integer.MIN_VALUE, Integer.MAX_VALUE, 0)).isEqualTo(-1);
  }

  @Test
  void exactlyFullWidthFieldsStillPack() {
    // one field spanning 2^32 values plus a one-bit field: 33 bits, packed path
    int[][] labels = {{Integer.MIN_VALUE, 0}, {Integer.MAX_VALUE, 1}, {-1, 0}, {0, 1}};
    LabelIndex index = labelled(labels, "wide", "bit").labels().index();
    for (int v = 0; v < labels.length; v++) {
      assertThat(index.find(labels[v])).isEqualTo(v);
    }
    assertThat(index.find(Integer.MAX_VALUE, 0)).isEqualTo(-1);
    assertThat(index.find(5, 2)).isEqualTo(-1);
  }

  @Test
  void randomLabelsAgainstLinearSearch() {
    SplittableRandom r = new SplittableRandom(8);
    for (int trial = 0; trial < 50; trial++) {
      int n = 1 + r.nextInt(60);
      int width = 1 + r.nextInt(4);
      int span = 1 + r.nextInt(6);
      int[][] labels = new int[n][width];
      for (int[] l : labels) {
        for (int f = 0; f < width; f++) {
          l[f] = r.nextInt(span) - 1; // includes ABSENT (-1)
        }
      }
      String[] fields = new String[width];
      for (int f = 0; f < width; f++) {
        fields[f] = "f" + f;
      }
      LabelIndex index = labelled(labels, fields).labels().index();
      for (int q = 0; q < 40; q++) {
        int[] probe = new int[width];
        for (int f = 0; f < width; f++) {
          probe[f] = r.nextInt(span + 2) - 2;
        }
        int expected = -1;
        for (int v = 0; v < n && expected < 0; v++) {
          if (java.util.Arrays.equals(labels[v], probe)) {
            expected = v;
          }
        }
        assertThat(index.find(probe)).isEqualTo(expected);
      }
    }
  }
}
