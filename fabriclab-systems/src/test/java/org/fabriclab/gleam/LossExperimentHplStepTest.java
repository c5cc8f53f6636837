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
   * Loss 10⁻² on arrival at the aggregation switches (seed 002 §5.3: "discarding packets in the
   * middle switches"), M = 1 MiB = 1,024 packets. Every (transfer, PSN) that some member missed must
   * be sent again, so the retransmissions are at least the number of such misses, a sum of
   * binomials computed here from the paths: a packet that crosses {@code a} aggregation switches on
   * the way to its members is missed with probability at least {@code 1 − 0.99^a}. Row r is pod r
   * (2 edges of 2 servers), column c one server in each pod. Gleam: a row's multicast crosses one
   * aggregation switch (to the far edge), a column's at least four (the root's pod and the three
   * member pods). Ring-long: the ring's one cross-edge hop per row (1 arrival); the row swap's
   * spread (3 × 256 packets) and roll (3 × 1,024 packets) per column, each transfer between two
   * pods (2 arrivals). Asserted: retransmissions ≥ mean − 5σ of that sum; the lossless Gleam step
   * within its closed form; loss only delays; a seed gives the same run twice.
   */
  @Test
  void underLossEveryTransferFinishesWithRetransmissions() {
    LossExperiment x = new LossExperiment(4, GBPS, Time.us(1));
    long m = 1 << 20;
    long packets = m / 1024;
    double p = 1e-2;
    for (String method : new String[] {"gleam", "ring-long"}) {
      HplWorkload w = new HplWorkload(4, method, m);
      HplResult clean = HplPacketRun.run(x.topology(), w, 0, 5, x.middleSwitches());
      HplResult lossy = HplPacketRun.run(x.topology(), w, p, 5, x.middleSwitches());
      HplResult again = HplPacketRun.run(x.topology(), w, p, 5, x.middleSwitches());
      double[] bound = method.equals("gleam")
          ? missedAtLeast(p, new long[] {4 * packets, 1}, new long[] {4 * packets, 4})
          : missedAtLeast(p, new long[] {4 * packets, 1}, new long[] {4 * (3 * packets / 4 + 3 * packets), 2});
      assertThat((double) lossy.retransmittedPackets()).as(method + ", mean " + bound[1])
          .isGreaterThanOrEqualTo(bound[0]);
      if (method.equals("gleam")) {
        double phasePs = packets * 1088 * 8 / (GBPS * 1e9) * 1e12;
        assertThat((double) clean.jctPs()).isBetween(2 * phasePs, 2 * phasePs + 2 * (Time.us(6) + 5 * 88_000));
      }
      assertThat(clean.retransmittedPackets()).isZero();
      assertThat(lossy.jctPs()).as(method).isGreaterThan(clean.jctPs());
      assertThat(again.jctPs()).isEqualTo(lossy.jctPs());
      assertThat(again.retransmittedPackets()).isEqualTo(lossy.retransmittedPackets());
    }
  }

  /**
   * {mean − 5σ, mean} of the misses of independent packets: each class {n, a} is n packets each
   * crossing a lossy switches, missed with probability 1 − (1 − p)^a.
   */
  static double[] missedAtLeast(double p, long[]... classes) {
    double mean = 0;
    double var = 0;
    for (long[] c : classes) {
      double q = 1 - Math.pow(1 - p, c[1]);
      mean += c[0] * q;
      var += c[0] * q * (1 - q);
    }
    return new double[] {mean - 5 * Math.sqrt(var), mean};
  }
}
