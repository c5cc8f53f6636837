package org.fabriclab.incast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fabriclab.error.InvalidParameterException;
import org.junit.jupiter.api.Test;

/** The Table I delay model on the Fig. 3(c) tree, worked by hand. */
class ShuffleDelayModelTest {
  @Test
  void fig3cTreeByHand() {
    BCubeLabels L = new BCubeLabels(4, 1);
    IncastTree t = new RsTreeBuilder(new int[] {0, 1})
        .build(IncastTransfer.unit(L, 0, 2, 5, 9, 10, 11, 14));
    // 0.008 Gbps: 1 MB per second. Cables into v1 and v2 carry 2 MB each (ready at 2 s), into v3
    // 1 MB; the receiver's level-0 cable carries the three 1 MB aggregates after 2 s: 5 s.
    ShuffleDelayModel m = new ShuffleDelayModel(0.008, 1.0);
    assertThat(m.shuffleSeconds(t, 0)).isCloseTo(5.0, org.assertj.core.data.Offset.offset(1e-9));
    // then the receiver reduces 3 MB at 1 MB/s
    assertThat(m.totalSeconds(t, 0)).isCloseTo(8.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThatThrownBy(() -> new ShuffleDelayModel(0, 1)).isInstanceOf(InvalidParameterException.class);
  }
}
