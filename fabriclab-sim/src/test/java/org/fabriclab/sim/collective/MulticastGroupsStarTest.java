package org.fabriclab.sim.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.host.UnicastFanout;
import org.fabriclab.sim.collective.pattern.MulticastGroupsPattern;
import org.junit.jupiter.api.Test;

/**
 * Concurrent multicast groups on a non-blocking star against closed forms: the groups' ranks sit
 * on disjoint star links, so each group takes what one group alone takes — a source's K − 1
 * copies through its uplink by unicast fan-out, one copy by IP multicast — and the bytes on the
 * wire are the groups' sum.
 */
class MulticastGroupsStarTest {
  @Test
  void disjointGroupsEachTakeWhatOneTakesAlone() {
    long s = 1L << 20;
    int g = 4;
    int k = 4;
    Star star = new Star(g * k);
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.MULTICAST, g * k, s);
    CollectiveSchedule uni = new MulticastGroupsPattern(g, k).over(new UnicastFanout()).build(spec);
    CollectiveSchedule mc = new MulticastGroupsPattern(g, k).over(new IpMulticast()).build(spec);
    for (CollectiveResult r : new CollectiveResult[] {star.flow(uni, 0), star.packet(uni, 0)}) {
      assertThat(r.wireBytes()).isEqualTo((long) g * (k - 1) * 2 * s); // up and down per copy
    }
    for (CollectiveResult r : new CollectiveResult[] {star.flow(mc, 0), star.packet(mc, 0)}) {
      assertThat(r.wireBytes()).isEqualTo((long) g * k * s); // one uplink and K − 1 downlinks per group
    }
    // a source's three copies share its uplink; the multicast sends one
    double fanout = Star.message(s) + (k - 2) * Star.wire(s) * 8e12 / Star.GBPS;
    assertThat(star.flow(uni, 0).jctPs() / fanout).isCloseTo(1.0, within(0.02));
    assertThat(star.flow(mc, 0).jctPs() / Star.message(s)).isCloseTo(1.0, within(0.02));
    // every group ends when the first does: rank r of group g ends as rank r of group 0
    long[] ends = star.packet(mc, 0).rankEndPs();
    for (int grp = 1; grp < g; grp++) {
      for (int i = 0; i < k; i++) {
        assertThat(ends[grp * k + i]).isEqualTo(ends[i]);
      }
    }
  }

  @Test
  void groupsNeedTwoRanks() {
    assertThatThrownBy(() -> new MulticastGroupsPattern(4, 1)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("group size");
  }
}
