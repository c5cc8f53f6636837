package org.fabriclab.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;
import org.junit.jupiter.api.Test;

/**
 * Property (QuickTheories, fixed seed): for every registered family and random small valid
 * parameters, the built topology has exactly the estimated size, and both importable formats give
 * back an equal topology.
 */
class FamilyRoundTripPropertyTest {
  private final TopologyFamilies families = TopologyFamilies.load();

  /** Valid parameters for a size knob s in 1..4 (and a seed), per family. */
  static Map<String, String> params(String family, int s, long seed) {
    String sd = Long.toString(seed);
    return switch (family) {
      case "fattree" -> Map.of("k", Integer.toString(2 * s));
      case "clos" -> Map.of("tiers", Integer.toString(2 + s % 2), "ports", Integer.toString(2 * s + 2));
      case "jellyfish" ->
          Map.of("switches", Integer.toString(6 + 3 * s), "ports", Integer.toString(4 + s),
              "servers-per-switch", "1", "seed", sd);
      case "tworandom" -> Map.of("k", Integer.toString(2 * s + 2), "seed", sd);
      case "bcube" -> Map.of("n", Integer.toString(s + 1), "k", Integer.toString(s % 3));
      case "fbfly" -> Map.of("k", Integer.toString(s + 1), "n", "3", "c", Integer.toString(s));
      case "hyperx" -> Map.of("dims", (s + 1) + "," + (s + 2), "trunk", Integer.toString(1 + s % 2));
      case "torus" -> Map.of("dims", (s + 1) + ",3," + (s + 2), "servers-per-node", Integer.toString(s % 2));
      case "mltree" -> Map.of("tors", Integer.toString(3 * s), "ports", Integer.toString(3 + s));
      default -> throw new AssertionError("add a parameter generator for new family " + family);
    };
  }

  @Test
  void everyFamilyMatchesItsEstimateAndRoundTrips() {
    for (TopologyFamily f : families.all()) {
      qt().withFixedSeed(20261121L)
          .withExamples(12)
          .forAll(integers().between(1, 4), longs().between(0, 1000))
          .checkAssert(
              (s, seed) -> {
                Params p = families.parse(f.name(), params(f.name(), s, seed));
                SizeEstimate e = f.estimate(p);
                Topology t = f.build(p);
                assertThat((long) t.nodeCount()).as(f.name() + " nodes").isEqualTo(e.nodes());
                assertThat((long) t.linkCount()).as(f.name() + " links").isEqualTo(e.directedLinks());
                for (TopologyFormat fmt : new TopologyFormat[] {TopologyFormat.JSON, TopologyFormat.GRAPHML}) {
                  assertThat(roundTrip(t, fmt)).as(f.name() + " via " + fmt).isEqualTo(t);
                }
              });
    }
  }

  private static Topology roundTrip(Topology t, TopologyFormat fmt) {
    try {
      StringWriter w = new StringWriter();
      TopologyFiles.write(t, fmt, w);
      return TopologyFiles.read(new StringReader(w.toString()), fmt, "mem." + fmt.extension());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
