package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fabriclab.error.InvalidParameterException;
import org.junit.jupiter.api.Test;

/** Seed 003 §3.2 (Fig. 2–4), §3.4 and Appendix A. */
class FabricScheduleTest {

  @Test
  void eightNodeScheduleIsTheCyclicScheduleOfFig3() {
    int[][] f = new FabricSchedule(8, 1, false).table();
    assertThat(f).hasDimensions(7, 8);
    for (int t = 0; t < 7; t++) {
      for (int i = 0; i < 8; i++) {
        assertThat(f[t][i]).isEqualTo((i + t + 1) % 8);
      }
    }
  }

  @Test
  void everyOrderedPairOncePerEpochAllVariants() {
    for (int n : new int[] {8, 9, 18, 32, 33}) {
      for (int c : new int[] {1, 2, 4}) {
        for (boolean pa : new boolean[] {false, true}) {
          FabricSchedule s = new FabricSchedule(n, c, pa);
          int[][] count = new int[n][n];
          int idle = 0;
          for (int t = 0; t < s.epochSlots(); t++) {
            boolean[] busySend = new boolean[n * c];
            for (int ch = 0; ch < c; ch++) {
              boolean[] recv = new boolean[n];
              for (int i = 0; i < n; i++) {
                int j = s.peer(t, ch, i);
                if (j < 0) {
                  idle++;
                  continue;
                }
                assertThat(j).isNotEqualTo(i);
                assertThat(recv[j]).as("receiver %d twice in a slot", j).isFalse();
                recv[j] = true;
                count[i][j]++;
                assertThat(s.columnOf(i, j)).isEqualTo(ch * s.epochSlots() + t);
                assertThat(s.nextSlot(i, j, 5L * s.epochSlots() + 1) % s.epochSlots()).isEqualTo(t);
              }
            }
          }
          for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
              assertThat(count[i][j]).isEqualTo(i == j ? 0 : 1);
            }
          }
          int columns = pa && n % 2 == 0 ? n : n - 1;
          assertThat(s.epochSlots()).isEqualTo((columns + c - 1) / c);
          // idle sender-slots: the unused tail of the last channel, plus one per node for even PA
          assertThat(idle).isEqualTo((s.epochSlots() * c - columns) * n + (pa && n % 2 == 0 ? n : 0));
        }
      }
    }
  }

  @Test
  void epochSizesOfThePaper() {
    // §6.1: 8 nodes, one channel, 76.8 ns slots -> 0.53 us; §7.1: 512 nodes, 4 channels, 23.25 ns -> ~2.9 us
    assertThat(new FabricSchedule(8, 1, false).epochSlots() * 76.8).isCloseTo(537.6, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(new FabricSchedule(512, 4, false).epochSlots()).isEqualTo(128);
    assertThat(new FabricSchedule(512, 2, false).epochSlots()).isEqualTo(256);
    assertThat(new FabricSchedule(1024, 4, false).epochSlots()).isEqualTo(256);
  }

  @Test
  void appendixAGapBetweenBothDirections() {
    for (int n : new int[] {7, 9, 33}) {
      FabricSchedule s = new FabricSchedule(n, 1, true);
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          if (i != j) {
            int d = Math.floorMod(s.columnOf(j, i) - s.columnOf(i, j), n - 1);
            assertThat(Math.min(d, n - 1 - d)).isEqualTo((n - 1) / 2);
          }
        }
      }
    }
    for (int n : new int[] {8, 32}) {
      FabricSchedule s = new FabricSchedule(n, 1, true);
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          if (i != j) {
            int d = Math.floorMod(s.columnOf(j, i) - s.columnOf(i, j), n);
            assertThat(Math.min(d, n - d)).isEqualTo(n / 2);
          }
        }
      }
    }
  }

  @Test
  void switchSchedulesAreContentionFreeAndComposeToTheFabric() {
    for (int k : new int[] {4, 6, 8, 16}) {
      int n = k * k / 2;
      for (int c : new int[] {1, 3}) {
        for (boolean pa : new boolean[] {false, true}) {
          ClosFabric clos = new ClosFabric(n, k);
          FabricSchedule s = new FabricSchedule(n, c, pa);
          SwitchSchedules d = new SwitchSchedules(clos, s);
          for (int ch = 0; ch < c; ch++) {
            int[][][] sw = d.table(ch);
            for (int[][] w : sw) {
              for (int[] slot : w) {
                boolean[] out = new boolean[k];
                for (int in = 0; in < k; in++) {
                  if (slot[in] >= 0) {
                    assertThat(out[slot[in]]).as("output port used twice").isFalse();
                    out[slot[in]] = true;
                  }
                }
              }
            }
            for (int t = 0; t < s.epochSlots(); t++) {
              for (int i = 0; i < n; i++) {
                int up = sw[i / (k / 2)][t][i % (k / 2)];
                int j = -1;
                if (up >= 0) {
                  int spine = up - k / 2;
                  int leaf = sw[k + spine][t][i / (k / 2)];
                  j = leaf * (k / 2) + sw[leaf][t][k / 2 + spine];
                }
                assertThat(j).isEqualTo(s.peer(t, ch, i));
              }
            }
          }
        }
      }
    }
  }

  @Test
  void fig4NodePortRowsOfSwitch1() {
    int[][][] sw = new SwitchSchedules(new ClosFabric(8, 4), new FabricSchedule(8, 1, false)).table(0);
    // ports a,b,c,d = 0..3; Fig. 4: a: d c d c d c d, b: c d c d c d c
    int[] a = {3, 2, 3, 2, 3, 2, 3};
    int[] b = {2, 3, 2, 3, 2, 3, 2};
    for (int t = 0; t < 7; t++) {
      assertThat(sw[0][t][0]).isEqualTo(a[t]);
      assertThat(sw[0][t][1]).isEqualTo(b[t]);
    }
    assertThat(new ClosFabric(8, 4).switchesPerPlane()).isEqualTo(6);
    assertThat(new ClosFabric(512, 32).switchesPerPlane()).isEqualTo(48);
  }

  @Test
  void badSizesAreRejected() {
    assertThatThrownBy(() -> new ClosFabric(10, 4)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--nodes").hasMessageContaining("8");
    assertThatThrownBy(() -> new ClosFabric(8, 5)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--switch-ports");
    assertThatThrownBy(() -> new FabricSchedule(8, 8, false)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--channels");
    assertThat(ClosFabric.portsFor(512)).isEqualTo(32);
    assertThat(ClosFabric.portsFor(500)).isEqualTo(-1);
  }
}
