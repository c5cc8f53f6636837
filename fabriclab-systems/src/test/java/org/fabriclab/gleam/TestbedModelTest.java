package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The analytic testbed comparison (Fig. 9, 11, 12) against bandwidth-bound closed forms. */
class TestbedModelTest {
  @Test
  void largeBroadcastsTendToTheCopyCountRatio() {
    TestbedModel m = TestbedModel.paperTestbed();
    TestbedModel.BcastPoint g = m.bcast(4, 1L << 30);
    assertThat(g.openMpiAlgorithm()).isEqualTo("chain");
    // the root sends 3 copies against Gleam's 1: ratio -> 3 when bandwidth dominates
    assertThat(g.ratio()).isCloseTo(3.0, within(0.01));
    // Gleam at 1 GiB: wire bytes at 100 Gb/s (+ microseconds)
    double wireUs = ((1L << 30) + (1L << 30) / 1024 * 62) * 8 / 100e3;
    assertThat(g.gleamUs()).isCloseTo(wireUs, within(5.0));
    // 64 KiB: Open MPI picks linear (3 copies share the root's uplink), by hand:
    // (A + 3 SER + LAT) / (A + SER + LAT), A = 3 us host cost, LAT = one 1086 B packet + 600 ns + 2 x 10 ns
    TestbedModel.BcastPoint s = m.bcast(4, 64 * 1024);
    assertThat(s.openMpiAlgorithm()).isEqualTo("linear");
    double ser = (64 * 1024 + 64 * 62) * 8 / 100e3; // us
    double lat = 1086 * 8 / 100e3 + 0.6 + 0.02;
    assertThat(s.gleamUs()).isCloseTo(3 + ser + lat, within(1e-5));
    assertThat(s.openMpiUs()).isCloseTo(3 + 3 * ser + lat, within(1e-5));
  }

  @Test
  void hplReductionsAtLargeMessagesFollowTheByteCounts() {
    TestbedModel m = new TestbedModel(100, 0);
    TestbedModel.HplPoint[] h = m.hpl(4, 256L << 20, 256L << 20);
    // PB: ring 3 sequential copies vs 1 multicast: 1 - 1/3
    assertThat(h[0].reduction()).isCloseTo(2.0 / 3, within(0.01));
    // RS uniform: 3 roll steps of M/4 vs 4 multicasts of M/4 sharing downlinks (3M/4 each): ~0
    assertThat(h[1].reduction()).isCloseTo(0.0, within(0.01));
    // RS centralised: spread 3M/4 + roll 3M/4 vs one multicast of M: 1 - 1/1.5
    assertThat(h[2].reduction()).isCloseTo(1.0 / 3, within(0.01));
  }

  @Test
  void iopsAreLinkRateOverWireBytes() {
    double[] iops = TestbedModel.paperTestbed().iops(3, 8192);
    double wire = 8192 + 8 * 62;
    assertThat(iops[1]).isCloseTo(100e9 / 8 / wire, within(1.0));
    assertThat(iops[0]).isCloseTo(100e9 / 8 / wire / 3, within(1.0));
    assertThat(iops[2]).isCloseTo(100e9 / 8 / (wire + 126), within(1.0));
  }
}
