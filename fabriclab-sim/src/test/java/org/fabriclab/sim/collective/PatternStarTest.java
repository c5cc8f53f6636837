package org.fabriclab.sim.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.host.PipelinedChain;
import org.fabriclab.sim.collective.host.Ring;
import org.fabriclab.sim.collective.host.UnicastFanout;
import org.fabriclab.sim.collective.pattern.HplPattern;
import org.fabriclab.sim.collective.pattern.ReplicationPattern;
import org.fabriclab.sim.collective.pattern.ShufflePattern;
import org.junit.jupiter.api.Test;

/**
 * The application patterns on a non-blocking star against closed forms: HPL's increasing ring on
 * a P×Q grid takes (Q−1) whole-panel hops in the rows then (P−1) in the columns of the α–β model
 * of {@link Star}; 1→3 replication puts 3·S on the client's uplink by unicasts and S by
 * multicast; a shuffle of M mappers and R reducers carries each mapper's S over two links.
 */
class PatternStarTest {
  @Test
  void hplByIncreasingRingIsTheHockneyChainOfTheRowsThenTheColumns() {
    int p = 2;
    int q = 4;
    long m = 4L << 20;
    Star star = new Star(p * q);
    CollectiveScheme ring = new HplPattern(p, q).over(new PipelinedChain());
    CollectiveSchedule s = ring.build(CollectiveSpec.of(CollectiveOp.HPL, p * q, m));
    // rows and columns use disjoint links of the star, so each phase is one chain
    double model = (q - 1 + p - 1) * Star.message(m);
    assertThat(star.flow(s, 0).jctPs() / model).isCloseTo(1.0, within(0.02));
    assertThat(star.packet(s, 0).jctPs() / model).isCloseTo(1.0, within(0.02));
    // the row swap waits for every panel broadcast: its phase starts with the join
    assertThat(s.phases()).isEqualTo(2);
    assertThat(s.phaseLabel(1)).isEqualTo("row swap");
    // payload x links: every hop crosses two links; p rows x (q - 1) hops + q columns x (p - 1)
    assertThat(star.flow(s, 0).wireBytes()).isEqualTo(2 * m * (p * (q - 1) + q * (p - 1)));
  }

  @Test
  void replicationToThreeCostsTheClientThreeCopiesByUnicastAndOneByMulticast() {
    long io = 1L << 20;
    Star star = new Star(4);
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.REPLICATE, 4, io);
    CollectiveSchedule uni = new ReplicationPattern(3).over(new UnicastFanout()).build(spec);
    CollectiveSchedule mc = new ReplicationPattern(3).over(new IpMulticast()).build(spec);
    for (CollectiveResult r : new CollectiveResult[] {star.flow(uni, 0), star.packet(uni, 0)}) {
      assertThat(r.rootUplinkBytes()).isEqualTo(3 * Star.wire(io));
      assertThat(r.wireBytes()).isEqualTo(3 * 2 * io);
    }
    for (CollectiveResult r : new CollectiveResult[] {star.flow(mc, 0), star.packet(mc, 0)}) {
      assertThat(r.rootUplinkBytes()).isEqualTo(Star.wire(io));
      assertThat(r.wireBytes()).isEqualTo(4 * io); // the uplink and three downlinks
    }
    // unicasts share the client's uplink: three copies' time; the multicast one copy's
    assertThat(star.flow(uni, 0).jctPs() / (Star.message(io) + 2 * Star.wire(io) * 8e12 / Star.GBPS))
        .isCloseTo(1.0, within(0.02));
    assertThat(star.flow(mc, 0).jctPs() / Star.message(io)).isCloseTo(1.0, within(0.02));
  }

  @Test
  void shuffleCarriesEveryMappersOutputOverTwoLinks() {
    int mappers = 3;
    int reducers = 2;
    long s = 600_000;
    Star star = new Star(mappers + reducers);
    CollectiveSchedule sh = new ShufflePattern(mappers, reducers).over(new UnicastFanout())
        .build(CollectiveSpec.of(CollectiveOp.SHUFFLE, mappers + reducers, s));
    assertThat(sh.messages()).isEqualTo(mappers * reducers);
    for (CollectiveResult r : new CollectiveResult[] {star.flow(sh, 0), star.packet(sh, 0)}) {
      assertThat(r.wireBytes()).isEqualTo(2L * mappers * s);
    }
    // every reducer's downlink carries M partitions of S / R: the bottleneck
    double model = Star.message(s / reducers) + (mappers - 1) * Star.wire(s / reducers) * 8e12 / Star.GBPS;
    assertThat(star.flow(sh, 0).jctPs() / model).isCloseTo(1.0, within(0.02));
    assertThatThrownBy(() -> new ShufflePattern(mappers, reducers).over(new UnicastFanout())
        .build(CollectiveSpec.of(CollectiveOp.SHUFFLE, mappers + reducers, 1001)))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("multiple of the reducers");
  }

  @Test
  void aPatternRefusesASchemeWithoutItsPartOperation() {
    assertThatThrownBy(() -> new HplPattern(2, 2).over(new Ring()))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("does not implement broadcast");
  }
}
