package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.element.SwitchElement;
import org.junit.jupiter.api.Test;

/**
 * Seed 002 §3.5 at packet level: ECN marking on the testbed switch, receivers' CNPs, the Gleam
 * switch's CNP filter, the source's unmodified DCQCN. CNPs are counted per receiver link by a
 * wrapper element around the switch (outside the Gleam code) and at the source host.
 */
class CnpPacketExperimentTest {
  static final long MIB = 1L << 20;
  static final long ECN = 64_000;

  /** CNPs entering the switch (node 0) per neighbour node. */
  static long[] countCnps(PacketGroup g) {
    Network n = g.network();
    long[] perNode = new long[n.topology().nodeCount()];
    int cnp = -1;
    for (int k = 0; k < n.kinds().size(); k++) {
      if (n.kinds().name(k).equals("rocev2.CNP")) {
        cnp = k;
      }
    }
    int kindCnp = cnp;
    SwitchElement inner = n.element(0);
    n.setElement(0, (net, p, node, in) -> {
      if (net.packets().kind(p) == kindCnp && in >= 0) {
        perNode[net.topology().target(net.topology().reverse(in))]++;
      }
      inner.receive(net, p, node, in);
    });
    return perNode;
  }

  @Test
  void oneCongestedReceiverLinkTheSourceGetsExactlyItsCnpsAndRunsAsAUnicastThroughIt() {
    long[][] cnps = new long[1][];
    CnpPacketExperiment.Result r = CnpPacketExperiment.run(100, new double[] {100, 100, 25}, 4 * MIB,
        ECN, true, 1, g -> cnps[0] = countCnps(g));
    // receivers 1, 2 (nodes 2, 3) are as fast as the source: their queue never holds more than one
    // packet (< 64 KB), so they never see CE; receiver 3 (node 4) is the congested link
    assertThat(cnps[0][2]).isZero();
    assertThat(cnps[0][3]).isZero();
    assertThat(cnps[0][4]).isPositive();
    assertThat(r.sourceCnps()).isEqualTo(cnps[0][4]);
    for (int i = 0; i < 3; i++) {
      assertThat(r.acceptedBytes()[i]).isEqualTo(4 * MIB);
    }
    // the tree's bottleneck path is the 25 Gb/s link: the multicast's DCQCN sees exactly what a
    // unicast QP through that link sees, so the slow receiver completes at the same picosecond
    long[] uni = CnpPacketExperiment.unicast(100, 25, 4 * MIB, ECN, 1);
    assertThat(r.doneAtPs()[2]).isEqualTo(uni[0]);
    assertThat(r.sourceCnps()).isEqualTo(uni[1]);
  }

  @Test
  void receiversCongestedAlikeTheSourceGetsOneLinksCnpsNotTheSum() {
    long[][] on = new long[1][];
    CnpPacketExperiment.Result f = CnpPacketExperiment.run(100, new double[] {25, 25, 25}, 4 * MIB, ECN,
        true, 1, g -> on[0] = countCnps(g));
    // by symmetry (same copies, same link rates) every receiver link carries the same CNPs
    long c = on[0][2];
    assertThat(c).isPositive();
    assertThat(on[0][3]).isEqualTo(c);
    assertThat(on[0][4]).isEqualTo(c);
    assertThat(f.sourceCnps()).isEqualTo(c);
    long[] uni = CnpPacketExperiment.unicast(100, 25, 4 * MIB, ECN, 1);
    for (int i = 0; i < 3; i++) {
      assertThat(f.doneAtPs()[i]).isEqualTo(uni[0]);
    }
    // without the filter the source's DCQCN gets the sum over the receivers and throttles more
    long[][] off = new long[1][];
    CnpPacketExperiment.Result u = CnpPacketExperiment.run(100, new double[] {25, 25, 25}, 4 * MIB, ECN,
        false, 1, g -> off[0] = countCnps(g));
    assertThat(u.sourceCnps()).isEqualTo(off[0][2] + off[0][3] + off[0][4]);
    assertThat(off[0][2]).isEqualTo(off[0][3]).isEqualTo(off[0][4]);
    assertThat(u.jctPs()).isGreaterThan(f.jctPs());
  }

  @Test
  void theRateConvergesToTheBottleneckShare() {
    // 64 MiB through a 25 Gb/s receiver link: the bottleneck's payload rate is 25 * 1024 / 1088;
    // after DCQCN's first cuts (alpha starts at 1) and its recovery, the second half arrives at
    // >= 90 % of it (model tolerance stated before running) and never above it
    CnpPacketExperiment.Result r = CnpPacketExperiment.run(100, new double[] {100, 100, 25}, 64 * MIB,
        ECN, true, 1, null);
    double share = 25.0 * 1024 / 1088;
    assertThat(r.secondHalfGbps(2)).isBetween(0.9 * share, share * 1.0001);
  }
}
