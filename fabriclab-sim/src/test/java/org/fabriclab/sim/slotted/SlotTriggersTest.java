package org.fabriclab.sim.slotted;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Flows triggered by the ends of others and fixed-delay steps, against hand values and a naive oracle. */
class SlotTriggersTest {
  private static final long SLOT = 10;

  @Test
  void aChainWithAStepStartsEachFlowInTheFirstSlotAfterItsTrigger() {
    // 0: flow 0 (no deps); 1: step of 25 ps after 0; 2: flow 1 after 1; 3: step 0 after 0 and 2
    SlotTriggers t = new SlotTriggers(new int[] {0, -1, 1, -1}, new long[] {0, 25, 0, 0},
        new int[] {0, 0, 1, 2, 4}, new int[] {0, 1, 0, 2}, SLOT);
    assertThat(t.nextSlot()).isEqualTo(0);
    assertThat(t.poll()).isEqualTo(0);
    assertThat(t.nextSlot()).isEqualTo(Long.MAX_VALUE);
    t.flowEnded(0, 37); // the step ends at 62: flow 1 is ready at 62, starts in slot 7 (70 ps)
    assertThat(t.endPs()[1]).isEqualTo(62);
    assertThat(t.readyPs(1)).isEqualTo(62);
    assertThat(t.nextSlot()).isEqualTo(7);
    assertThat(t.poll()).isEqualTo(1);
    assertThat(t.done()).isFalse();
    t.flowEnded(1, 140); // the join ends with its last dependency
    assertThat(t.endPs()).containsExactly(37, 62, 140, 140);
    assertThat(t.done()).isTrue();
  }

  @Test
  void flowsLeaveInStartSlotOrderThenInReadyOrder() {
    // three independent steps of 30, 5 and 12 ps, each triggering a flow
    SlotTriggers t = new SlotTriggers(new int[] {-1, -1, -1, 0, 1, 2}, new long[] {30, 5, 12, 0, 0, 0},
        new int[] {0, 0, 0, 0, 1, 2, 3}, new int[] {0, 1, 2}, SLOT);
    // starts: flow 0 at slot 3, flow 1 at slot 1, flow 2 at slot 2
    assertThat(t.nextSlot()).isEqualTo(1);
    assertThat(t.poll()).isEqualTo(1);
    assertThat(t.poll()).isEqualTo(2);
    assertThat(t.nextSlot()).isEqualTo(3);
    assertThat(t.poll()).isEqualTo(0);
  }

  @Test
  void randomDagsMatchANaiveFixpoint() {
    SplittableRandom rnd = new SplittableRandom(11);
    for (int round = 0; round < 200; round++) {
      int n = 1 + rnd.nextInt(40);
      int[] flowOf = new int[n];
      long[] step = new long[n];
      int flows = 0;
      int[] off = new int[n + 1];
      int[] deps = new int[n * 3];
      int m = 0;
      for (int v = 0; v < n; v++) {
        boolean isFlow = rnd.nextBoolean();
        flowOf[v] = isFlow ? flows++ : -1;
        step[v] = isFlow ? 0 : rnd.nextInt(50);
        int k = v == 0 ? 0 : rnd.nextInt(Math.min(v, 3) + 1);
        java.util.BitSet seen = new java.util.BitSet();
        for (int i = 0; i < k; i++) {
          int d = rnd.nextInt(v);
          if (!seen.get(d)) {
            seen.set(d);
            deps[m++] = d;
          }
        }
        off[v + 1] = m;
      }
      long[] dur = new long[flows];
      for (int f = 0; f < flows; f++) {
        dur[f] = 1 + rnd.nextInt(40); // a flow takes this many ps after its start slot begins
      }
      // engine: start each flow when due, end it after its duration, in time order
      SlotTriggers t = new SlotTriggers(flowOf, step, off, java.util.Arrays.copyOf(deps, m), SLOT);
      java.util.PriorityQueue<long[]> running = new java.util.PriorityQueue<>(
          (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
      while (t.nextSlot() != Long.MAX_VALUE || !running.isEmpty()) {
        long next = t.nextSlot() == Long.MAX_VALUE ? Long.MAX_VALUE : t.nextSlot() * SLOT;
        if (!running.isEmpty() && running.peek()[0] < next) {
          long[] r = running.poll();
          t.flowEnded((int) r[1], r[0]);
        } else {
          long s = t.nextSlot();
          int f = t.poll();
          running.add(new long[] {s * SLOT + dur[f], f});
        }
      }
      // oracle: nodes in index order (dependencies are earlier)
      long[] end = new long[n];
      for (int v = 0; v < n; v++) {
        long ready = 0;
        for (int i = off[v]; i < off[v + 1]; i++) {
          ready = Math.max(ready, end[deps[i]]);
        }
        end[v] = flowOf[v] < 0 ? ready + step[v] : (ready + SLOT - 1) / SLOT * SLOT + dur[flowOf[v]];
      }
      assertThat(t.endPs()).containsExactly(end);
      assertThat(t.done()).isTrue();
    }
  }

  @Test
  void refusesLaterDependenciesAndDoubleEnds() {
    assertThatThrownBy(() -> new SlotTriggers(new int[] {0, 1}, new long[2], new int[] {0, 1, 1}, new int[] {1}, SLOT))
        .isInstanceOf(IllegalArgumentException.class);
    SlotTriggers t = new SlotTriggers(new int[] {0}, new long[1], new int[] {0, 0}, new int[0], SLOT);
    t.flowEnded(t.poll(), 5);
    assertThatThrownBy(() -> t.flowEnded(0, 6)).isInstanceOf(IllegalStateException.class);
  }
}
