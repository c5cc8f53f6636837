package org.fabriclab.graph.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.stream.Stream;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Export then import gives back a topology equal to the original (ports, labels, family). */
class RoundTripTest {
  static Stream<Arguments> cases() {
    List<Topology> topologies =
        List.of(
            Fixtures.mixed(),
            Fixtures.plain(),
            Fixtures.explicitPorts(),
            Fixtures.isolated(),
            Fixtures.empty(),
            Fixtures.circulant(40, 3));
    return topologies.stream()
        .flatMap(
            t ->
                Stream.of(TopologyFormat.JSON, TopologyFormat.GRAPHML)
                    .map(f -> Arguments.of(f, t)));
  }

  static String write(Topology t, TopologyFormat f) throws IOException {
    StringWriter w = new StringWriter();
    TopologyFiles.write(t, f, w);
    return w.toString();
  }

  static Topology read(String text, TopologyFormat f) throws IOException {
    return TopologyFiles.read(new StringReader(text), f, "test." + f.extension());
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void importOfExportEqualsOriginal(TopologyFormat f, Topology t) throws IOException {
    Topology back = read(write(t, f), f);
    assertThat(back).isEqualTo(t);
    assertThat(back.family()).isEqualTo(t.family());
    assertThat(back.parameters()).isEqualTo(t.parameters());
    assertThat(back.cableCount()).isEqualTo(t.cableCount());
    // orbit hints are not serialised
    assertThat(back.serverOrbits()).isNull();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void exportIsStable(TopologyFormat f, Topology t) throws IOException {
    String once = write(t, f);
    assertThat(write(read(once, f), f)).isEqualTo(once);
  }

  @Test
  void mixedFixtureHasTheHandCountedSize() {
    Topology t = Fixtures.mixed();
    assertThat(t.nodeCount()).isEqualTo(8);
    assertThat(t.cableCount()).isEqualTo(10);
    assertThat(t.linkCount()).isEqualTo(16);
    assertThat(t.degree(7)).isZero();
  }

  @Test
  void hundredThousandCablesRoundTrip() throws IOException {
    Topology t = Fixtures.circulant(20_000, 5);
    // 20,000 × 5 cables plus one one-way link per third node
    assertThat(t.cableCount()).isEqualTo(100_000 + 6_667);
    for (TopologyFormat f : List.of(TopologyFormat.JSON, TopologyFormat.GRAPHML)) {
      Topology back = read(write(t, f), f);
      assertThat(back).isEqualTo(t);
    }
  }
}
