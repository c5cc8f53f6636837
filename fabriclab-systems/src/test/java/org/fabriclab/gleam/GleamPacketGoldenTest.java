package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.topology.TopologyFamilies;
import org.junit.jupiter.api.Test;

/**
 * Golden runs of the packet-level Gleam switch (seed 002 §3: header rewrite, ACK aggregation and
 * NACK filtering, CNP filtering). Each run has a readable golden file under
 * {@code src/test/resources/gleam/golden/}, one {@code name value} line per counter, compared line
 * by line; a mismatch names the first differing line. A change to the per-packet decisions — which
 * copy, which ACK or NACK, when a duplicate ACK is repeated, which NACK is suppressed, where a CNP
 * goes — changes at least one line.
 *
 * <p>Broadcast runs ({@link PacketBcast}) record the JCT, the source's transmitted bytes and
 * retransmissions, every NACK PSN the source received and every PSN at which it went back, the
 * bytes and anomalies (duplicates or out of order) of each receiver, and per Gleam switch (by node)
 * the feedback it generated, repeated ACKs, suppressed NACKs, ACKs and NACKs in and out of its
 * aggregation, ignored feedback and its source go-backs. The runs cover loss on every port
 * (go-back-N, NACK aggregation and suppression, repeated ACKs), deterministic drops, a fat-tree
 * with a source that is not on the first receiver's side, tables built by envelope packets, HPL
 * runs with 2N groups per switch on the paper's fabric ({@link HplExperiment}: JCT, end of the
 * panel broadcast, source packets, retransmissions, engine events), and §3.5's CNP filter on and
 * off ({@link CnpPacketExperiment}).
 *
 * <p>The files are regression goldens of this model, not values from the paper. After a deliberate
 * model change, rewrite them with {@code -Dgleam.golden.write=true} (run from the module directory)
 * and review the diff.
 */
class GleamPacketGoldenTest {
  static final Path DIR = Path.of("src/test/resources/gleam/golden");

  /** A run's counters as ordered {@code name value} lines. */
  private static final class Lines {
    final List<String> lines = new ArrayList<>();

    Lines put(String name, Object value) {
      lines.add(name + " " + value);
      return this;
    }

    Lines each(String name, long[] values) {
      for (int i = 0; i < values.length; i++) {
        put(name + "." + i, values[i]);
      }
      return this;
    }

    Lines each(String name, int[] values) {
      for (int i = 0; i < values.length; i++) {
        put(name + "." + i, values[i]);
      }
      return this;
    }
  }

  /** Compares {@code got} with the golden file {@code name}, or rewrites it on request. */
  static void check(String name, Lines got) {
    Path file = DIR.resolve(name);
    try {
      if (Boolean.getBoolean("gleam.golden.write")) {
        Files.createDirectories(DIR);
        Files.write(file, got.lines, StandardCharsets.UTF_8);
        return;
      }
      List<String> want = Files.readAllLines(file, StandardCharsets.UTF_8);
      int n = Math.min(want.size(), got.lines.size());
      for (int i = 0; i < n; i++) {
        if (!want.get(i).equals(got.lines.get(i))) {
          fail(name + " line " + (i + 1) + ": expected '" + want.get(i) + "' but was '" + got.lines.get(i) + "'");
        }
      }
      if (want.size() != got.lines.size()) {
        fail(name + ": expected " + want.size() + " lines but the run gave " + got.lines.size()
            + (want.size() > n ? "; first missing: '" + want.get(n) + "'" : "; first extra: '" + got.lines.get(n) + "'"));
      }
    } catch (IOException e) {
      throw new AssertionError("golden file " + file + ": " + e.getMessage(), e);
    }
  }

  /** The Gleam elements of a network, by node. */
  private static final class Elements {
    final List<GleamSwitchElement> elements = new ArrayList<>();
    final List<Integer> nodes = new ArrayList<>();

    void capture(Network net, Topology topo) {
      for (int v = 0; v < topo.nodeCount(); v++) {
        SwitchElement e = net.element(v);
        if (e instanceof GleamSwitchElement g) {
          elements.add(g);
          nodes.add(v);
        }
      }
    }

    void write(Lines out) {
      for (int i = 0; i < elements.size(); i++) {
        GleamSwitchElement g = elements.get(i);
        String s = "switch." + nodes.get(i) + ".";
        out.put(s + "feedbackGenerated", g.feedbackGenerated())
            .put(s + "repeatedAcks", g.repeatedAcks())
            .put(s + "suppressedNacks", g.suppressedNacks())
            .put(s + "acksIn", g.aggregation().acksIn())
            .put(s + "nacksIn", g.aggregation().nacksIn())
            .put(s + "acksOut", g.aggregation().acksOut())
            .put(s + "nacksOut", g.aggregation().nacksOut())
            .put(s + "ignored", g.aggregation().ignored())
            .put(s + "sourceGoBacks", g.sourceGoBacks().length);
      }
    }
  }

  private static void bcast(String name, Topology topo, int source, int[] receivers, long bytes, double loss,
      List<int[]> drops, long seed, boolean byPackets) {
    Elements c = new Elements();
    PacketBcast.Result r = PacketBcast.run("gleam", topo, source, receivers, bytes, loss, drops, seed,
        new PacketBcast.Options(null, net -> c.capture(net, topo), byPackets));
    Lines out = new Lines().put("jctPs", r.jctPs()).put("sourceTxBytes", r.sourceTxBytes())
        .put("retransmittedPackets", r.retransmittedPackets()).put("sourceNacks", r.sourceNacks().length)
        .each("sourceNack", r.sourceNacks()).put("sourceGoBacks", r.sourceGoBacks().length)
        .each("sourceGoBack", r.sourceGoBacks()).each("deliveredBytes", r.deliveredBytes())
        .each("duplicateOrOutOfOrder", r.duplicateOrOutOfOrder());
    c.write(out);
    check(name, out);
  }

  private static void hpl(String name, int n, long bytes, double loss, long seed) {
    HplResult r = HplExperiment.run(HplFabric.paper(), n, "gleam", "packet", loss, seed, bytes);
    check(name, new Lines().put("jctPs", r.jctPs()).put("pbPs", r.pbPs()).put("sourcePackets", r.sourcePackets())
        .put("retransmittedPackets", r.retransmittedPackets()).put("events", r.events()));
  }

  /** The CLI's {@code --topo 'fattree k=K'} (default link rate and delay, seed 1). */
  private static Topology fatTree(int k) {
    return TopologyFamilies.load().build("fattree", Map.of("k", String.valueOf(k), "seed", "1"));
  }

  private static int[] range(int from, int count) {
    int[] a = new int[count];
    Arrays.setAll(a, i -> from + i);
    return a;
  }

  @Test
  void testbedUnderLossAndDrops() {
    Topology tb = PacketBcast.testbed(4, 100);
    bcast("bcast-testbed4-loss0.05-seed1.ref", tb, 0, range(1, 3), 1 << 20, 0.05, List.of(), 1, false);
    bcast("bcast-testbed4-drops-seed1.ref", tb, 0, range(1, 3), 1 << 20, 0,
        List.of(new int[] {1, 1}, new int[] {2, 2}, new int[] {3, 500}), 1, false);
    bcast("bcast-testbed21-loss0.02-seed7.ref", PacketBcast.testbed(21, 100), 0, range(1, 20), 1 << 20, 0.02,
        List.of(), 7, false);
  }

  @Test
  void fatTrees() {
    Topology k8 = fatTree(8);
    bcast("bcast-fattree8-all-loss0.001-seed1.ref", k8, 0, range(1, 127), 1 << 20, 0.001, List.of(), 1, false);
    bcast("bcast-fattree8-src70-loss0.003-seed11.ref", k8, 70, new int[] {5, 17, 33, 64, 100}, 1 << 19, 0.003,
        List.of(), 11, false);
    Topology k4 = fatTree(4);
    bcast("bcast-fattree4-loss0.01-seed3.ref", k4, 0, range(1, 15), 2 << 20, 0.01, List.of(), 3, false);
    bcast("bcast-fattree4-envelopes-loss0.005-seed2.ref", k4, 0, range(1, 15), 1 << 20, 0.005, List.of(), 2, true);
  }

  @Test
  void hplOnThePaperFabric() {
    hpl("hpl-n4-loss1e-3-seed1.ref", 4, 1 << 20, 1e-3, 1);
    hpl("hpl-n4-loss1e-3-seed2.ref", 4, 1 << 20, 1e-3, 2);
    hpl("hpl-n8-loss1e-4-seed5.ref", 8, 1 << 20, 1e-4, 5);
    hpl("hpl-n16-loss5e-4-seed1.ref", 16, 1 << 18, 5e-4, 1);
  }

  /**
   * §3.5 at packet level: a 4 MiB broadcast to receivers at 25 Gb/s each with ECN marking at 64 KB,
   * CNP filtering on and off: the CNPs the source got, those generated, the JCT, each receiver's end.
   */
  @Test
  void cnpFilter() {
    for (boolean on : new boolean[] {true, false}) {
      CnpPacketExperiment.Result r = CnpPacketExperiment.run(100, new double[] {25, 25, 25}, 4 << 20, 64_000,
          on, 1, null);
      check("cnp-filter-" + (on ? "on" : "off") + ".ref", new Lines().put("sourceCnps", r.sourceCnps())
          .put("cnpsGenerated", r.cnpsGenerated()).put("jctPs", r.jctPs()).each("doneAtPs", r.doneAtPs()));
    }
  }
}
