package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The dense QPN → group index of the Gleam switch elements. */
class QpGroupIndexTest {
  @Test
  void groupsAreNumberedInOrderOfFirstBindingAndQpnsMapToThem() {
    QpGroupIndex ix = new QpGroupIndex();
    int a = GleamAddresses.groupIp(7);
    int b = GleamAddresses.groupIp(3);
    assertThat(ix.bind(100, a)).isZero();
    assertThat(ix.bind(5, b)).isEqualTo(1);
    assertThat(ix.bind(101, a)).isZero();
    assertThat(ix.groupCount()).isEqualTo(2);
    assertThat(ix.groupIp(0)).isEqualTo(a);
    assertThat(ix.groupIp(1)).isEqualTo(b);
    assertThat(ix.groupOf(100)).isZero();
    assertThat(ix.groupOf(101)).isZero();
    assertThat(ix.groupOf(5)).isEqualTo(1);
    // unbound QPNs inside and outside the array, and negative ones
    assertThat(ix.groupOf(6)).isEqualTo(QpGroupIndex.NONE);
    assertThat(ix.groupOf(50)).isEqualTo(QpGroupIndex.NONE);
    assertThat(ix.groupOf(1_000_000)).isEqualTo(QpGroupIndex.NONE);
    assertThat(ix.groupOf(-1)).isEqualTo(QpGroupIndex.NONE);
  }

  /** Many groups and QPNs: the array growth keeps every earlier binding (against a plain map). */
  @Test
  void growthKeepsEveryBinding() {
    QpGroupIndex ix = new QpGroupIndex();
    java.util.Map<Integer, Integer> want = new java.util.HashMap<>();
    java.util.Random rnd = new java.util.Random(3);
    for (int i = 0; i < 5000; i++) {
      int q = rnd.nextInt(40_000);
      if (want.containsKey(q)) {
        continue;
      }
      int g = GleamAddresses.groupIp(rnd.nextInt(300));
      ix.bind(q, g);
      want.put(q, g);
    }
    for (var e : want.entrySet()) {
      assertThat(ix.groupIp(ix.groupOf(e.getKey()))).isEqualTo(e.getValue());
    }
    for (int q = 0; q < 40_000; q++) {
      if (!want.containsKey(q)) {
        assertThat(ix.groupOf(q)).isEqualTo(QpGroupIndex.NONE);
      }
    }
  }

  @Test
  void aSharedIndexRefusesAQpnInTwoGroupsAPrivateOneTakesTheLater() {
    QpGroupIndex shared = new QpGroupIndex();
    shared.bind(9, GleamAddresses.groupIp(0));
    shared.bind(9, GleamAddresses.groupIp(0)); // the same binding again is fine
    assertThatThrownBy(() -> shared.bind(9, GleamAddresses.groupIp(1)))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("QPN 9");
    QpGroupIndex own = new QpGroupIndex(false);
    own.bind(9, GleamAddresses.groupIp(0));
    own.bind(9, GleamAddresses.groupIp(1));
    assertThat(own.groupIp(own.groupOf(9))).isEqualTo(GleamAddresses.groupIp(1));
    assertThatThrownBy(() -> shared.bind(-1, GleamAddresses.groupIp(0))).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> shared.bind(1, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
