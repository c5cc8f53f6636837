package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * The HPL step (PB + RS) under loss at the middle switches (seed 002 §5.3, Fig. 15/16, second
 * reading, {@link LossExperimentHplStep}) through {@link HplPacketRun} with lossy nodes: a k = 4
 * fat-tree at 100 Gb/s, a 4×4 grid on its 16 servers.
 */
class LossExperimentHplStepTest {
  static final double GBPS = 100;

  /**
   * Lossless, Gleam's step is two multicasts one after the other, each draining M plus 64 B per
   * 1024 B packet at the line rate: JCT = 2 · packets · 1088 · 8 / 100 Gb/s plus the trees'
   * latencies (at most 6 links of 1 µs and 5 packet times per phase here).
   */
  @Test
  void losslessGleamStepIsTwoMulticastsAtLineRate() {
    LossExperiment x = new LossExperiment(4, GBPS, Time.us(1));
    long m = 4L << 20;
    HplResult r = HplPacketRun.run(x.topology(), new HplWorkload(4, "gleam", m), 0, 1, x.middleSwitches());
    double phasePs = (m / 1024) * 1088 * 8 / (GBPS * 1e9) * 1e12;
    assertThat((double) r.jctPs()).isBetween(2 * phasePs, 2 * phasePs + 2 * (Time.us(6) + 5 * 88_000));
    assertThat(r.retransmittedPackets()).isZero();
  }

  /** Lossy nodes replace the uniform loss: none of them and any rate is the lossless run, bit for bit. */
  @Test
  void lossOnlyWhereTheLossyNodesAre() {
    LossExperiment x = new LossExperiment(4, GBPS, Time.us(1));
    HplWorkload w = new HplWorkload(4, "ring-long", 256 << 10);
    HplResult lossless = HplPacketRun.run(x.topology(), w, 0, 3);
    HplResult none = HplPacketRun.run(x.topology(), w, 0.5, 3, new int[0]);
    assertThat(none.jctPs()).isEqualTo(lossless.jctPs());
    assertThat(none.events()).isEqualTo(lossless.events());
    assertThat(none.retransmittedPackets()).isZero();
  }

  /**
   * Loss 10⁻² on arrival at the aggregation switches: both methods still finish every transfer
   * (the run throws otherwise), the sources retransmit, the JCT grows, and a seed gives the same
   * run twice.
   */
  @Test
  void underLossEveryTransferFinishesWithRetransmissions() {
    LossExperiment x = new LossExperiment(4, GBPS, Time.us(1));
    for (String method : new String[] {"gleam", "ring-long"}) {
      HplWorkload w = new HplWorkload(4, method, 1 << 20);
      HplResult clean = HplPacketRun.run(x.topology(), w, 0, 5, x.middleSwitches());
      HplResult lossy = HplPacketRun.run(x.topology(), w, 1e-2, 5, x.middleSwitches());
      HplResult again = HplPacketRun.run(x.topology(), w, 1e-2, 5, x.middleSwitches());
      assertThat(lossy.retransmittedPackets()).as(method).isGreaterThan(0);
      assertThat(lossy.jctPs()).as(method).isGreaterThan(clean.jctPs());
      assertThat(again.jctPs()).isEqualTo(lossy.jctPs());
      assertThat(again.retransmittedPackets()).isEqualTo(lossy.retransmittedPackets());
    }
  }
}
