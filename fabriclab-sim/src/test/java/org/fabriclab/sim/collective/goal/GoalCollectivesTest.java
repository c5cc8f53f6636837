package org.fabriclab.sim.collective.goal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Set;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveSchedule.Kind;
import org.junit.jupiter.api.Test;

/**
 * The two hand-written 16-rank GOAL files in the test resources, read and checked against counts
 * and LogGP times derived by hand.
 *
 * <p>LogGP variant used by {@link #logGp}: the contention-free critical path. A message of s
 * bytes whose dependencies have completed at t arrives at t + o + (s−1)G + L + o (send overhead,
 * the bytes after the first at G each, latency, receive overhead); a step takes its duration. The
 * files chain each rank's sends (a send waits for the previous one to arrive), so consecutive
 * sends are a whole round L + 2o + (s−1)G apart and the gap g, at most that, never binds. The
 * parameters are LogGOPSim's defaults: L = 2500 ns, o = 1500 ns, g = 1000 ns, G = 6 ns/byte.
 */
class GoalCollectivesTest {
  static final long L = 2_500_000;
  static final long O = 1_500_000;
  static final long G = 6_000;

  static GoalSchedule resource(String name) throws IOException {
    try (InputStream in = GoalCollectivesTest.class.getResourceAsStream(name)) {
      return GoalReader.read(name, in);
    }
  }

  /** Completion time (ps) of every node under the variant in the class comment. */
  static long[] logGp(CollectiveSchedule s) {
    long[] t = new long[s.size()];
    for (int v = 0; v < s.size(); v++) {
      long start = 0;
      for (int i = 0; i < s.dependencyCount(v); i++) {
        start = Math.max(start, t[s.dependency(v, i)]);
      }
      t[v] = start + (s.kind(v) == Kind.STEP ? s.durationPs(v)
          : O + (s.bytes(v) - 1) * G + L + O);
    }
    return t;
  }

  /** Longest chain of messages along dependencies (steps count 0). */
  static int messageDepth(CollectiveSchedule s) {
    int[] d = new int[s.size()];
    int max = 0;
    for (int v = 0; v < s.size(); v++) {
      for (int i = 0; i < s.dependencyCount(v); i++) {
        d[v] = Math.max(d[v], d[s.dependency(v, i)]);
      }
      d[v] += s.kind(v) == Kind.STEP ? 0 : 1;
      max = Math.max(max, d[v]);
    }
    return max;
  }

  static int totalDependencies(CollectiveSchedule s) {
    int c = 0;
    for (int v = 0; v < s.size(); v++) {
      c += s.dependencyCount(v);
    }
    return c;
  }

  static Set<String> pairs(CollectiveSchedule s) {
    Set<String> p = new HashSet<>();
    for (int v = 0; v < s.size(); v++) {
      if (s.kind(v) == Kind.TRANSFER) {
        assertThat(p.add(s.rank(v) + ">" + s.receiver(v))).isTrue();
      }
    }
    return p;
  }

  @Test
  void binomialBroadcastHasFifteenMessagesFourRoundsDeep() throws IOException {
    GoalSchedule g = resource("binomial_bcast_16.goal");
    CollectiveSchedule s = g.schedule();
    assertThat(s.ranks()).isEqualTo(16);
    // 15 sends and 15 recvs; each pair one transfer, each recv one zero-duration step
    assertThat(g.operations()).isEqualTo(30);
    assertThat(s.size()).isEqualTo(30);
    assertThat(s.messages()).isEqualTo(15);
    Set<String> expected = new HashSet<>();
    for (int r = 1; r < 16; r++) {
      expected.add((r - Integer.highestOneBit(r)) + ">" + r);
    }
    assertThat(pairs(s)).isEqualTo(expected);
    // requires lines: rank 0: 3; rank 1 (3 children): 3 + 2; ranks 2, 3 (2 children): 2 + 1
    // each; ranks 4..7 (1 child): 1 each; 18 in all, plus one per recv on its transfer: 33
    assertThat(totalDependencies(s)).isEqualTo(33);
    long[] sent = s.bytesSentPerRank();
    assertThat(sent[0]).isEqualTo(4 * 1024);
    assertThat(sent[1]).isEqualTo(3 * 1024);
    assertThat(sent[3]).isEqualTo(2 * 1024);
    assertThat(sent[7]).isEqualTo(1024);
    assertThat(sent[15]).isZero();
    assertThat(messageDepth(s)).isEqualTo(4);
    // closed form: ceil(log2 16) = 4 rounds of L + 2o + (s−1)G, s = 1024
    long round = L + 2 * O + 1023 * G;
    long[] end = g.endTimesPs(logGp(s));
    assertThat(java.util.Arrays.stream(end).max().getAsLong()).isEqualTo(4 * round);
    // rank r receives in round (index of its highest bit) + 1 (rank 1: 1, ranks 8..15: 4);
    // rank 0's last send arrives at rank 8 in round 4
    assertThat(end[0]).isEqualTo(4 * round);
    assertThat(end[1]).isEqualTo(4 * round); // its third send, to 9, arrives in round 4
    assertThat(end[12]).isEqualTo(4 * round);
    assertThat(end[5]).isEqualTo(4 * round); // received in round 3, its send to 13 in round 4
    assertThat(end[6]).isEqualTo(4 * round);
    int recv2 = g.node(2, "recv_parent");
    assertThat(logGp(s)[recv2]).isEqualTo(2 * round);
    assertThat(g.isReceive(recv2)).isTrue();
    assertThat(g.label(recv2)).isEqualTo("recv_parent");
    assertThat(g.rank(recv2)).isEqualTo(2);
  }

  @Test
  void writtenBackTheExamplesKeepTheirMessagesAndTimes() throws IOException {
    for (String name : new String[] {"binomial_bcast_16.goal", "dissemination_16.goal"}) {
      GoalSchedule g = resource(name);
      GoalSchedule back = GoalReader.parse(name, GoalWriter.toGoal(g.schedule()));
      assertThat(back.schedule().messages()).isEqualTo(g.schedule().messages());
      assertThat(pairs(back.schedule())).isEqualTo(pairs(g.schedule()));
      assertThat(back.endTimesPs(logGp(back.schedule())))
          .isEqualTo(g.endTimesPs(logGp(g.schedule())));
    }
  }

  @Test
  void disseminationBarrierHas64MessagesInFourRounds() throws IOException {
    GoalSchedule g = resource("dissemination_16.goal");
    CollectiveSchedule s = g.schedule();
    assertThat(s.messages()).isEqualTo(16 * 4);
    assertThat(s.size()).isEqualTo(2 * 16 * 4);
    Set<String> expected = new HashSet<>();
    for (int i = 0; i < 16; i++) {
      for (int k = 0; k < 4; k++) {
        expected.add(i + ">" + (i + (1 << k)) % 16);
      }
    }
    assertThat(pairs(s)).isEqualTo(expected);
    // 3 requires lines in each of rounds 1..3 on 16 ranks, plus one per recv on its transfer
    assertThat(totalDependencies(s)).isEqualTo(16 * 3 * 3 + 64);
    assertThat(messageDepth(s)).isEqualTo(4);
    // 4 rounds of L + 2o with 1-byte messages: 22000 ns, the end time LogGOPSim's README
    // gives for its dissemination example with these default parameters; every rank ends then
    long[] end = g.endTimesPs(logGp(s));
    for (int r = 0; r < 16; r++) {
      assertThat(end[r]).as("rank %d", r).isEqualTo(4 * (L + 2 * O)).isEqualTo(22_000_000L);
    }
    StringBuilder hosts = new StringBuilder();
    for (int r = 0; r < 16; r++) {
      hosts.append("Host ").append(r).append(": 22000\n");
    }
    assertThat(g.formatEndTimes(logGp(s))).isEqualTo(hosts.toString());
    // round k's recv on rank 5 completes after k + 1 rounds
    for (int k = 0; k < 4; k++) {
      assertThat(logGp(s)[g.node(5, "r" + k)]).isEqualTo((k + 1) * (L + 2 * O));
    }
  }
}
