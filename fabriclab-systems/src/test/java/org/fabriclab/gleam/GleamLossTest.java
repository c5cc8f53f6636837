package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.PacketKinds;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * Seed 002 §5.3 (Fig. 15/16): loss at the middle (aggregation) switches of a multi-switch tree.
 * Everything asserted is counted by the test itself, outside the Gleam code: a go-back-N receiver
 * model fed by every DATA packet the engine delivers to a receiver host, and a counter of the DATA
 * packets on the source's link (checked against the engine's own link byte counter).
 */
class GleamLossTest {
  private static final int HEADER = 64;
  private static final int PAYLOAD = 1024;

  /** What the test observed in one run. */
  private static final class Observed {
    final Int2LongOpenHashMap acceptedBytes = new Int2LongOpenHashMap(); // receiver host -> in-order bytes
    final Int2IntOpenHashMap next = new Int2IntOpenHashMap(); // receiver host -> next expected PSN
    final Int2IntOpenHashMap sentPerPsn = new Int2IntOpenHashMap(); // PSN -> copies leaving the source
    long sourceWireBytes;
    long linkBytesAtStart; // the engine's counter when the data starts (after envelope registration)
    final List<ArrivalLoss> lossy = new ArrayList<>();
    Network net;
  }

  private static Observed observe(LossExperiment x, int[] middle, Network net) {
    Observed o = new Observed();
    o.net = net;
    Topology t = net.topology();
    Packets pk = net.packets();
    int data = net.kinds().kind("rocev2.DATA");
    int src = t.server(0);
    int srcLink = t.firstLink(src);
    int edge = t.target(srcLink);
    o.linkBytesAtStart = net.bytesSent(srcLink);
    SwitchElement inner = net.element(edge);
    net.setElement(edge, (n, p, node, inLink) -> {
      if (inLink == srcLink && pk.kind(p) == data) {
        o.sentPerPsn.addTo(pk.seq(p), 1);
        o.sourceWireBytes += pk.size(p);
      }
      inner.receive(n, p, node, inLink);
    });
    PacketKinds.KindReceiver r = net.kinds().receiver(data);
    net.kinds().setReceiver(data, (p, node) -> {
      int psn = pk.seq(p);
      if (psn == o.next.get(node)) { // go-back-N: only the expected PSN is accepted
        o.next.addTo(node, 1);
        o.acceptedBytes.addTo(node, pk.payload(p));
      }
      r.deliver(p, node);
    });
    for (int m : middle) {
      if (net.element(m) instanceof ArrivalLoss a) {
        o.lossy.add(a);
      }
    }
    return o;
  }

  private static void checkRun(LossExperiment x, String method, int group, double loss, long size, long seed,
      long[] dropsOut) {
    int[] middle = x.middleSwitches();
    Observed[] box = new Observed[1];
    PacketBcast.Result res = x.run(method, group, loss, size, seed, net -> box[0] = observe(x, middle, net));
    Observed o = box[0];
    Topology t = x.topology();
    long packets = (size + PAYLOAD - 1) / PAYLOAD;
    // every receiver: every byte exactly once, in order (the test's own go-back-N model)
    for (int i = 1; i < group; i++) {
      int host = t.server(i);
      assertThat(o.acceptedBytes.get(host)).as("receiver %d, seed %d", i, seed).isEqualTo(size);
      assertThat(o.next.get(host)).isEqualTo((int) packets);
    }
    assertThat(o.acceptedBytes.size()).isEqualTo(group - 1); // no other host got data
    assertThat(res.deliveredBytes()).containsOnly(size);
    assertThat(res.duplicateOrOutOfOrder()).containsOnly(0L);
    // the source: every PSN at least once; bytes = each byte once + whole retransmitted packets
    long expectedWire = 0;
    long retransmitted = 0;
    for (int psn = 0; psn < packets; psn++) {
      int c = o.sentPerPsn.get(psn);
      assertThat(c).as("copies of PSN %d from the source", psn).isGreaterThanOrEqualTo(method.equals("gleam") ? 1 : group - 1);
      int pay = (int) Math.min(PAYLOAD, size - (long) psn * PAYLOAD);
      expectedWire += (long) c * (pay + HEADER);
      retransmitted += c - (method.equals("gleam") ? 1 : group - 1);
    }
    assertThat(o.sentPerPsn.size()).isEqualTo((int) packets); // no PSN beyond the message
    assertThat(o.sourceWireBytes).isEqualTo(expectedWire);
    // the engine's link counter
    assertThat(o.net.bytesSent(t.firstLink(t.server(0))) - o.linkBytesAtStart).isEqualTo(expectedWire);
    assertThat(res.sourceTxBytes()).isEqualTo(expectedWire);
    assertThat(res.retransmittedPackets()).isEqualTo(retransmitted);
    assertThat(res.conserved()).as(res.accounting()).isTrue();
    long dropped = 0;
    for (ArrivalLoss a : o.lossy) {
      dropped += a.dropped();
    }
    dropsOut[0] += dropped;
    dropsOut[1] += retransmitted;
  }

  @Test
  void loss1eMinus3AtAggregationSwitchesEveryByteOnceInOrderAndSourceSendsEachByteOncePlusRetransmissions() {
    // k=4 fat-tree, 100 Gb/s, 1 us links: the group of all 16 servers spans the 4 pods, so the tree
    // crosses edge, aggregation and core switches; 2 MiB = 2,048 packets per run
    LossExperiment x = new LossExperiment(4, 100, Time.us(1));
    long[] drops = new long[2];
    for (long seed = 1; seed <= 4; seed++) {
      checkRun(x, "gleam", 16, 1e-3, 2L << 20, seed, drops);
    }
    // the runs did lose packets (so the checks above covered recovery), and recovery resent some
    assertThat(drops[0]).isGreaterThan(0);
    assertThat(drops[1]).isGreaterThan(0);
  }

  @Test
  void unicastBaselineUnderTheSameLossAlsoDeliversEveryByteOnce() {
    LossExperiment x = new LossExperiment(4, 100, Time.us(1));
    long[] drops = new long[2];
    checkRun(x, "unicast", 8, 1e-3, 1L << 20, 1, drops);
    assertThat(drops[0]).isGreaterThan(0);
  }

  @Test
  void arrivalLossRateMatchesItsProbability() {
    // p = 1e-2 on the aggregation switches: dropped / offered within 5 sigma of p (binomial)
    LossExperiment x = new LossExperiment(4, 100, Time.us(1));
    int[] middle = x.middleSwitches();
    Observed[] box = new Observed[1];
    x.run("gleam", 16, 1e-2, 1L << 20, 7, net -> box[0] = observe(x, middle, net));
    long offered = 0;
    long dropped = 0;
    for (ArrivalLoss a : box[0].lossy) {
      offered += a.offered();
      dropped += a.dropped();
    }
    assertThat(box[0].lossy).hasSize(middle.length);
    double sigma = Math.sqrt(offered * 0.01 * 0.99);
    assertThat(offered).isGreaterThan(10_000);
    assertThat((double) dropped).isBetween(offered * 0.01 - 5 * sigma, offered * 0.01 + 5 * sigma);
    // same seed, same losses
    Observed[] again = new Observed[1];
    PacketBcast.Result r2 = x.run("gleam", 16, 1e-2, 1L << 20, 7, net -> again[0] = observe(x, middle, net));
    long dropped2 = again[0].lossy.stream().mapToLong(ArrivalLoss::dropped).sum();
    assertThat(dropped2).isEqualTo(dropped);
    assertThat(r2.conserved()).isTrue();
  }

  @Test
  void losslessJctOfTheSweepsSettingByHand() {
    // k=32, 200 Gb/s, 1 us links: a 1088 B packet takes 43.52 ns per link, a hop 1,043.52 ns.
    // Gleam: the first packet's store-and-forward over the tree's depth, then the other N - 1
    // back to back; group 64 = pod 0 (source edge -> aggregation -> edge: 4 links), group 512 =
    // pods 0-1 (6 links). Unicast: 63 x N packets leave the source's link back to back, the last
    // one then crosses at most 3 more hops (at least 1).
    LossExperiment x = new LossExperiment();
    long n = 256;
    long size = n * PAYLOAD;
    long pkt = 43_520;
    long hop = 1_000_000 + pkt;
    assertThat(x.run("gleam", 64, 0, size, 1).jctPs()).isEqualTo(4 * hop + (n - 1) * pkt);
    assertThat(x.run("gleam", 512, 0, size, 1).jctPs()).isEqualTo(6 * hop + (n - 1) * pkt);
    long u = x.run("unicast", 64, 0, size, 1).jctPs();
    assertThat(u).isBetween(63 * n * pkt + 1_000_000 + hop, 63 * n * pkt + 1_000_000 + 3 * hop);
  }

  @Test
  void tablesBuiltByEnvelopePacketsGiveTheSameRunAsTheComputedRegistration() {
    // k=4, all 16 servers, lossless: the same tables, so the same JCT and source bytes to the ps/byte
    LossExperiment x = new LossExperiment(4, 100, Time.us(1));
    int[] recv = new int[15];
    for (int i = 0; i < 15; i++) {
      recv[i] = i + 1;
    }
    PacketBcast.Result byPackets = x.run("gleam", 16, 0, 300_000, 1);
    PacketBcast.Result computed = PacketBcast.run("gleam", x.topology(), 0, recv, 300_000, 0, List.of(), 1);
    assertThat(byPackets.registrationPs()).isPositive();
    assertThat(computed.registrationPs()).isEqualTo(-1);
    assertThat(byPackets.jctPs()).isEqualTo(computed.jctPs());
    assertThat(byPackets.sourceTxBytes()).isEqualTo(computed.sourceTxBytes()).isEqualTo(300_000 + 293 * 64);
  }

  @Test
  void lossPerCopyLosesOnTheAggregationOutputPortsOnly() {
    // the sensitivity reading: every byte still arrives once, and only aggregation ports dropped
    LossExperiment x = new LossExperiment(4, 100, Time.us(1));
    int[] middle = x.middleSwitches();
    Network[] box = new Network[1];
    PacketBcast.Result r = x.runLossPerCopy("gleam", 16, 1e-2, 1L << 20, 3);
    assertThat(r.deliveredBytes()).containsOnly(1L << 20);
    assertThat(r.conserved()).isTrue();
    assertThat(r.retransmittedPackets()).isPositive();
    Topology t = x.topology();
    x.run("gleam", 16, 0, 1L << 20, 3, net -> {
      box[0] = net;
      for (int m : middle) {
        net.setNodeLoss(m, 1e-2);
      }
    });
    long atMiddle = 0;
    for (int m : middle) {
      for (int e = t.firstLink(m); e < t.firstLink(m + 1); e++) {
        atMiddle += box[0].drops(e);
      }
    }
    assertThat(atMiddle).isPositive().isEqualTo(box[0].totalDrops());
  }

  @Test
  void ringForwardsWholeMessagesOneAfterAnother() {
    // k=32, 200 Gb/s, 1 us links, 64 ranks = servers 0..63 (16 per edge switch): 63 transfers of
    // N packets, each the first packet's store-and-forward over its path (2 links on one edge
    // switch, 4 links between the 4 edge switches: 3 of the 63) plus N - 1 packet times; each
    // starts when the previous receiver holds the whole message
    LossExperiment x = new LossExperiment();
    long n = 64;
    long pkt = 43_520;
    long hop = 1_000_000 + pkt;
    long closed = 63 * (n - 1) * pkt + (60 * 2 + 3 * 4) * hop;
    RingBcast.Result r = x.runRing(64, 0, n * PAYLOAD, 1);
    assertThat(r.jctPs()).isBetween(closed, closed + 63 * pkt);
    assertThat(r.retransmittedPackets()).isZero();
    assertThat(r.conserved()).isTrue();
    // with loss 1e-3 at the aggregation switches (k=4, 16 ranks across 4 pods): it still completes,
    // later than without loss, having resent packets
    LossExperiment small = new LossExperiment(4, 100, Time.us(1));
    RingBcast.Result clean = small.runRing(16, 0, 1L << 20, 2);
    RingBcast.Result lossy = small.runRing(16, 1e-3, 1L << 20, 2);
    assertThat(lossy.retransmittedPackets()).isPositive();
    assertThat(lossy.jctPs()).isGreaterThan(clean.jctPs());
    assertThat(lossy.conserved()).isTrue();
  }

  @Test
  void middleSwitchesAreTheAggregationTier() {
    LossExperiment x = new LossExperiment(4, 100, Time.us(1));
    // k=4: 16 servers, 8 edge, 8 aggregation (ids 24..31), 4 core
    assertThat(x.middleSwitches()).containsExactly(24, 25, 26, 27, 28, 29, 30, 31);
    assertThat(x.topology().capacityBps(0)).isEqualTo(100_000_000_000L);
  }

  @Test
  void badInputIsRejected() {
    LossExperiment x = new LossExperiment(4, 100, Time.us(1));
    assertThatThrownBy(() -> x.run("gleam", 17, 0, 1024, 1)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("2..16");
    assertThatThrownBy(() -> x.run("gleam", 8, 1.0, 1024, 1)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("[0, 1)");
  }
}
