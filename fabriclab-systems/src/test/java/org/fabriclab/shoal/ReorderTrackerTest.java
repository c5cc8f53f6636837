package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The reordering buffer against a boolean-array brute force on random arrival orders. */
class ReorderTrackerTest {
  @Test
  void maxWaitingMatchesBruteForce() {
    SplittableRandom rnd = new SplittableRandom(11);
    for (int round = 0; round < 50; round++) {
      int flows = 1 + rnd.nextInt(4);
      int[] cells = new int[flows];
      int total = 0;
      for (int f = 0; f < flows; f++) {
        cells[f] = 1 + rnd.nextInt(60);
        total += cells[f];
      }
      // arrival order: each flow's cells shuffled within a random window, flows interleaved
      int[][] order = new int[total][];
      int k = 0;
      for (int f = 0; f < flows; f++) {
        for (int s = 0; s < cells[f]; s++) {
          order[k++] = new int[] {f, s};
        }
      }
      for (int i = total - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        int[] x = order[i];
        order[i] = order[j];
        order[j] = x;
      }
      ReorderTracker t = new ReorderTracker(flows);
      boolean[][] got = new boolean[flows][];
      int[] next = new int[flows];
      for (int f = 0; f < flows; f++) {
        got[f] = new boolean[cells[f]];
      }
      int want = 0;
      for (int[] c : order) {
        t.arrived(c[0], c[1]);
        got[c[0]][c[1]] = true;
        while (next[c[0]] < cells[c[0]] && got[c[0]][next[c[0]]]) {
          next[c[0]]++;
        }
        int waiting = 0;
        for (int s = next[c[0]]; s < cells[c[0]]; s++) {
          waiting += got[c[0]][s] ? 1 : 0;
        }
        want = Math.max(want, waiting);
      }
      assertThat(t.maxWaitingCells()).isEqualTo(want);
    }
  }
}
