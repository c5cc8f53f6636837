package org.fabriclab.sim.collective.goal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveSchedule.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoalWriterTest {
  @Test
  void writesTransfersStepsAndDependenciesAsGoal() {
    CollectiveSchedule s = new CollectiveSchedule(2);
    int a = s.step(0, 3000);
    int t = s.transfer(0, 1, 64, a);
    s.step(1, 0, t);
    assertThat(GoalWriter.toGoal(s)).isEqualTo("""
        // node v of the schedule is labelled lv; its messages carry tag v
        num_ranks 2

        rank 0 {
        l0: calc 3
        l1: send 64b to 1 tag 1
        l1 requires l0
        }

        rank 1 {
        l1: recv 64b from 0 tag 1
        l2: calc 0
        l2 requires l1
        }
        """);
  }

  @Test
  void aMulticastIsOneSendPerReceiver(@TempDir Path dir) {
    CollectiveSchedule s = new CollectiveSchedule(4);
    int m = s.multicast(1, new int[] {3, 0}, 10);
    s.transfer(1, 2, 5, m);
    s.step(3, 7000, m);
    Path f = dir.resolve("m.goal");
    GoalWriter.write(s, f);
    GoalSchedule g = GoalReader.read(f);
    assertRoundTrip(s, g);
    assertThat(g.schedule().messages()).isEqualTo(3);
    assertThat(GoalWriter.toGoal(s)).contains("l0_0: send 10b to 3 tag 0\n",
        "l0_1: send 10b to 0 tag 0\n", "l1 requires l0_0\nl1 requires l0_1\n");
  }

  @Test
  void roundTripKeepsTransfersBytesAndDependencies() {
    SplittableRandom rnd = new SplittableRandom(20261202);
    for (int trial = 0; trial < 200; trial++) {
      CollectiveSchedule s = randomSchedule(rnd, 1 + rnd.nextInt(6), rnd.nextInt(40));
      GoalSchedule g = GoalReader.parse("rt.goal", GoalWriter.toGoal(s));
      assertRoundTrip(s, g);
      // and again: what was read writes and reads back with the same size
      GoalSchedule g2 = GoalReader.parse("rt2.goal", GoalWriter.toGoal(g.schedule()));
      assertThat(g2.schedule().messages()).isEqualTo(g.schedule().messages());
    }
  }

  /** Dependencies drawn only among nodes that have an operation on the dependent's rank. */
  static CollectiveSchedule randomSchedule(SplittableRandom rnd, int ranks, int nodes) {
    CollectiveSchedule s = new CollectiveSchedule(Math.max(ranks, 2));
    int n = s.ranks();
    for (int v = 0; v < nodes; v++) {
      int r = rnd.nextInt(n);
      int kind = rnd.nextInt(3);
      Set<Integer> after = new HashSet<>();
      for (int u = 0; u < v; u++) {
        if (rnd.nextInt(4) == 0 && GoalWriterTest.onRank(s, u, r)) {
          after.add(u);
        }
      }
      int[] d = after.stream().mapToInt(Integer::intValue).toArray();
      if (kind == 0) {
        s.step(r, 1000L * rnd.nextInt(50), d);
      } else if (kind == 1 || n == 2) {
        s.transfer(r, (r + 1 + rnd.nextInt(n - 1)) % n, 1 + rnd.nextInt(5000), d);
      } else {
        int k = 1 + rnd.nextInt(n - 1);
        int[] rc = new int[k];
        for (int i = 0; i < k; i++) {
          rc[i] = (r + 1 + i) % n;
        }
        s.multicast(r, rc, 1 + rnd.nextInt(100), d);
      }
    }
    return s;
  }

  static boolean onRank(CollectiveSchedule s, int u, int r) {
    if (s.rank(u) == r) {
      return true;
    }
    for (int x : s.receivers(u)) {
      if (x == r) {
        return true;
      }
    }
    return false;
  }

  /** The original node a read node came from, by the writer's labels lv and lv_i. */
  static int original(GoalSchedule g, int node) {
    String l = g.label(node);
    int cut = l.indexOf('_');
    return Integer.parseInt(l.substring(1, cut < 0 ? l.length() : cut));
  }

  /** The read node's dependencies, a recv's step replaced by its transfer, as original ids. */
  static Set<Integer> effectiveDeps(GoalSchedule g, int x) {
    CollectiveSchedule r = g.schedule();
    Set<Integer> out = new HashSet<>();
    for (int i = 0; i < r.dependencyCount(x); i++) {
      int y = r.dependency(x, i);
      if (g.isReceive(y)) {
        assertThat(r.dependencyCount(y)).isEqualTo(1);
        y = r.dependency(y, 0);
      }
      out.add(original(g, y));
    }
    return out;
  }

  static void assertRoundTrip(CollectiveSchedule s, GoalSchedule g) {
    CollectiveSchedule r = g.schedule();
    int expectedNodes = 0;
    int expectedMessages = 0;
    for (int v = 0; v < s.size(); v++) {
      Set<Integer> deps = new HashSet<>();
      for (int i = 0; i < s.dependencyCount(v); i++) {
        deps.add(s.dependency(v, i));
      }
      switch (s.kind(v)) {
        case STEP -> {
          expectedNodes++;
          int x = g.node(s.rank(v), "l" + v);
          assertThat(r.kind(x)).isEqualTo(Kind.STEP);
          assertThat(r.durationPs(x)).isEqualTo(s.durationPs(v));
          assertThat(effectiveDeps(g, x)).as("node %d", v).isEqualTo(deps);
        }
        case TRANSFER -> {
          expectedNodes += 2;
          expectedMessages++;
          int x = g.node(s.rank(v), "l" + v);
          assertThat(r.kind(x)).isEqualTo(Kind.TRANSFER);
          assertThat(r.receiver(x)).isEqualTo(s.receiver(v));
          assertThat(r.bytes(x)).isEqualTo(s.bytes(v));
          assertThat(effectiveDeps(g, x)).as("node %d", v).isEqualTo(deps);
        }
        case MULTICAST -> {
          int[] rc = s.receivers(v);
          expectedNodes += 2 * rc.length;
          expectedMessages += rc.length;
          for (int i = 0; i < rc.length; i++) {
            int x = g.node(s.rank(v), "l" + v + "_" + i);
            assertThat(r.kind(x)).isEqualTo(Kind.TRANSFER);
            assertThat(r.receiver(x)).isEqualTo(rc[i]);
            assertThat(r.bytes(x)).isEqualTo(s.bytes(v));
            assertThat(effectiveDeps(g, x)).as("node %d part %d", v, i).isEqualTo(deps);
          }
        }
      }
    }
    assertThat(r.size()).isEqualTo(expectedNodes);
    assertThat(r.messages()).isEqualTo(expectedMessages);
  }

  @Test
  void refusesADependencyOnAnotherRanksNode() {
    CollectiveSchedule s = new CollectiveSchedule(3);
    int t = s.transfer(0, 1, 8);
    s.step(2, 0, t);
    assertThatThrownBy(() -> GoalWriter.toGoal(s)).isInstanceOf(InvalidParameterException.class)
        .hasMessage("node 1 (a step of rank 2) depends on node 0 (a transfer from rank 0 to rank"
            + " 1), which has no operation on rank 2: a GOAL dependency names an operation of the"
            + " same rank (a step there, or a message it sends or receives)");
  }

  @Test
  void refusesAStepThatIsNotWholeNanoseconds() {
    CollectiveSchedule s = new CollectiveSchedule(1);
    s.step(0, 1500);
    assertThatThrownBy(() -> GoalWriter.toGoal(s)).isInstanceOf(InvalidParameterException.class)
        .hasMessageStartingWith("node 0 (a step of rank 0) takes 1500 ps: a GOAL calc is a whole"
            + " number of nanoseconds");
  }
}
