package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seed 002 §3.5: per-link congestion counters, only the most congested link's CNPs pass, aging. */
class CnpFilterTest {
  static final long PERIOD = 50_000_000L; // 50 us

  static MulticastForwardingTable table() {
    MulticastForwardingTable t = new MulticastForwardingTable(4, 1);
    int g = t.addGroup(GleamAddresses.groupIp(0), 0);
    for (int p = 0; p < 4; p++) {
      t.addForwarded(g, p);
    }
    t.setAckOutPort(g, 0);
    return t;
  }

  @Test
  void onlyTheMostCongestedLinkPasses() {
    MulticastForwardingTable t = table();
    CnpFilter f = new CnpFilter(t, PERIOD);
    List<Boolean> pass = new ArrayList<>();
    // link 1 is congested (3 CNPs), link 2 once, link 3 twice; all inside one aging period
    int[] from = {1, 2, 1, 3, 1, 3, 2, 3};
    for (int p : from) {
      pass.add(f.onCnp(0, p, 1000));
    }
    // counters after each: 1:1 pass, leader 1 | 2:1 ties leader 1: no | 1:2 pass | 3:1 (<2) no |
    // 1:3 pass | 3:2 no | 2:2 no | 3:3 ties leader 1: no
    assertThat(pass).containsExactly(true, false, true, false, true, false, false, false);
    assertThat(f.passed()).isEqualTo(3);
    assertThat(f.filtered()).isEqualTo(5);
    // 3:4 above 1's 3: passes and leads; 1:4 now ties the leader 3: no
    assertThat(f.onCnp(0, 3, 1000)).isTrue();
    assertThat(f.onCnp(0, 1, 1000)).isFalse();
    assertThat(f.onCnp(0, 0, 1000)).as("from the source's side").isFalse();
  }

  @Test
  void linksCongestedAlikePassOneStreamNotTheSum() {
    // three receivers echo the same marks: CNPs arrive in rounds 1, 2, 3, 1, 2, 3, ...
    CnpFilter f = new CnpFilter(table(), PERIOD);
    int passedFrom1 = 0;
    for (int round = 0; round < 10; round++) {
      for (int p = 1; p <= 3; p++) {
        if (f.onCnp(0, p, round * 1000L)) {
          assertThat(p).as("only the first link of the tie leads").isEqualTo(1);
          passedFrom1++;
        }
      }
    }
    assertThat(passedFrom1).isEqualTo(10);
    assertThat(f.filtered()).isEqualTo(20);
  }

  @Test
  void agingHalvesTheCountersOncePerPeriod() {
    MulticastForwardingTable t = table();
    CnpFilter f = new CnpFilter(t, PERIOD);
    for (int i = 0; i < 8; i++) {
      f.onCnp(0, 1, 0);
    }
    assertThat(t.congestion(0, 1)).isEqualTo(8);
    // two periods later link 1's counter is 8/4 = 2: link 2 needs 3 CNPs to pass (a tie with the
    // leader, link 1, does not)
    assertThat(f.onCnp(0, 2, 2 * PERIOD + 7)).isFalse();
    assertThat(t.congestion(0, 1)).isEqualTo(2);
    assertThat(f.onCnp(0, 2, 2 * PERIOD + 9)).isFalse();
    assertThat(f.onCnp(0, 2, 2 * PERIOD + 11)).isTrue();
    // without aging the same two CNPs would both be filtered (8 > 2)
    MulticastForwardingTable u = table();
    CnpFilter h = new CnpFilter(u, Long.MAX_VALUE / 4);
    for (int i = 0; i < 8; i++) {
      h.onCnp(0, 1, 0);
    }
    assertThat(h.onCnp(0, 2, 2 * PERIOD + 7)).isFalse();
    assertThat(h.onCnp(0, 2, 2 * PERIOD + 9)).isFalse();
  }
}
