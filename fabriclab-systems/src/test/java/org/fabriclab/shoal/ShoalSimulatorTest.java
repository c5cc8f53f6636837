package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Seed 003 §6.2 (Fig. 10) and the invariants of §3.3. */
class ShoalSimulatorTest {

  /**
   * Fig. 10 worked by hand on the schedule: 7 senders × seven cells (7 × 56 payload bytes), N = 8,
   * E = 7 slots, a cell usable 21 slots after its send slot (76.8 ns + 1.493 µs). In epoch 0 every
   * sender puts one cell on each of its 7 subflows; intermediate j's own cell to node 0 leaves in
   * epoch 0; the 6 forwarded cells reach j in slots 21..27 and leave in j's slots to 0, one per
   * epoch. Node 7 (slot to 0 at offset 0) sends them in slots 21 + 7m, m = 0..5: last 56; node 1
   * (offset 6) in slots 27..62. FCT = last send slot × 76.8 ns + 76.8 ns + 1493.2 ns.
   */
  @Test
  void prototypeIncastFig10() {
    ShoalConfig cfg = ShoalConfig.prototype();
    ShoalFlows fl = ShoalWorkloads.incast(8, 7, 0, 7 * 56, null);
    ShoalSimulator sim = new ShoalSimulator(cfg, fl, (boolean[]) null, null);
    sim.run(Integer.MAX_VALUE, 1_000_000);
    long max = 0;
    long min = Long.MAX_VALUE;
    for (int f = 0; f < fl.size(); f++) {
      assertThat(fl.cells(f)).isEqualTo(7);
      max = Math.max(max, fl.fctPs(f));
      min = Math.min(min, fl.fctPs(f));
    }
    assertThat(max).isEqualTo(62 * 76_800L + 76_800 + 1_493_200);
    assertThat(min).isEqualTo(56 * 76_800L + 76_800 + 1_493_200);
    // Eq. 5: the queue to the destination at each intermediate node holds at most 1 + 7 cells
    assertThat(sim.maxQueueCells()).isLessThanOrEqualTo(8);
  }

  /**
   * §6.2: the feedback loop costs throughput only when the cell latency exceeds an epoch, so a lone
   * flow, whose N−1 subflows share no virtual link, gets one cell per virtual link per epoch (§3.2)
   * — except through an intermediate j whose slot to the source i is the very slot in which i
   * sends to j (shift N/2 of the cyclic schedule, or two channels in one slot): j can answer only
   * an epoch later, and that subflow gets a cell every second epoch. Oracle from the schedule table
   * alone: (full subflows + half ones / 2) cells per epoch. Appendix A's schedule (shift N/2 split)
   * with one channel leaves none half: N − 1.
   */
  @Test
  void loneFlowUsesEveryVirtualLinkOncePerEpoch() {
    int n = 32;
    int src = 3;
    for (boolean aware : new boolean[] {false, true}) {
      for (int channels : new int[] {1, 3}) {
        ShoalConfig cfg = new ShoalConfig(n, 8, channels, 100, 23.25, 2.75, 64, 0, aware, true, true, true);
        int[][] table = cfg.schedule().table();
        int e = cfg.schedule().epochSlots();
        int[] slotTo = new int[n];
        int[] slotFrom = new int[n];
        for (int col = 0; col < table.length; col++) {
          for (int i = 0; i < n; i++) {
            if (i == src && table[col][i] >= 0) {
              slotTo[table[col][i]] = col % e;
            }
            if (table[col][i] == src) {
              slotFrom[i] = col % e;
            }
          }
        }
        int twice = 0;
        for (int j = 0; j < n; j++) {
          twice += j == src ? 0 : slotTo[j] == slotFrom[j] ? 1 : 2;
        }
        ShoalFlows fl = new ShoalFlows(new int[] {src}, new int[] {17}, new long[] {1L << 40}, new long[1]);
        ShoalSimulator sim = new ShoalSimulator(cfg, fl, (boolean[]) null, null);
        sim.runUntil(50L * e);
        int before = fl.deliveredCells(0);
        sim.runUntil(250L * e);
        if (aware && channels == 1) {
          assertThat(twice).isEqualTo(2 * (n - 1));
        }
        assertThat(fl.deliveredCells(0) - before).as("aware " + aware + ", channels " + channels)
            .isEqualTo(100 * twice);
      }
    }
  }
}
