package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.element.SwitchElement;
import org.fabriclab.sim.net.Network;
import java.util.Map;
import org.fabriclab.topology.TopologyFamilies;
import org.junit.jupiter.api.Test;

/**
 * Golden runs of the packet-level Gleam switch: every value below was produced by the code
 * <em>before</em> the switch element's hash maps were replaced by dense arrays (branch
 * h-gleampkt2, generated from main at 549f50e), so a change to the per-packet data structures
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
        "jct=8126455840 tx=6718400 re=5151 nacks=117/-506792726 srcGoBacks=1705848070 delivered=3145728 anomalies=0 "
        + "fb=1153 rep=9 sup=8 acksIn=4247 nacksIn=130 acksOut=1024 nacksOut=128 ignored=0 goBacks=125");
    assertThat(bcast(tb, 0, new int[] {1, 2, 3}, 1 << 20, 0,
        List.of(new int[] {1, 1}, new int[] {2, 2}, new int[] {3, 500}), 1, false))
        .isEqualTo(
        "jct=90106400 tx=1124992 re=10 nacks=3/31314 srcGoBacks=31314 delivered=3145728 anomalies=0 "
        + "fb=1028 rep=1 sup=0 acksIn=3091 nacksIn=3 acksOut=1024 nacksOut=3 ignored=0 goBacks=3");
    Topology tb21 = PacketBcast.testbed(21, 100);
    int[] twenty = new int[20];
    for (int i = 0; i < 20; i++) {
      twenty[i] = i + 1;
    }
    assertThat(bcast(tb21, 0, twenty, 1 << 20, 0.02, List.of(), 7, false)).isEqualTo(
        "jct=4162468640 tx=4810048 re=3397 nacks=290/-1313411137 srcGoBacks=-559716697 delivered=20971520 anomalies=0 "
        + "fb=1323 rep=5 sup=40 acksIn=39629 nacksIn=378 acksOut=1024 nacksOut=334 ignored=0 goBacks=269");
  }

  @Test
  void fatTrees() {
    Topology k8 = fatTree(8);
    int[] all = new int[127];
    for (int i = 0; i < 127; i++) {
      all[i] = i + 1;
    }
    assertThat(bcast(k8, 0, all, 1 << 20, 0.001, List.of(), 1, false)).isEqualTo(
        "jct=3966435200 tx=3723136 re=2398 nacks=123/-1542988728 srcGoBacks=-484601767 delivered=133169152 anomalies=0 "
        + "fb=43558 rep=860 sup=219 acksIn=368691 nacksIn=1025 acksOut=41975 nacksOut=942 ignored=0 goBacks=75");
    assertThat(bcast(k8, 70, new int[] {5, 17, 33, 64, 100}, 1 << 19, 0.003, List.of(), 11, false))
        .isEqualTo(
        "jct=789360000 tx=973760 re=383 nacks=21/2011073398 srcGoBacks=2011073398 delivered=2621440 anomalies=0 "
        + "fb=6304 rep=80 sup=2 acksIn=9658 nacksIn=109 acksOut=6120 nacksOut=106 ignored=0 goBacks=21");
    Topology k4 = fatTree(4);
    int[] fifteen = new int[15];
    for (int i = 0; i < 15; i++) {
      fifteen[i] = i + 1;
    }
    assertThat(bcast(k4, 0, fifteen, 2 << 20, 0.01, List.of(), 3, false)).isEqualTo(
        "jct=16479670400 tx=14704320 re=11467 nacks=371/-46395620 srcGoBacks=-1635625226 delivered=31457280 anomalies=0 "
        + "fb=29721 rep=787 sup=632 acksIn=107261 nacksIn=3458 acksOut=26392 nacksOut=3174 ignored=0 goBacks=311");
    assertThat(bcast(k4, 0, fifteen, 1 << 20, 0.005, List.of(), 2, true)).isEqualTo(
        "jct=3201392000 tx=3056192 re=1785 nacks=109/-135751060 srcGoBacks=-140112362 delivered=15728640 anomalies=0 "
        + "fb=14195 rep=288 sup=173 acksIn=46791 nacksIn=873 acksOut=13245 nacksOut=835 ignored=0 goBacks=99");
  }

  @Test
  void hplOnThePaperFabric() {
    assertThat(hpl(4, 1 << 20, 1e-3, 1)).isEqualTo(
        "jctPs=130817280 pbPs=67497600 src=10988 re=2796 events=93415");
    assertThat(hpl(4, 1 << 20, 1e-3, 2)).isEqualTo(
        "jctPs=1126425600 pbPs=63232640 src=11707 re=3515 events=97702");
    assertThat(hpl(8, 1 << 20, 1e-4, 5)).isEqualTo(
        "jctPs=115980160 pbPs=50785920 src=17919 re=1535 events=335554");
    assertThat(hpl(16, 1 << 18, 5e-4, 1)).isEqualTo(
        "jctPs=1065500800 pbPs=1025502080 src=14839 re=6647 events=573793");
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
