package org.fabriclab.sim.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.sim.net.Accounting;
import org.fabriclab.sim.net.Network;
import org.junit.jupiter.api.Test;

/**
 * IP multicast and switch aggregation at packet level on the star of {@link Star}: one message
 * time of the α–β model, the message once on every tree link, and the packet books derived by
 * hand (a packet of {@code P = S / 1024} replicated to the seven other hosts, or seven streams
 * combined into one).
 */
class InNetworkStarTest {
  private static final int N = 8;
  private static final long SIZE = 8L << 20;
  private static final long PACKETS = SIZE / 1024;
  private final Star star = new Star(N);

  @Test
  void multicastBroadcastTakesOneMessageTimeAndTheRootSendsEachPacketOnce() {
    CollectiveSchedule s = new IpMulticast().build(CollectiveSpec.of(CollectiveOp.BROADCAST, N, SIZE));
    PacketCollective pc = star.prepare(s);
    CollectiveResult r = pc.run(Long.MAX_VALUE, Long.MAX_VALUE, 0, star.contiguous(N));
    assertThat(r.jctPs() / Star.message(SIZE)).isCloseTo(1.0, within(0.02));
    assertThat(r.rootUplinkBytes()).isEqualTo(Star.wire(SIZE));
    assertThat(r.wireBytes()).isEqualTo(N * SIZE);
    assertThat(r.linksUsed()).isEqualTo(N);
    assertThat(r.drops()).isZero();
    Network net = pc.simulation().network();
    for (int h = 1; h < N; h++) {
      assertThat(net.bytesSent(star.downlink(h))).isEqualTo(Star.wire(SIZE));
      assertThat(net.bytesSent(star.uplink(h))).isZero(); // no transport: nothing comes back
    }
    assertThat(net.bytesSent(star.downlink(0))).isZero();
    // each packet: injected once, copied six times at the switch, delivered to seven hosts
    Accounting a = net.accounting();
    assertThat(a.injectedPackets()).isEqualTo(PACKETS);
    assertThat(a.copiedPackets()).isEqualTo((N - 2) * PACKETS);
    assertThat(a.deliveredPackets()).isEqualTo((N - 1) * PACKETS);
    assertThat(a.absorbedPackets() + a.droppedPackets() + a.inFlightPackets()).isZero();
    assertThat(a.balanced()).isTrue();
  }

  @Test
  void switchReduceTakesOneMessageTimeAndEachUplinkCarriesTheMessageOnce() {
    CollectiveSchedule s = new SwitchAggregation().build(CollectiveSpec.of(CollectiveOp.REDUCE, N, SIZE));
    PacketCollective pc = star.prepare(s);
    CollectiveResult r = pc.run(Long.MAX_VALUE, Long.MAX_VALUE, 0, star.contiguous(N));
    assertThat(r.jctPs() / Star.message(SIZE)).isCloseTo(1.0, within(0.02));
    assertThat(r.wireBytes()).isEqualTo(N * SIZE);
    Network net = pc.simulation().network();
    for (int h = 1; h < N; h++) {
      assertThat(net.bytesSent(star.uplink(h))).isEqualTo(Star.wire(SIZE));
    }
    assertThat(net.bytesSent(star.downlink(0))).isEqualTo(Star.wire(SIZE));
    assertThat(r.rootUplinkBytes()).isZero();
    // seven streams in, one out: six of every seven packets absorbed at the switch
    Accounting a = net.accounting();
    assertThat(a.injectedPackets()).isEqualTo((N - 1) * PACKETS);
    assertThat(a.absorbedPackets()).isEqualTo((N - 2) * PACKETS);
    assertThat(a.deliveredPackets()).isEqualTo(PACKETS);
    assertThat(a.copiedPackets() + a.droppedPackets() + a.inFlightPackets()).isZero();
    assertThat(a.balanced()).isTrue();
  }

  @Test
  void pipelinedSwitchAllreduceTakesSegmentsPlusOneSegmentTimes() {
    long seg = 256 << 10;
    CollectiveSchedule s = new SwitchAggregation().build(
        CollectiveSpec.of(CollectiveOp.ALLREDUCE, N, SIZE).withSegmentBytes(seg));
    CollectiveResult r = star.packet(s, 0);
    double model = (SIZE / seg + 1) * Star.message(seg);
    assertThat(r.jctPs() / model).isCloseTo(1.0, within(0.02));
    assertThat(r.wireBytes()).isEqualTo(2L * N * SIZE);
    // the root's uplink carries the result down, once
    assertThat(r.rootUplinkBytes()).isEqualTo(Star.wire(SIZE));
  }

  @Test
  void multicastAllgatherIsPacedByPfcToTheDownlinksRate() {
    CollectiveSchedule s = new IpMulticast().build(CollectiveSpec.of(CollectiveOp.ALLGATHER, N, SIZE));
    CollectiveResult f = star.flow(s, 0);
    // seven streams meet at every downlink: without PFC the switch would drop; the default
    // lossless fabric pauses the senders instead
    PacketCollective pc = star.prepare(s,
        CollectiveRun.defaults(star.topo, "packet", Placement.CONTIGUOUS, 1).network());
    CollectiveResult p = pc.run(Long.MAX_VALUE, Long.MAX_VALUE, 0, star.contiguous(N));
    // each block of S / n crosses its sender's uplink and n - 1 downlinks: n links, n blocks
    assertThat(p.wireBytes()).isEqualTo(f.wireBytes()).isEqualTo(N * SIZE);
    assertThat(p.drops()).isZero();
    // each downlink carries the n - 1 other blocks back to back, plus one block's latency
    long block = SIZE / N;
    double model = Star.message(block) + (N - 2) * Star.wire(block) * 8e12 / Star.GBPS;
    assertThat(p.jctPs() / model).isCloseTo(1.0, within(0.03));
    assertThat(f.jctPs() / model).isCloseTo(1.0, within(0.03));
    Accounting a = pc.simulation().network().accounting();
    assertThat(a.deliveredPackets()).isEqualTo(N * (N - 1) * (block / 1024));
    assertThat(a.inFlightPackets()).isZero();
    assertThat(a.balanced()).isTrue();
  }
}
