package org.fabriclab.flattree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.flattree.ConverterSwitch.AGGREGATION;
import static org.fabriclab.flattree.ConverterSwitch.CORE;
import static org.fabriclab.flattree.ConverterSwitch.EDGE;
import static org.fabriclab.flattree.ConverterSwitch.SERVER;
import static org.fabriclab.flattree.ConverterSwitch.SIDE_A;
import static org.fabriclab.flattree.ConverterSwitch.SIDE_B;
import static org.fabriclab.flattree.ConverterSwitch.UNUSED;

import org.fabriclab.flattree.ConverterSwitch.Configuration;
import org.fabriclab.flattree.ConverterSwitch.Kind;
import org.junit.jupiter.api.Test;

/** Fig. 1 / §2.1 / §2.5 of seed 001: the configurations as port pairings. */
class ConverterSwitchTest {
  @Test
  void everyConfigurationIsAPairingOfPorts() {
    for (Configuration c : Configuration.values()) {
      for (int p = 0; p < 6; p++) {
        int q = c.partner(p);
        if (q != UNUSED) {
          assertThat(q).isNotEqualTo(p);
          assertThat(c.partner(q)).as(c + " port " + p).isEqualTo(p);
        }
      }
      // the four Clos-facing ports are always connected: a converter never wastes a link
      for (int p = SERVER; p <= CORE; p++) {
        assertThat(c.partner(p)).isNotEqualTo(UNUSED);
      }
    }
  }

  @Test
  void defaultIsTheClosAndLocalRelocatesTheServerToTheAggregationSwitch() {
    assertThat(Configuration.DEFAULT.partner(SERVER)).isEqualTo(EDGE);
    assertThat(Configuration.DEFAULT.partner(AGGREGATION)).isEqualTo(CORE);
    assertThat(Configuration.LOCAL.partner(SERVER)).isEqualTo(AGGREGATION);
    assertThat(Configuration.LOCAL.partner(EDGE)).isEqualTo(CORE);
  }

  @Test
  void sideAndCrossRelocateTheServerToTheCoreAndNeedSixPorts() {
    for (Configuration c : new Configuration[] {Configuration.SIDE, Configuration.CROSS}) {
      assertThat(c.partner(SERVER)).isEqualTo(CORE);
      assertThat(c.validFor(Kind.FOUR_PORT)).isFalse();
      assertThat(c.validFor(Kind.SIX_PORT)).isTrue();
      assertThat(c.usesSidePorts()).isTrue();
    }
    assertThat(Configuration.DEFAULT.validFor(Kind.FOUR_PORT)).isTrue();
    assertThat(Configuration.LOCAL.validFor(Kind.FOUR_PORT)).isTrue();
  }

  /** Two converters joined side to side (straight or crossed cables): what does a port reach? */
  private static int through(Configuration mine, Configuration peer, int port, boolean crossed) {
    int side = mine.partner(port);
    int far = crossed ? (side == SIDE_A ? SIDE_B : SIDE_A) : side;
    return peer.partner(far);
  }

  @Test
  void sidePairsArePeerWiseAndCrossPairsAreEdgeAggregation() {
    // even rows: straight side cables, both "side"; odd rows: crossed cables, both "cross"
    assertThat(through(Configuration.SIDE, Configuration.SIDE, EDGE, false)).isEqualTo(EDGE);
    assertThat(through(Configuration.SIDE, Configuration.SIDE, AGGREGATION, false)).isEqualTo(AGGREGATION);
    assertThat(through(Configuration.CROSS, Configuration.CROSS, EDGE, true)).isEqualTo(AGGREGATION);
    assertThat(through(Configuration.CROSS, Configuration.CROSS, AGGREGATION, true)).isEqualTo(EDGE);
    assertThat(Configuration.SIDE.partner(SIDE_A)).isEqualTo(EDGE);
    assertThat(Configuration.CROSS.partner(SIDE_B)).isEqualTo(EDGE);
  }
}
