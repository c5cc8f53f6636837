package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fabriclab.error.FabriclabException;
import org.junit.jupiter.api.Test;

/** §III-B control plane and §III-C2 controller failover (seed 000). */
class ShufflecastControllerTest {
  @Test
  void staticRulesAndMembershipUpdates() {
    ShufflecastController c = new ShufflecastController(new ShufflecastTopology(2, 2), 2, 3);
    assertThat(c.relayRules().counts()).containsOnly(4);
    // servers 0,1 on ToR 0; 6 on ToR 3; 15 on ToR 7
    ShufflecastController.Update u = c.join(1, 0, 1, 6, 15);
    assertThat(u.torsChanged()).containsExactly(0, 3, 7);
    assertThat(u.rulesAdded()).isEqualTo(3);
    assertThat(u.latencyMs()).isEqualTo(0.6);
    assertThat(c.members(1, 0)).containsExactly(0, 1);
    ShufflecastController.Update v = c.leave(1, 1, 15);
    assertThat(v.rulesModified()).isEqualTo(1);
    assertThat(v.rulesRemoved()).isEqualTo(1);
    assertThat(v.rulesChanged()).isEqualTo(2);
    assertThat(c.join(1, 0).latencyMs()).isZero();
  }

  @Test
  void failoverElectsABackupAndStaticRulesStay() {
    ShufflecastController c = new ShufflecastController(new ShufflecastTopology(2, 2), 1, 2);
    RelayRules before = c.relayRules();
    assertThat(c.fail(0)).isEqualTo(1);
    assertThat(c.join(7, 3).controller()).isEqualTo(1);
    assertThat(c.fail(1)).isEqualTo(-1);
    assertThatThrownBy(() -> c.join(7, 4)).isInstanceOf(FabriclabException.class)
        .hasMessageContaining("no live controller");
    assertThat(c.relayRules()).isEqualTo(before);
  }
}
