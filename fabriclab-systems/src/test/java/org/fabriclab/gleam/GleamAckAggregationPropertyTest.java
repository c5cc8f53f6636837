package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabriclab.rng.RandomStreams;
import org.junit.jupiter.api.Test;

/**
 * Seed 002 §3.4, Alg. 2/3: ACK aggregation / NACK filtering composed along random trees, checked
 * event by event against a brute-force model over the receivers (no tree; a receiver owes a NACK
 * from its NACK until it recovers or the model sends it; the model sends NACK e when an owing
 * receiver's cumulative ACK e − 1 is the minimum of all). Per event: the ACKs are exactly the
 * model's; every NACK the model sends is sent, in the model's order; every extra NACK asks for the
 * then-smallest expected PSN (all receivers have everything below it, so no loss is ever skipped)
 * and is one of two known kinds, (a) the stale NACK of a receiver that recovered after its NACK
 * passed a lower switch, or (b) a repeat of the model's NACK in the same event (a lower switch's
 * ACK and NACK reach the upper switch as two packets). With one switch the whole stream equals the
 * model's. {@link #twoHistoriesThatTheUpperSwitchCannotTellApart} shows why (a) is inherent to the
 * paper's per-switch rule: no per-port state at the upper switch can make the tree exact.
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
    long extraNacks = 0;
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
      java.util.Set<Integer> recoveredWhilePending = new java.util.HashSet<>();
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
        if (model.pending[r] && (isNack ? psn - 1 : psn) > model.ack[r]) {
          // r recovered (an ACK or a later NACK moves it past) while its NACK was still owed
          recoveredWhilePending.add(model.ack[r] + 1);
        }
        model.feedback(r, isNack, psn);
        Leaf leaf = leaves.get(r);
        if (isNack) {
          leaf.sw().agg.onNack(0, leaf.port(), psn, leaf.sw().up);
        } else {
          leaf.sw().agg.onAck(0, leaf.port(), psn, leaf.sw().up);
        }
        List<String> got = new ArrayList<>(stream.subList(before, stream.size()));
        List<String> want = model.out.subList(modelBefore, model.out.size());
        String where = "trial " + trial + " event " + e;
        int min = Integer.MAX_VALUE;
        for (int c : cum) {
          min = Math.min(min, c);
        }
        // the tree's extra NACKs: sent by the tree, not by the model at this event
        List<String> extras = new ArrayList<>(got);
        for (String w : want) {
          extras.remove(w);
        }
        for (String x : extras) {
          assertThat(x).as(where + ": only NACKs may be extra").startsWith("N");
          int ePsn = Integer.parseInt(x.substring(1));
          // asks for the then-smallest expected PSN: everything below it is acknowledged by all
          assertThat(ePsn - 1).as(where + ": extra " + x).isEqualTo(min);
          // and it is either (a) the stale NACK of a receiver that recovered (an ACK or a later NACK
          // moved it past) while the model still owed its NACK, or (b) a repeat, in the same event,
          // of the NACK the model sends: a lower switch sends its ACK and its NACK as two packets
          // and the upper switch releases its own held NACK on the first, the lower one on the second
          assertThat(recoveredWhilePending.contains(ePsn) || want.contains(x))
              .as(where + ": extra " + x + ", stale " + recoveredWhilePending + ", model " + want).isTrue();
          extraNacks++;
        }
        // without the extras, the stream of this event is exactly the model's, in order
        List<String> core = new ArrayList<>(got);
        for (String x : extras) {
          core.remove(core.lastIndexOf(x));
        }
        assertThat(core).as(where).isEqualTo(want);
        for (String s : got) {
          if (s.startsWith("N")) {
            assertThat(Integer.parseInt(s.substring(1)) - 1).as(where + ": no loss skipped").isEqualTo(min);
            sentNacks++;
          } else {
            assertThat(Integer.parseInt(s.substring(1))).as(where + ": ACK covers only data all have").isLessThanOrEqualTo(min);
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

  /**
   * Why the tree cannot be exact with any per-switch state: two feedback histories that give the
   * upper switch U identical inputs but need different outputs. Tree: U has the lower switch L on
   * port 1 and receiver r3 on port 2; L has r1 (port 1) and r2 (port 2). In A, r1 recovers at
   * event 4 after its NACK 7 passed L; in B, r2 repeats its ACK 6 instead. L sends U nothing at
   * event 4 in both (its minimum stays 6), so U sees the same sequence and must answer r3's ACK 20
   * the same way; the flat model (hand-derived below) wants ACK 6 + NACK 7 in B but ACK 6 alone in
   * A. Only a new signal from L to U (not in the paper's ACK/NACK vocabulary) could tell them apart.
   */
  @Test
  void twoHistoriesThatTheUpperSwitchCannotTellApart() {
    for (boolean recovers : new boolean[] {true, false}) {
      List<String> source = new ArrayList<>();
      Node u = new Node(2, null, -1, source);
      List<String> intoU = new ArrayList<>();
      Node l = new Node(2, u, 1, source);
      FeedbackSink lUp = new FeedbackSink() {
        @Override
        public void ack(int group, int outPort, int psn) {
          intoU.add("A" + psn);
          l.up.ack(group, outPort, psn);
        }

        @Override
        public void nack(int group, int outPort, int e) {
          intoU.add("N" + e);
          l.up.nack(group, outPort, e);
        }
      };
      u.agg.onAck(0, 2, 2, u.up); // r3 ACK 2 (r1, r2 at -1: nothing)
      l.agg.onAck(0, 2, 6, lUp); // r2 ACK 6
      l.agg.onNack(0, 1, 7, lUp); // r1 lost 7: L's minimum is 6 = r1's, so NACK 7 passes L; U holds it
      assertThat(source).containsExactly("A2");
      if (recovers) {
        l.agg.onAck(0, 1, 10, lUp); // A: r1 recovered
      } else {
        l.agg.onAck(0, 2, 6, lUp); // B: r2 repeats its ACK
      }
      assertThat(intoU).as("U's inputs are the same in A and B").containsExactly("A6", "N7");
      u.agg.onAck(0, 2, 20, u.up); // r3 ACK 20: U's minimum becomes 6
      // model, by hand: A: acks {10, 6, 20}, nobody pending -> A6 only; B: r1 pending at 6 -> A6, N7
      assertThat(source).as(recovers ? "A: one redundant NACK 7" : "B: exactly the model")
          .containsExactly("A2", "A6", "N7");
      Model m = new Model(3);
      m.feedback(2, false, 2);
      m.feedback(1, false, 6);
      m.feedback(0, true, 7);
      m.feedback(recovers ? 0 : 1, false, recovers ? 10 : 6);
      m.feedback(2, false, 20);
      assertThat(m.out).containsExactlyElementsOf(recovers ? List.of("A2", "A6") : List.of("A2", "A6", "N7"));
    }
  }
}
