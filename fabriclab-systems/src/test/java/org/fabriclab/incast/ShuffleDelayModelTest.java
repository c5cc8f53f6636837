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

  @Test
  void aggregationChargedAtItsRateOnTheFig3cTree() {
    BCubeLabels L = new BCubeLabels(4, 1);
    IncastTransfer tr = IncastTransfer.unit(L, 0, 2, 5, 9, 10, 11, 14);
    IncastTree t = new RsTreeBuilder(new int[] {0, 1}).build(tr);
    // v1 = (0,1) merges 5 and 9: 2 MB in by 2 s, + 2 s aggregation = 4 s; v2 = (0,2) merges 10,
    // 14 and its own 1 MB: 2 s + 3 s = 5 s; v3 forwards 11 alone (no aggregation) at 1 s; the
    // receiver's level-0 cable carries 3 MB after 5 s: 8 s; reduce 3 MB: 11 s
    ShuffleDelayModel m = new ShuffleDelayModel(0.008, 1.0, 1.0);
    assertThat(m.shuffleSeconds(t, 0)).isCloseTo(8.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(m.totalSeconds(t, 0)).isCloseTo(11.0, org.assertj.core.data.Offset.offset(1e-9));
    // the existing method aggregates at the receiver only: nothing charged in the network
    IncastTree ex = new ExistingMethod(1).build(tr);
    assertThat(m.shuffleSeconds(ex, 0))
        .isEqualTo(new ShuffleDelayModel(0.008, 1.0).shuffleSeconds(ex, 0));
  }
}
