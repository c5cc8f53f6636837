package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.net.Network;
import java.util.Map;
import org.fabriclab.topology.TopologyFamilies;
import org.junit.jupiter.api.Test;

/**
 * Golden runs of the packet-level Gleam switch: every value below was produced by the code
 * <em>before</em> the switch element's hash maps were replaced by dense arrays (branch
 * h-gleampkt2, generated from main at 549f50e; the bcast and HPL values regenerated on 2026-11-28,
 * switch code unchanged, when the RoCEv2 receiver began to apply {@code RcConfig.ackEvery} — an ACK
 * per 4 packets and on each message's last, a stated model change; it had ACKed every packet), so a
 * change to the per-packet data structures
 * that alters any decision — which copy, which ACK or NACK, when a duplicate ACK is repeated, which
 * NACK is suppressed, where a CNP goes — changes at least one of these numbers. The runs cover
 * loss on every port (go-back-N, NACK aggregation and suppression, repeated ACKs), deterministic
 * drops, a fat-tree with a source that is not on the first receiver's side, tables built by
 * envelope packets, and HPL runs with 2N groups per switch on the paper's fabric.
 */
class GleamPacketGoldenTest {

  /** Sum of a few counters over every Gleam element of a network, and a digest of all of them. */
  private static final class Counters {
    final List<GleamSwitchElement> elements = new ArrayList<>();

    void capture(Network net, Topology topo) {
      for (int v = 0; v < topo.nodeCount(); v++) {
        SwitchElement e = net.element(v);
        if (e instanceof GleamSwitchElement g) {
          elements.add(g);
        }
      }
    }

    String digest() {
      long fb = 0;
      long rep = 0;
      long sup = 0;
      long acksIn = 0;
      long nacksIn = 0;
      long acksOut = 0;
      long nacksOut = 0;
      long ignored = 0;
      long goBacks = 0;
      for (GleamSwitchElement g : elements) {
        fb += g.feedbackGenerated();
        rep += g.repeatedAcks();
        sup += g.suppressedNacks();
        acksIn += g.aggregation().acksIn();
        nacksIn += g.aggregation().nacksIn();
        acksOut += g.aggregation().acksOut();
        nacksOut += g.aggregation().nacksOut();
        ignored += g.aggregation().ignored();
        goBacks += g.sourceGoBacks().length;
      }
      return "fb=" + fb + " rep=" + rep + " sup=" + sup + " acksIn=" + acksIn + " nacksIn=" + nacksIn
          + " acksOut=" + acksOut + " nacksOut=" + nacksOut + " ignored=" + ignored + " goBacks=" + goBacks;
    }
  }

  private static String bcast(Topology topo, int source, int[] receivers, long bytes, double loss,
      List<int[]> drops, long seed, boolean byPackets) {
    Counters c = new Counters();
    PacketBcast.Result r = PacketBcast.run("gleam", topo, source, receivers, bytes, loss, drops, seed,
        new PacketBcast.Options(null, net -> c.capture(net, topo), byPackets));
    String s = "jct=" + r.jctPs() + " tx=" + r.sourceTxBytes() + " re=" + r.retransmittedPackets()
        + " nacks=" + r.sourceNacks().length + "/" + Arrays.hashCode(r.sourceNacks())
        + " srcGoBacks=" + Arrays.hashCode(r.sourceGoBacks()) + " delivered=" + Arrays.stream(r.deliveredBytes()).sum()
        + " anomalies=" + Arrays.stream(r.duplicateOrOutOfOrder()).sum() + " " + c.digest();
    System.out.println("golden bcast: " + s);
    return s;
  }

  private static String hpl(int n, long bytes, double loss, long seed) {
    HplResult r = HplExperiment.run(HplFabric.paper(), n, "gleam", "packet", loss, seed, bytes);
    String s = "jctPs=" + Math.round(r.jctMs() * 1e9) + " pbPs=" + Math.round(r.pbMs() * 1e9) + " src="
        + r.sourcePackets() + " re=" + r.retransmittedPackets() + " events=" + r.events();
    System.out.println("golden hpl: " + s);
    return s;
  }

  /** The CLI's {@code --topo 'fattree k=K'} (default link rate and delay, seed 1). */
  private static Topology fatTree(int k) {
    return TopologyFamilies.load().build("fattree", Map.of("k", String.valueOf(k), "seed", "1"));
  }

  @Test
  void testbedUnderLossAndDrops() {
    Topology tb = PacketBcast.testbed(4, 100);
    assertThat(bcast(tb, 0, new int[] {1, 2, 3}, 1 << 20, 0.05, List.of(), 1, false))
        .isEqualTo(
        "jct=12129380640 tx=8224192 re=6535 nacks=116/817512924 srcGoBacks=-1122181246 delivered=3145728 anomalies=0 "
        + "fb=527 rep=14 sup=3 acksIn=2164 nacksIn=148 acksOut=390 nacksOut=126 ignored=0 goBacks=127");
    assertThat(bcast(tb, 0, new int[] {1, 2, 3}, 1 << 20, 0,
        List.of(new int[] {1, 1}, new int[] {2, 2}, new int[] {3, 500}), 1, false))
        .isEqualTo(
        "jct=90193440 tx=1126080 re=11 nacks=3/31314 srcGoBacks=31376 delivered=3145728 anomalies=0 "
        + "fb=263 rep=1 sup=0 acksIn=788 nacksIn=3 acksOut=259 nacksOut=3 ignored=0 goBacks=3");
    Topology tb21 = PacketBcast.testbed(21, 100);
    int[] twenty = new int[20];
    for (int i = 0; i < 20; i++) {
      twenty[i] = i + 1;
    }
    assertThat(bcast(tb21, 0, twenty, 1 << 20, 0.02, List.of(), 7, false)).isEqualTo(
        "jct=3159279840 tx=4193152 re=2830 nacks=232/-1139107469 srcGoBacks=-1073813765 delivered=20971520 anomalies=0 "
        + "fb=772 rep=4 sup=10 acksIn=22628 nacksIn=355 acksOut=529 nacksOut=249 ignored=0 goBacks=231");
  }

  @Test
  void fatTrees() {
    Topology k8 = fatTree(8);
    int[] all = new int[127];
    for (int i = 0; i < 127; i++) {
      all[i] = i + 1;
    }
    assertThat(bcast(k8, 0, all, 1 << 20, 0.001, List.of(), 1, false)).isEqualTo(
        "jct=2916649600 tx=2606848 re=1372 nacks=87/774549336 srcGoBacks=-1818437280 delivered=133169152 anomalies=0 "
        + "fb=13240 rep=818 sup=165 acksIn=207575 nacksIn=1081 acksOut=11803 nacksOut=784 ignored=0 goBacks=70");
    assertThat(bcast(k8, 70, new int[] {5, 17, 33, 64, 100}, 1 << 19, 0.003, List.of(), 11, false))
        .isEqualTo(
        "jct=786748800 tx=970496 re=380 nacks=21/107248771 srcGoBacks=-482291744 delivered=2621440 anomalies=0 "
        + "fb=1900 rep=70 sup=7 acksIn=3587 nacksIn=123 acksOut=1716 nacksOut=121 ignored=0 goBacks=21");
    Topology k4 = fatTree(4);
    int[] fifteen = new int[15];
    for (int i = 0; i < 15; i++) {
      fifteen[i] = i + 1;
    }
    assertThat(bcast(k4, 0, fifteen, 2 << 20, 0.01, List.of(), 3, false)).isEqualTo(
        "jct=18545526400 tx=17088128 re=13658 nacks=303/1383025492 srcGoBacks=-1219980219 delivered=31457280 anomalies=0 "
        + "fb=11813 rep=755 sup=260 acksIn=69055 nacksIn=3204 acksOut=8814 nacksOut=2504 ignored=0 goBacks=270");
    assertThat(bcast(k4, 0, fifteen, 1 << 20, 0.005, List.of(), 2, true)).isEqualTo(
        "jct=6029622400 tx=5351872 re=3895 nacks=77/-936627020 srcGoBacks=-1364510978 delivered=15728640 anomalies=0 "
        + "fb=4733 rep=282 sup=61 acksIn=25824 nacksIn=726 acksOut=3926 nacksOut=586 ignored=0 goBacks=77");
  }

  @Test
  void hplOnThePaperFabric() {
    assertThat(hpl(4, 1 << 20, 1e-3, 1)).isEqualTo(
        "jctPs=130904320 pbPs=67541120 src=10566 re=2374 events=65834");
    assertThat(hpl(4, 1 << 20, 1e-3, 2)).isEqualTo(
        "jctPs=1126469120 pbPs=63276160 src=11024 re=2832 events=68493");
    assertThat(hpl(8, 1 << 20, 1e-4, 5)).isEqualTo(
        "jctPs=116105600 pbPs=50829440 src=18116 re=1732 events=228333");
    assertThat(hpl(16, 1 << 18, 5e-4, 1)).isEqualTo(
        "jctPs=1065500800 pbPs=1025502080 src=14017 re=5825 events=419337");
  }

  /**
   * §3.5 at packet level: a 4 MiB broadcast to receivers at 25 Gb/s each with ECN marking
   * at 64 KB, CNP filtering on and off: the CNPs the source got, those generated, the JCT.
   */
  @Test
  void cnpFilter() {
    String[] golden = {
        "src=6 gen=18 jct=5984356631 done=[5984311031, 5984311031, 5984311031]",
        "src=9 gen=9 jct=9333977218 done=[9333931618, 9333931618, 9333931618]"};
    for (int i = 0; i < 2; i++) {
      boolean on = i == 0;
      CnpPacketExperiment.Result r = CnpPacketExperiment.run(100, new double[] {25, 25, 25}, 4 << 20, 64_000,
          on, 1, null);
      String s = "src=" + r.sourceCnps() + " gen=" + r.cnpsGenerated() + " jct=" + r.jctPs() + " done="
          + Arrays.toString(r.doneAtPs());
      System.out.println("golden cnp: " + s);
      assertThat(s).as("filtering " + on).isEqualTo(golden[i]);
    }
  }
}
