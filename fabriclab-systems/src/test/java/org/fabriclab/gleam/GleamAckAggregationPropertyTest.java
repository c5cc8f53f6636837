package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabriclab.rng.RandomStreams;
import org.junit.jupiter.api.Test;

/**
 * Seed 002 §3.4: ACK aggregation / NACK filtering composed along random trees, checked event by
 * event against a brute-force model over the receivers (no tree). ACKs: exactly the model's (the
 * minimum cumulative acknowledgement, whenever it advances). NACKs: every NACK the model sends
 * (some receiver asks for e, has not recovered since, and every receiver has acknowledged
 * everything below e) is sent at the same event, and every NACK sent asks for the smallest
 * expected PSN (the minimum over receivers is e − 1) that some receiver did ask for. The tree may
 * send a NACK the model does not: when a NACK already passed a lower switch and its receiver then
 * recovers while that subtree's minimum stays put, the upper switch cannot see the recovery
 * (documented in {@link AckAggregation}); such a NACK is redundant, never unsafe. With one switch
 * (no lower level to hide a recovery) the whole stream, NACKs included, equals the model's.
 */
class GleamAckAggregationPropertyTest {
  /** A switch of a random tree: port 0 leads to its parent (or the source). */
  static final class Node {
    final MulticastForwardingTable table;
    final AckAggregation agg;
    final Node parent;
    final int portInParent;
    final FeedbackSink up;

    Node(int children, Node parent, int portInParent, List<String> sourceStream) {
      table = new MulticastForwardingTable(children + 1, 1);
      int g = table.addGroup(GleamAddresses.groupIp(0), 0);
      for (int p = 0; p <= children; p++) {
        table.addForwarded(g, p);
      }
      table.setAckOutPort(g, 0);
      agg = new AckAggregation(table);
      this.parent = parent;
      this.portInParent = portInParent;
      up = parent == null
          ? new FeedbackSink() {
              @Override
              public void ack(int group, int outPort, int psn) {
                sourceStream.add("A" + psn);
              }

              @Override
              public void nack(int group, int outPort, int e) {
                sourceStream.add("N" + e);
              }
            }
          : new FeedbackSink() {
              @Override
              public void ack(int group, int outPort, int psn) {
                parent.agg.onAck(0, portInParent, psn, parent.up);
              }

              @Override
              public void nack(int group, int outPort, int e) {
                parent.agg.onNack(0, portInParent, e, parent.up);
              }
            };
    }
  }

  record Leaf(Node sw, int port) {}

  static void grow(Node n, int children, int depth, SplittableRandom rnd, List<Leaf> leaves, List<String> stream) {
    for (int p = 1; p <= children; p++) {
      if (depth < 3 && rnd.nextInt(3) == 0) {
        int c = 1 + rnd.nextInt(3);
        grow(new Node(c, n, p, stream), c, depth + 1, rnd, leaves, stream);
      } else {
        leaves.add(new Leaf(n, p));
      }
    }
  }

  /** The brute-force model: flat over receivers, no tree. */
  static final class Model {
    final int[] ack;
    final boolean[] pending;
    int lastAck = -1;
    final List<String> out = new ArrayList<>();

    Model(int receivers) {
      ack = new int[receivers];
      pending = new boolean[receivers];
      java.util.Arrays.fill(ack, -1);
    }

    void feedback(int r, boolean isNack, int psn) {
      if (isNack) {
        if (psn - 1 < ack[r]) {
          return;
        }
        ack[r] = psn - 1;
        pending[r] = true;
      } else if (psn > ack[r]) {
        ack[r] = psn;
        pending[r] = false;
      }
      int m = Integer.MAX_VALUE;
      for (int a : ack) {
        m = Math.min(m, a);
      }
      if (m > lastAck) {
        lastAck = m;
        out.add("A" + m);
      }
      boolean nack = false;
      for (int i = 0; i < ack.length; i++) {
        if (pending[i] && ack[i] == m) {
          pending[i] = false;
          nack = true;
        }
      }
      if (nack) {
        out.add("N" + (m + 1));
      }
    }
  }

  @Test
  void randomTreesAndFeedbackMatchTheBruteForceModel() {
    RandomStreams streams = new RandomStreams(20261123L);
    long sentNacks = 0;
    for (int trial = 0; trial < 400; trial++) {
      SplittableRandom rnd = streams.stream("gleam-ack-property", trial);
      List<String> stream = new ArrayList<>();
      int rootChildren = 1 + rnd.nextInt(4);
      Node root = new Node(rootChildren, null, -1, stream);
      List<Leaf> leaves = new ArrayList<>();
      grow(root, rootChildren, 0, rnd, leaves, stream);
      int n = leaves.size();
      Model model = new Model(n);
      int[] cum = new int[n];
      java.util.Arrays.fill(cum, -1);
      java.util.Set<Integer> nacked = new java.util.HashSet<>();
      int events = 20 + rnd.nextInt(200);
      for (int e = 0; e < events; e++) {
        int r = rnd.nextInt(n);
        boolean isNack = rnd.nextInt(5) < 2;
        int psn;
        if (isNack) {
          psn = cum[r] + 1 + rnd.nextInt(3); // the receiver has everything below psn, lost psn
          cum[r] = psn - 1;
        } else {
          psn = cum[r] + rnd.nextInt(4); // 0: a duplicate ACK
          cum[r] = psn;
        }
        int before = stream.size();
        int modelBefore = model.out.size();
        model.feedback(r, isNack, psn);
        if (isNack) {
          nacked.add(psn);
        }
        Leaf leaf = leaves.get(r);
        if (isNack) {
          leaf.sw().agg.onNack(0, leaf.port(), psn, leaf.sw().up);
        } else {
          leaf.sw().agg.onAck(0, leaf.port(), psn, leaf.sw().up);
        }
        List<String> got = stream.subList(before, stream.size());
        List<String> want = model.out.subList(modelBefore, model.out.size());
        String where = "trial " + trial + " event " + e;
        // ACKs: exactly the model's
        assertThat(got.stream().filter(s -> s.startsWith("A")).toList()).as(where)
            .isEqualTo(want.stream().filter(s -> s.startsWith("A")).toList());
        // every NACK the model sends is sent
        for (String w : want) {
          if (w.startsWith("N")) {
            assertThat(got).as(where).contains(w);
          }
        }
        // every NACK sent asks for the smallest expected PSN, which some receiver did ask for
        int min = Integer.MAX_VALUE;
        for (int c : cum) {
          min = Math.min(min, c);
        }
        for (String s : got) {
          if (s.startsWith("N")) {
            int ePsn = Integer.parseInt(s.substring(1));
            assertThat(ePsn - 1).as(where).isEqualTo(min);
            assertThat(nacked).as(where).contains(ePsn);
            sentNacks++;
          }
        }
      }
      // safety, independently of the model: every ACK is <= every receiver's acknowledgement
      int minCum = Integer.MAX_VALUE;
      for (int c : cum) {
        minCum = Math.min(minCum, c);
      }
      for (String s : stream) {
        int v = Integer.parseInt(s.substring(1));
        assertThat(s.charAt(0) == 'A' ? v : v - 1).isLessThanOrEqualTo(minCum);
      }
    }
    assertThat(sentNacks).as("the trials exercise NACK filtering").isGreaterThan(100);
  }

  @Test
  void oneSwitchGivesExactlyTheBruteForceStream() {
    RandomStreams streams = new RandomStreams(11L);
    for (int trial = 0; trial < 300; trial++) {
      SplittableRandom rnd = streams.stream("gleam-ack-flat", trial);
      List<String> stream = new ArrayList<>();
      int n = 1 + rnd.nextInt(6);
      Node sw = new Node(n, null, -1, stream);
      Model model = new Model(n);
      int[] cum = new int[n];
      java.util.Arrays.fill(cum, -1);
      for (int e = 0; e < 150; e++) {
        int r = rnd.nextInt(n);
        boolean isNack = rnd.nextInt(5) < 2;
        int psn = isNack ? cum[r] + 1 + rnd.nextInt(3) : cum[r] + rnd.nextInt(4);
        cum[r] = isNack ? psn - 1 : psn;
        model.feedback(r, isNack, psn);
        if (isNack) {
          sw.agg.onNack(0, r + 1, psn, sw.up);
        } else {
          sw.agg.onAck(0, r + 1, psn, sw.up);
        }
        assertThat(stream).as("trial %d event %d", trial, e).isEqualTo(model.out);
      }
    }
  }
}
