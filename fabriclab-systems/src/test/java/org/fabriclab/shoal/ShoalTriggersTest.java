package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.sim.slotted.SlotTriggers;
import org.junit.jupiter.api.Test;

/**
 * Triggered flows and steps on the Shoal rack (seed 003 §3.2–3.4) against hand-derived slot counts.
 *
 * <p>The 8-node rack of §3.2 (Fig. 2: 4-port switches) with §7.1's 4 channels: E = ⌈7/4⌉ = 2 slots
 * per epoch; node 0 sends to 1, 3, 5, 7 in epoch slot 0 (shifts 1, 3, 5, 7 on channels 0..3) and to
 * 2, 4, 6 in slot 1. Node j answers node i (shift 8 − s, the same epoch slot as i → j) one epoch
 * after the cell left, so the feedback of Eq. 1 is back 3 slots after the send and each of the 7
 * subflows of a lone flow carries one cell per 2 epochs (4 slots): cells 7e..7e+3 leave in slot 4e,
 * 7e+4..7e+6 in slot 4e+1 (channel order). A cell sent in slot u reaches its next node for slot
 * u + 1, which forwards it in its first slot to the destination from then on.
 */
class ShoalTriggersTest {
  static final ShoalConfig RACK8 = new ShoalConfig(8, 4, 4, 100, 23.25, 2.75, 64, 0, false, true, true, true);
  static final long SLOT = 23_250;

  /**
   * End slot of a lone flow 0 → 1 of {@code m} cells started in an even slot {@code a}: with M − 1 =
   * 7q + r, the direct cell of slot 4q (r = 0) is there at 4q + 1, the cells via 3, 5, 7 (sent in
   * slot 4q, forwarded in epoch slot 1) at 4q + 2, the cells via 2, 4, 6 (slot 4q + 1, forwarded in
   * epoch slot 0) at 4q + 3.
   */
  static long loneTo1(long a, int m) {
    int q = (m - 1) / 7;
    int r = (m - 1) % 7;
    return a + 4L * q + (r == 0 ? 1 : r <= 3 ? 2 : 3);
  }

  private static int cells(long bytes) {
    return (int) ((bytes + 55) / 56);
  }

  @Test
  void aChainOfTwoTransfersAndAStepAddsUp() {
    long s = 100_000; // 1786 cells: 1785 = 7·255 + 0
    ShoalFlows fl = ShoalFlows.triggered(new int[] {0, 1}, new int[] {1, 2}, new long[] {s, s});
    long step = 6 * SLOT + 1; // the second flow becomes ready 6 slots and 1 ps after the first ends
    SlotTriggers t = new SlotTriggers(new int[] {0, -1, 1}, new long[] {0, step, 0}, new int[] {0, 0, 1, 2},
        new int[] {0, 1}, SLOT);
    ShoalSimulator sim = new ShoalSimulator(RACK8, fl, t);
    sim.run(Integer.MAX_VALUE, Long.MAX_VALUE);
    long end1 = loneTo1(0, cells(s));
    assertThat(end1).isEqualTo(1021);
    assertThat(fl.endPs(0)).isEqualTo(end1 * SLOT);
    // ready at 1027·SLOT + 1 ps: starts in slot 1028 (even); 1 → 2 is the rotation of 0 → 1
    assertThat(t.endPs()[1]).isEqualTo((end1 + 6) * SLOT + 1);
    assertThat(fl.startPs(1)).isEqualTo((end1 + 6) * SLOT + 1);
    assertThat(fl.endPs(1)).isEqualTo(loneTo1(1028, cells(s)) * SLOT);
    assertThat(t.endPs()[2]).isEqualTo(2049 * SLOT);
    assertThat(t.done()).isTrue();
  }
}
