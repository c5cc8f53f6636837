package org.fabriclab.sim.collective.goal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveSchedule.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoalReaderTest {
  static GoalSchedule parse(String text) {
    return GoalReader.parse("t.goal", text);
  }

  static int[] deps(CollectiveSchedule s, int v) {
    int[] d = new int[s.dependencyCount(v)];
    for (int i = 0; i < d.length; i++) {
      d[i] = s.dependency(v, i);
    }
    java.util.Arrays.sort(d);
    return d;
  }

  @Test
  void readsTheGrammarOfLogGopSim() {
    GoalSchedule g = parse("""
        num_ranks 3   // three ranks
        /* a block
           comment */
        rank 0 {
          c: calc 250 cpu 0
          s: send 8 b to 1 tag 3 cpu 0 nic 0
          s requires c
          x requires s   // x is defined below
          x: calc 100
        }

        rank 2 {\r
          recv 4b from 1\r
        }
        rank 1 {
        \tr: recv 8b from 0 tag 3 nic 1
          send 4b to 2
          w: calc 10
          w requires r
        }
        """);
    CollectiveSchedule s = g.schedule();
    assertThat(s.size()).isEqualTo(7);
    int c = g.node(0, "c");
    int send = g.node(0, "s");
    int x = g.node(0, "x");
    int r = g.node(1, "r");
    int w = g.node(1, "w");
    assertThat(s.kind(c)).isEqualTo(Kind.STEP);
    assertThat(s.durationPs(c)).isEqualTo(250_000); // 250 ns
    assertThat(deps(s, c)).isEmpty();
    assertThat(s.kind(send)).isEqualTo(Kind.TRANSFER);
    assertThat(s.rank(send)).isEqualTo(0);
    assertThat(s.receiver(send)).isEqualTo(1);
    assertThat(s.bytes(send)).isEqualTo(8);
    assertThat(deps(s, send)).containsExactly(c);
    assertThat(s.durationPs(x)).isEqualTo(100_000);
    assertThat(deps(s, x)).containsExactly(send);
    assertThat(s.kind(r)).isEqualTo(Kind.STEP);
    assertThat(s.durationPs(r)).isZero();
    assertThat(deps(s, r)).containsExactly(send);
    assertThat(deps(s, w)).containsExactly(r);
    assertThat(s.durationPs(w)).isEqualTo(10_000);
    // the unlabelled send 1 -> 2 and the unlabelled recv on rank 2 after it
    int t12 = -1;
    int r2 = -1;
    for (int v = 0; v < s.size(); v++) {
      if (s.kind(v) == Kind.TRANSFER && s.rank(v) == 1) {
        t12 = v;
      }
      if (s.kind(v) == Kind.STEP && s.rank(v) == 2) {
        r2 = v;
      }
    }
    assertThat(s.receiver(t12)).isEqualTo(2);
    assertThat(s.bytes(t12)).isEqualTo(4);
    assertThat(deps(s, t12)).isEmpty();
    assertThat(deps(s, r2)).containsExactly(t12);
    assertThat(g.label(r2)).isNull();
    assertThat(g.line(r2)).isEqualTo(13);
    assertThat(g.line(send)).isEqualTo(6);
  }

  @Test
  void endTimesPrintInNanosecondsPerHost() {
    GoalSchedule g = parse("num_ranks 3\nrank 1 {\ncalc 2\n}\n");
    assertThat(g.formatEndTimes(new long[] {2_500}))
        .isEqualTo("Host 0: 0\nHost 1: 2.500\nHost 2: 0\n");
    assertThatThrownBy(() -> g.endTimesPs(new long[2]))
        .hasMessage("invalid completionPs = 2: one completion time per node: 1");
  }

  @Test
  void manyLabelsInOneBlockAndTheSameLabelsInManyBlocks() {
    StringBuilder b = new StringBuilder("num_ranks 50\n");
    for (int r = 49; r >= 1; r--) {
      b.append("rank ").append(r).append(" {\nx: calc 1\ny: calc 2\ny requires x\n}\n");
    }
    b.append("rank 0 {\n");
    for (int i = 0; i < 3000; i++) {
      b.append("c").append(i).append(": calc ").append(i).append('\n');
      if (i > 0) {
        b.append("c").append(i).append(" requires c").append(i - 1).append('\n');
      }
    }
    GoalSchedule g = parse(b.append("}\n").toString());
    CollectiveSchedule s = g.schedule();
    assertThat(s.size()).isEqualTo(49 * 2 + 3000);
    for (int i = 1; i < 3000; i++) {
      int v = g.node(0, "c" + i);
      assertThat(s.durationPs(v)).isEqualTo(i * 1000L);
      assertThat(deps(s, v)).containsExactly(g.node(0, "c" + (i - 1)));
    }
    for (int r = 1; r < 50; r++) {
      assertThat(deps(s, g.node(r, "y"))).containsExactly(g.node(r, "x"));
    }
  }

  @Test
  void matchesByTagThenInPostingOrder() {
    GoalSchedule g = parse("""
        num_ranks 2
        rank 0 {
          t1: send 8b to 1 tag 1
          t2: send 16b to 1 tag 2
          f1: send 100b to 1
          f2: send 200b to 1
        }
        rank 1 {
          a: recv 16b from 0 tag 2
          b: recv 8b from 0 tag 1
          c: recv 300b from 0
          d: recv 300b from 0
        }
        """);
    CollectiveSchedule s = g.schedule();
    assertThat(deps(s, g.node(1, "a"))).containsExactly(g.node(0, "t2"));
    assertThat(deps(s, g.node(1, "b"))).containsExactly(g.node(0, "t1"));
    // same source and tag: the first send to the first recv; the transfer has the send's bytes
    assertThat(deps(s, g.node(1, "c"))).containsExactly(g.node(0, "f1"));
    assertThat(deps(s, g.node(1, "d"))).containsExactly(g.node(0, "f2"));
    assertThat(s.bytes(g.node(0, "f1"))).isEqualTo(100);
    assertThat(s.bytes(g.node(0, "f2"))).isEqualTo(200);
  }

  @Test
  void irequiresWaitsForTheStartOfItsTarget() {
    GoalSchedule g = parse("""
        num_ranks 2
        rank 0 {
          a: calc 5
          b: send 1b to 1
          b requires a
          c: calc 7
          c irequires b
        }
        rank 1 {
          p: calc 2
          r: recv 1b from 0
          r requires p
          d: calc 3
          d irequires r
          e: calc 4
          e irequires d
        }
        """);
    CollectiveSchedule s = g.schedule();
    // c starts when b starts, that is when a has completed
    assertThat(deps(s, g.node(0, "c"))).containsExactly(g.node(0, "a"));
    // r starts when p has completed (its message is not part of its start)
    assertThat(deps(s, g.node(1, "d"))).containsExactly(g.node(1, "p"));
    assertThat(deps(s, g.node(1, "e"))).containsExactly(g.node(1, "p"));
    assertThat(deps(s, g.node(1, "r"))).containsExactlyInAnyOrder(g.node(0, "b"), g.node(1, "p"));
  }

  @Test
  void refusesASendThatNoRecvMatches() {
    assertThatThrownBy(() -> parse("""
        num_ranks 2
        rank 0 {
          a: send 8b to 1
          b: send 8b to 1
        }
        rank 1 {
          r: recv 8b from 0
        }
        """)).isInstanceOf(GoalFormatException.class)
        .hasMessageStartingWith("t.goal:4: rank 0's send b (8b to rank 1, tag 0) has no matching"
            + " recv: it is send number 2 from rank 0 to rank 1 with tag 0, and rank 1 posts 1"
            + " recv of that source and tag");
  }

  @Test
  void refusesARecvThatNoSendMatches() {
    assertThatThrownBy(() -> parse("""
        num_ranks 3
        rank 0 {
          a: send 8b to 1 tag 5
        }
        rank 1 {
          r: recv 8b from 0 tag 6
          q: recv 8b from 0 tag 5
        }
        """)).isInstanceOf(GoalFormatException.class)
        .hasMessageStartingWith("t.goal:6: rank 1's recv r (8b from rank 0, tag 6) has no"
            + " matching send");
  }

  @Test
  void refusesADeadlock() {
    // each rank first waits for the other's message: a cycle through the matching
    assertThatThrownBy(() -> parse("""
        num_ranks 2
        rank 0 {
          a: recv 1b from 1
          b: send 1b to 1
          b requires a
        }
        rank 1 {
          a: recv 1b from 0
          b: send 1b to 0
          b requires a
        }
        """)).isInstanceOf(GoalFormatException.class)
        .hasMessageStartingWith("t.goal:3: rank 0's recv a is on a dependency cycle (a deadlock):"
            + " rank 0's recv a (line 3), which waits for rank 1's send b (line 9), which waits"
            + " for rank 1's recv a (line 8), which waits for rank 0's send b (line 4), which"
            + " waits for it");
  }

  @Test
  void refusesACycleOfRequires() {
    assertThatThrownBy(() -> parse("""
        num_ranks 1
        rank 0 {
          x: calc 1
          y: calc 1
          y requires x
          z: calc 1
          z requires y
          y irequires z
        }
        """)).isInstanceOf(GoalFormatException.class)
        .hasMessageStartingWith("t.goal:4: rank 0's calc y is on a dependency cycle")
        .hasMessageContaining("which waits for rank 0's calc z (line 6)");
  }

  @Test
  void parseErrorsNameFileLineAndTheExpectedForm() {
    String head = "num_ranks 4\nrank 0 {\n";
    assertError("rank 0 {\n", "t.goal:1: expected 'num_ranks N' first, found 'rank'");
    assertError("num_ranks 0\n", "t.goal:1: num_ranks 0 out of range (valid range 1..");
    assertError(head + "a: send 8 to 1\n}\n", "t.goal:3: expected the unit 'b' right after the"
        + " size 8, as in 8b");
    assertError(head + "a: send 8b from 1\n}\n", "t.goal:3: expected 'send 8b to R'");
    assertError(head + "a: send 8b to 1 tag 1 nic 0 cpu 0\n}\n", "t.goal:3: expected 'tag T',"
        + " 'cpu C', 'nic I' (in this order) or the line end, found 'cpu'");
    assertError(head + "a: calc\n}\n", "t.goal:3: expected a duration in nanoseconds after"
        + " 'calc', found the line end");
    assertError(head + "a send 8b to 1\n}\n", "t.goal:3: expected ':', 'requires' or 'irequires'"
        + " after 'a', found 'send'");
    assertError(head + "a: calc 1\n", "t.goal:4: end of the file inside rank 0's block opened at"
        + " line 2: expected '}'");
    assertError(head + "a: calc 1 $\n}\n", "t.goal:3: unexpected '$'");
    assertError(head + "}\nrank 4 {\n}\n", "t.goal:4: rank 4 out of range (valid range 0..3");
    assertError(head + "}\nrank 0 {\n}\n", "t.goal:4: a second block for rank 0");
    assertError(head + "a: recv 8b from -1\n}\n", "t.goal:3: wildcard source -1 is not"
        + " supported");
    assertError(head + "a: recv 8b from 1 tag -1\n}\n", "t.goal:3: wildcard tag -1 is not"
        + " supported");
    assertError(head + "a: send 0b to 1\n}\n", "t.goal:3: send of 0b: sizes are 1b or more");
    assertError(head + "a: send 1b to -1\n}\n", "t.goal:3: send to rank -1 on rank 0: the peer"
        + " is another rank in 0..3");
    assertError("", "t.goal:1: expected 'num_ranks N' first, found the end of the file");
    assertError(head + "a: calc 1 # no\n}\n", "t.goal:3: unexpected '#'");
    assertError(head + "a: send 1b to 0\n}\n", "t.goal:3: send to rank 0 on rank 0: the peer is"
        + " another rank in 0..3");
    assertError(head + "a: calc 1\na requires c\n}\n", "t.goal:4: label c is not defined in rank"
        + " 0");
    assertError(head + "a: calc 1\n\na: calc 2\n}\n", "t.goal:5: label a defined twice in rank 0"
        + " (first at line 3)");
    assertError(head + "/* open\n\n", "t.goal:3: comment /* opened here is never closed by */");
    assertError(head + "a: recv 4b from 1\n}\nrank 1 {\nsend 8b to 0\n}\n", "t.goal:3: rank 0's"
        + " recv a of 4b is smaller than its matching rank 1's unlabelled send of 8b (line 6)");
  }

  static void assertError(String text, String start) {
    assertThatThrownBy(() -> parse(text)).isInstanceOf(GoalFormatException.class)
        .hasMessageStartingWith(start)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aMissingFileIsOneLine(@TempDir Path dir) {
    assertThatThrownBy(() -> GoalReader.read(dir.resolve("none.goal")))
        .isInstanceOf(FabriclabException.class)
        .hasMessageContaining("none.goal")
        .hasMessageContaining("no such file");
  }
}
