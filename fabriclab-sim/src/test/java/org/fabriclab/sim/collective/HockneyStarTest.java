package org.fabriclab.sim.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.sim.collective.host.BinomialTree;
import org.fabriclab.sim.collective.host.PipelinedChain;
import org.fabriclab.sim.collective.host.Ring;
import org.fabriclab.sim.collective.host.UnicastFanout;
import org.junit.jupiter.api.Test;

/**
 * The host schemes on a non-blocking star against the α–β (Hockney) model of {@link Star}: ring
 * and pipelined chain within 2 % at large messages, binomial at small ones, on both engines.
 */
class HockneyStarTest {
  private final Star star = new Star(8);

  @Test
  void ringAllreduceTakesTwoNMinusOneStepsOfABlock() {
    int n = 8;
    long size = 8L << 20;
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.ALLREDUCE, n, size);
    CollectiveSchedule s = new Ring().build(spec);
    double model = 2 * (n - 1) * Star.message(size / n);
    assertThat(star.flow(s, 0).jctPs() / model).isCloseTo(1.0, within(0.02));
    assertThat(star.packet(s, 0).jctPs() / model).isCloseTo(1.0, within(0.02));
  }

  @Test
  void pipelinedChainTakesSegmentsPlusHopsMinusOneStages() {
    int n = 8;
    long size = 4L << 20;
    long seg = 256 << 10;
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.BROADCAST, n, size).withSegmentBytes(seg);
    CollectiveSchedule s = new PipelinedChain().build(spec);
    long k = size / seg;
    double model = (k + n - 2) * Star.message(seg);
    assertThat(star.flow(s, 0).jctPs() / model).isCloseTo(1.0, within(0.02));
    assertThat(star.packet(s, 0).jctPs() / model).isCloseTo(1.0, within(0.02));
    // one segment: store-and-forward, (n - 1) whole messages
    CollectiveSchedule whole = new PipelinedChain().build(spec.withSegmentBytes(0));
    double sf = (n - 1) * Star.message(size);
    assertThat(star.flow(whole, 0).jctPs() / sf).isCloseTo(1.0, within(0.02));
  }

  @Test
  void binomialBroadcastOfASmallMessageTakesLogNLatencies() {
    int n = 8;
    long size = 64;
    CollectiveSchedule s = new BinomialTree().build(CollectiveSpec.of(CollectiveOp.BROADCAST, n, size));
    // the root's three sends share its link, but a 128 B message is latency-bound: within
    // 3 rounds of the model plus the root's two extra copies on its link
    double low = 3 * Star.message(size);
    double high = low + 2 * Star.wire(size) * 8e12 / Star.GBPS;
    assertThat((double) star.flow(s, 0).jctPs()).isBetween(low * 0.98, high * 1.02);
    assertThat((double) star.packet(s, 0).jctPs()).isBetween(low * 0.98, high * 1.02);
  }

  @Test
  void unicastFanoutPutsNMinusOneCopiesOnTheRootsLink() {
    int n = 8;
    long size = 1 << 20;
    CollectiveSchedule s = new UnicastFanout().build(CollectiveSpec.of(CollectiveOp.BROADCAST, n, size));
    for (CollectiveResult r : new CollectiveResult[] {star.flow(s, 0), star.packet(s, 0)}) {
      assertThat(r.rootUplinkBytes()).isEqualTo((n - 1) * Star.wire(size));
      assertThat(r.wireBytes()).isEqualTo(2L * (n - 1) * size); // two links per copy
    }
    // the root's link is the bottleneck: (n - 1) messages back to back, plus one latency
    double model = (n - 1) * Star.wire(size) * 8e12 / Star.GBPS + (Star.message(size) - Star.wire(size) * 8e12 / Star.GBPS);
    assertThat(star.flow(s, 0).jctPs() / model).isCloseTo(1.0, within(0.02));
  }

  @Test
  void ringAllreduceSendsTwoNMinusOneOverNOfTheBufferPerRank() {
    int n = 8;
    long size = 8L << 20;
    CollectiveSchedule s = new Ring().build(CollectiveSpec.of(CollectiveOp.ALLREDUCE, n, size));
    long perRank = 2L * (n - 1) * (size / n);
    assertThat(s.bytesSentPerRank()).containsOnly(perRank);
    // at packet level the root's link also carries its RoCEv2 ACKs for the 2(n - 1) blocks it
    // receives: one 64 B ACK per 4 packets of 1024 B (and on the last)
    long packets = (size / n + 1023) / 1024;
    long acks = 2L * (n - 1) * ((packets + 3) / 4) * 64;
    assertThat(star.packet(s, 0).rootUplinkBytes()).isEqualTo(2L * (n - 1) * Star.wire(size / n) + acks);
  }

  @Test
  void inNetworkSchemesPutTheMessageOnceOnEveryTreeLink() {
    int n = 8;
    long size = 8L << 20;
    // IP multicast: the root's uplink and the seven downlinks, at line rate, one message time
    CollectiveSchedule mc = new IpMulticast().build(CollectiveSpec.of(CollectiveOp.BROADCAST, n, size));
    CollectiveResult m = star.flow(mc, 0);
    assertThat(m.wireBytes()).isEqualTo(n * size);
    assertThat(m.linksUsed()).isEqualTo(n);
    assertThat(m.jctPs() / Star.message(size)).isCloseTo(1.0, within(0.02));
    // switch aggregation: seven uplinks and the root's downlink carry S once
    CollectiveSchedule red = new SwitchAggregation().build(CollectiveSpec.of(CollectiveOp.REDUCE, n, size));
    CollectiveResult r = star.flow(red, 0);
    assertThat(r.wireBytes()).isEqualTo(n * size);
    assertThat(r.jctPs() / Star.message(size)).isCloseTo(1.0, within(0.02));
    // allreduce: up and down the same tree, 2n links x S; with k segments up and down pipeline:
    // k + 1 segment times
    long seg = 256 << 10;
    CollectiveSchedule all = new SwitchAggregation().build(
        CollectiveSpec.of(CollectiveOp.ALLREDUCE, n, size).withSegmentBytes(seg));
    CollectiveResult a = star.flow(all, 0);
    assertThat(a.wireBytes()).isEqualTo(2L * n * size);
    assertThat(a.jctPs() / ((size / seg + 1) * Star.message(seg))).isCloseTo(1.0, within(0.02));
  }

  @Test
  void reductionsAtAByteRateAddTheirTimeToEveryReduceScatterStep() {
    int n = 8;
    long size = 8L << 20;
    double bytesPerS = 5e9; // 40 Gb/s of input
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.ALLREDUCE, n, size).withReduceBytesPerS(bytesPerS);
    CollectiveSchedule s = new Ring().build(spec);
    // the n - 1 reduce-scatter steps each reduce the arrived block before forwarding it
    double model = 2 * (n - 1) * Star.message(size / n) + (n - 1) * (size / n) / bytesPerS * 1e12;
    assertThat(star.flow(s, 0).jctPs() / model).isCloseTo(1.0, within(0.02));
  }

  @Test
  void aRunEndsWithItsLastNodeNotItsLastTransfer() {
    // a step after the only transfer, and a multicast that outlasts a short transfer: the
    // transport's last flow is not the schedule's end
    CollectiveSchedule s = new CollectiveSchedule(8);
    int t = s.transfer(0, 1, 1 << 20);
    s.step(1, 5_000_000, t);
    CollectiveResult r = star.packet(s, 0);
    assertThat((double) r.jctPs()).isCloseTo(Star.message(1 << 20) + 5e6, within(0.02 * Star.message(1 << 20)));
    CollectiveSchedule m = new CollectiveSchedule(8);
    m.multicast(0, new int[] {2, 3, 4, 5, 6, 7}, 8L << 20);
    m.transfer(1, 2, 1024);
    CollectiveResult mr = star.packet(m, 0);
    assertThat(mr.jctPs() / Star.message(8L << 20)).isCloseTo(1.0, within(0.02));
  }
}
