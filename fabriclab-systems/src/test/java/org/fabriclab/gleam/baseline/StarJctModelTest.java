package org.fabriclab.gleam.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/** The analytic testbed model against hand-computed completion times. */
class StarJctModelTest {
  static final StarJctModel MODEL = new StarJctModel(100_000_000_000L, Time.ns(100), Time.ns(300), Time.us(2), 1024);
  static final long M = 1L << 20;
  static final long SER = Time.serialization(M + 1024 * 62, 100_000_000_000L);
  static final long LAT = Time.serialization(1024 + 62, 100_000_000_000L) + Time.ns(300) + 2 * Time.ns(100);
  static final long A = Time.us(2);

  @Test
  void gleamLinearRingAndBinomialByHand() {
    assertThat(MODEL.wireBytes(M)).isEqualTo(M + 1024 * 62);
    assertThat(MODEL.latencyPs()).isEqualTo(LAT);
    assertThat(MODEL.jctPs(MpiBcast.gleam(4, 0, M))).isEqualTo(A + SER + LAT);
    assertThat(MODEL.jctPs(MpiBcast.linear(4, 0, M))).isEqualTo(A + 3 * SER + LAT);
    assertThat(MODEL.jctPs(HplSchedules.increasingRing(4, 0, M))).isEqualTo(3 * (A + SER + LAT));
    // binomial, 4 ranks: 0->2 and 0->1 share the root's uplink (2 SER), then 2->3
    assertThat(MODEL.jctPs(MpiBcast.binomial(4, 0, M))).isEqualTo(2 * A + 3 * SER + 2 * LAT);
    // one connection serves its transfers in order: two back-to-back messages 0->1
    CollectiveSchedule b = new CollectiveSchedule(2).named("two");
    b.transfer(0, 1, M);
    b.transfer(0, 1, M);
    long[] c = MODEL.completions(b);
    assertThat(c).containsExactly(A + SER + LAT, A + 2 * SER + LAT);
  }

  @Test
  void largeMessagesApproachTheBandwidthRatio() {
    long g = 1L << 30;
    double lin = MODEL.jctPs(MpiBcast.linear(4, 0, g));
    double gl = MODEL.jctPs(MpiBcast.gleam(4, 0, g));
    assertThat(lin / gl).isBetween(2.99, 3.0);
    // pipeline of 128 KiB segments over 4 ranks: ~ (S + 2) segment times against S for Gleam
    double pipe = MODEL.jctPs(MpiBcast.chain(4, 0, g, 1, 128 * 1024));
    assertThat(pipe / gl).isBetween(1.0, 1.05);
  }
}
