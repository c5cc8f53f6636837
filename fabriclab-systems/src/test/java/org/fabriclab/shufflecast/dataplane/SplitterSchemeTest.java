package org.fabriclab.shufflecast.dataplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.shufflecast.ShufflecastMulticastRun;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveResult;
import org.fabriclab.sim.collective.CollectiveRun;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSchemes;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.Placement;
import org.fabriclab.topology.TopologyFamilies;
import org.junit.jupiter.api.Test;

/**
 * {@code splitter} on the paper's testbed (seed 000 §V: 2,2-Shufflecast, 8 ToRs with 2 servers each,
 * 10 Gb/s; a 1:15 multicast as in §VI-A(a) Fig. 6(a)), links of 1 µs. Counts are derived by hand
 * from §III-A1 and Fig. 3: source ToR 0's relay set is {0, 1, 4, 5}; their splitters feed
 * 0 → {4, 5}, 4 → {0, 1}, 5 → {2, 3}, 1 → {6, 7}, so ToRs 6 and 7 are 3 splitter hops away
 * (0 → 4 → 1 → 6, Lemma 1's 2k − 1).
 */
class SplitterSchemeTest {
  private static final double GBPS = 10;
  private static final long DELAY_PS = 1_000_000;
  private static final int WIRE = 1024 + 64; // the collective framing: RoCEv2 payload + headers
  private final CollectiveSchemes schemes = CollectiveSchemes.load();
  private final CollectiveScheme splitter = schemes.get("splitter");

  private static Topology shufflecast(int p, int k, int spt) {
    return TopologyFamilies.load().build("shufflecast", Map.of("p", "" + p, "k", "" + k,
        "servers-per-tor", "" + spt, "link-gbps", "" + GBPS, "link-delay-ns", "" + DELAY_PS / 1000));
  }

  private static long serPs(long bytes) {
    return Math.round(bytes * 8e12 / (GBPS * 1e9));
  }

  /**
   * The links the 1:15 broadcast lights: server 0's uplink, 4 relays × (1 link into the splitter +
   * 2 outputs, every output lit), 15 ToR-to-server links: 28. The engine's own byte counters give
   * the framed bytes on those 28 links (headers included), nothing else.
   */
  @Test
  void broadcastLightsTheRelaySplittersAndEveryMemberLink() {
    long s = 1 << 20;
    Topology topo = shufflecast(2, 2, 2);
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.BROADCAST, 16, s);
    for (String engine : new String[] {"flow", "packet"}) {
      CollectiveResult r = CollectiveRun.defaults(topo, engine, Placement.CONTIGUOUS, 1)
          .run(splitter, spec, Progress.NONE);
      assertThat(r.linksUsed()).as(engine).isEqualTo(28);
      assertThat(r.wireBytes()).as(engine).isEqualTo(28 * s);
      assertThat(r.linkBytes()).as(engine).isEqualTo(28 * (s / 1024) * WIRE);
    }
  }

  /**
   * 4,2-Shufflecast, one server per ToR, 16 ranks on ToRs 0..15 (column 0): a source uses one
   * partition of p^(k−1) = 4 relays in each of the k = 2 columns (Lemma 2, Lemma 4: 8 relays, the
   * source included), each lighting 1 + 4 links; plus the uplink and 15 member links: 56.
   */
  @Test
  void broadcastOnFourTwoShufflecastLightsEightRelays() {
    Topology topo = shufflecast(4, 2, 1);
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.BROADCAST, 16, 1 << 20);
    CollectiveResult r = CollectiveRun.defaults(topo, "flow", Placement.CONTIGUOUS, 1)
        .run(splitter, spec, Progress.NONE);
    assertThat(r.linksUsed()).isEqualTo(1 + 8 * 5 + 15);
    assertThat(r.wireBytes()).isEqualTo(56L << 20);
  }

  /**
   * A 64 MiB broadcast at line rate: the α–β time of the farthest members (ToRs 6, 7): P packets of
   * 1088 B through h = 5 transmitting ports (server NIC, ToRs 0, 4 and 1 into their splitters, ToR
   * 6 to its server; a splitter output is passive), all at 10 Gb/s, and 8 links of 1 µs:
   * {@code (P + h − 1)·ser + 8 µs}. Within 2 % of the message's time on one link.
   */
  @Test
  void largeBroadcastTakesOneMessageTimeAtLineRate() {
    long s = 64L << 20;
    long packets = s / 1024;
    long expected = (packets + 4) * serPs(WIRE) + 8 * DELAY_PS;
    Topology topo = shufflecast(2, 2, 2);
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.BROADCAST, 16, s);
    for (String engine : new String[] {"flow", "packet"}) {
      CollectiveResult r = CollectiveRun.defaults(topo, engine, Placement.CONTIGUOUS, 1)
          .run(splitter, spec, Progress.NONE);
      assertThat((double) r.jctPs()).as(engine).isCloseTo(expected, org.assertj.core.data.Offset.offset(1000.0));
      assertThat(r.jctPs() / (double) serPs(packets * WIRE)).as(engine).isBetween(1.0, 1.02);
    }
  }

  /**
   * The same 1:15 group and size through the {@code shufflecast multicast} harness ({@link
   * ShufflecastMulticastRun}: its own fabric, relay element and paced UDP sender; 1460 B of payload
   * in 1500 B frames). Both are a stream paced at one full frame per serialization time through
   * the same 5 ports and 8 links, so each takes {@code (P + h − 2)·ser(full) + ser(last) + 8 µs}
   * for its own framing; the difference between them is exactly that of their framings.
   */
  @Test
  void equalsTheMulticastHarnessUpToTheFraming() {
    long s = 64L << 20;
    CollectiveResult c = CollectiveRun.defaults(shufflecast(2, 2, 2), "packet", Placement.CONTIGUOUS, 1)
        .run(splitter, CollectiveSpec.of(CollectiveOp.BROADCAST, 16, s), Progress.NONE);
    ShufflecastMulticastRun.GroupResult h = new ShufflecastMulticastRun(2, 2, 2, GBPS)
        .run(new int[] {0}, s, 16, 0).groups().get(0);
    long hp = (s + 1459) / 1460;
    long hLast = s - (hp - 1) * 1460 + 40;
    long harnessPs = (hp + 3) * serPs(1500) + serPs(hLast) + 8 * DELAY_PS;
    long collectivePs = (s / 1024 + 3) * serPs(WIRE) + serPs(WIRE) + 8 * DELAY_PS;
    assertThat(h.minMemberBytes()).isEqualTo(s);
    assertThat((h.endNs() - h.startNs()) * 1000).isBetween(harnessPs - 1000, harnessPs);
    assertThat(c.jctPs()).isEqualTo(collectivePs);
    // what is left after taking each framing's serialization out is the same 8 µs of fibre
    long harnessFibre = (h.endNs() - h.startNs()) * 1000 - (hp + 3) * serPs(1500) - serPs(hLast);
    assertThat(c.jctPs() - (s / 1024 + 4) * serPs(WIRE)).isEqualTo(8 * DELAY_PS);
    assertThat(harnessFibre).isBetween(8 * DELAY_PS - 1000, 8 * DELAY_PS);
  }

  /**
   * Allgather of 8 ranks, one per ToR of 2,2-Shufflecast, on the flow engine: every ToR's splitter
   * port carries the k·p^(k−1) = 4 sources it holds rules for (§III-B1), but every server's
   * downlink carries the 7 other blocks, so that link is the bottleneck: each multicast gets a
   * seventh of the line rate, and the allgather takes 7 blocks of S/8 on one link plus the last
   * packet's latency (3 splitter hops: 5 ports, 8 links) — the (n−1)/n·S bound of any allgather.
   */
  @Test
  void allgatherIsBoundByEachReceiversLink() {
    long s = 8L << 20;
    long block = s / 8;
    Topology topo = shufflecast(2, 2, 1);
    CollectiveResult r = CollectiveRun.defaults(topo, "flow", Placement.CONTIGUOUS, 1)
        .run(splitter, CollectiveSpec.of(CollectiveOp.ALLGATHER, 8, s), Progress.NONE);
    long expected = 7 * serPs(block / 1024 * WIRE) + 4 * serPs(WIRE) + 8 * DELAY_PS;
    assertThat((double) r.jctPs()).isCloseTo(expected, org.assertj.core.data.Offset.offset(expected * 1e-6));
    // every multicast lights its source's uplink, 4 relays × 3 links and 7 member links
    assertThat(r.wireBytes()).isEqualTo(8 * (1 + 12 + 7) * block);
  }

  @Test
  void refusesAFabricWithoutSplitters() {
    Topology ft = TopologyFamilies.load().build("fattree", Map.of("k", "4", "seed", "1"));
    CollectiveRun run = CollectiveRun.defaults(ft, "flow", Placement.CONTIGUOUS, 1);
    assertThatThrownBy(() -> run.run(splitter, CollectiveSpec.of(CollectiveOp.BROADCAST, 8, 1 << 20), Progress.NONE))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("splitter")
        .hasMessageContaining("p,k-Shufflecast")
        .hasMessageNotContaining("--");
  }

  @Test
  void refusesAShufflecastWithFewerPhysicalToRs() {
    Topology t = TopologyFamilies.load().build("shufflecast", Map.of("p", "2", "k", "3", "tors", "15"));
    assertThat(splitter.unsupported(t, CollectiveSpec.of(CollectiveOp.BROADCAST, 8, 1024)))
        .contains("one physical ToR per logical ToR").doesNotContain("--");
  }
}
