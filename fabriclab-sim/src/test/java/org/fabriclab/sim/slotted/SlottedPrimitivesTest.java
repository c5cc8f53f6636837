package org.fabriclab.sim.slotted;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The slotted engine's primitives against plain-collection oracles on random operation sequences. */
class SlottedPrimitivesTest {

  @Test
  void cellQueuesBehaveLikeFifoDeques() {
    SplittableRandom rnd = new SplittableRandom(7);
    int queues = 13;
    CellQueues q = new CellQueues(queues, 1);
    List<ArrayDeque<long[]>> oracle = new ArrayList<>();
    for (int i = 0; i < queues; i++) {
      oracle.add(new ArrayDeque<>());
    }
    int live = 0;
    int peak = 0;
    for (int step = 0; step < 100_000; step++) {
      int k = rnd.nextInt(queues);
      if (rnd.nextInt(3) > 0 || oracle.get(k).isEmpty()) {
        int a = rnd.nextInt();
        int b = rnd.nextInt();
        q.push(k, a, b);
        oracle.get(k).add(new long[] {a, b});
        peak = Math.max(peak, ++live);
      } else {
        long[] want = oracle.get(k).poll();
        assertThat(q.headA(k)).isEqualTo((int) want[0]);
        assertThat(q.headB(k)).isEqualTo((int) want[1]);
        q.pop(k);
        live--;
      }
      assertThat(q.length(k)).isEqualTo(oracle.get(k).size());
    }
    assertThat(q.liveCells()).isEqualTo(live);
    assertThat(q.peakLiveCells()).isEqualTo(peak);
    CellQueues empty = new CellQueues(1, 1);
    assertThatThrownBy(() -> empty.pop(0)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void wheelDeliversEachEventAtItsSlotInSchedulingOrder() {
    SplittableRandom rnd = new SplittableRandom(3);
    SlotEventWheel w = new SlotEventWheel(20, 1);
    List<List<Integer>> expected = new ArrayList<>();
    for (int s = 0; s < 2000; s++) {
      expected.add(new ArrayList<>());
    }
    int id = 0;
    List<Integer> got = new ArrayList<>();
    for (long slot = 0; slot < 1900; slot++) {
      List<Integer> at = new ArrayList<>();
      w.drain(slot, (k, x, y, z) -> {
        assertThat(k).isEqualTo(x % 3);
        assertThat(z).isEqualTo((int) y);
        at.add(x);
      });
      assertThat(at).isEqualTo(expected.get((int) slot));
      got.addAll(at);
      int m = rnd.nextInt(5);
      for (int e = 0; e < m; e++) {
        long when = slot + 1 + rnd.nextInt(w.horizon());
        w.schedule(when, id % 3, id, (int) when, (int) when);
        expected.get((int) when).add(id++);
      }
    }
    assertThatThrownBy(() -> w.schedule(1899, 0, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> w.schedule(1899 + w.horizon() + 1, 0, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void bitSetRowsMatchBooleanArrays() {
    SplittableRandom rnd = new SplittableRandom(5);
    int width = 150;
    NodeBitSet b = new NodeBitSet(3, width);
    boolean[][] o = new boolean[3][width];
    for (int step = 0; step < 20_000; step++) {
      int r = rnd.nextInt(3);
      int i = rnd.nextInt(width);
      if (rnd.nextBoolean()) {
        b.set(r, i);
        o[r][i] = true;
      } else {
        b.clear(r, i);
        o[r][i] = false;
      }
      int from = rnd.nextInt(width + 1);
      int want = -1;
      for (int k = from; k < width && want < 0; k++) {
        want = o[r][k] ? k : -1;
      }
      assertThat(b.nextSet(r, from)).isEqualTo(want);
      assertThat(b.get(r, i)).isEqualTo(o[r][i]);
    }
  }
}
