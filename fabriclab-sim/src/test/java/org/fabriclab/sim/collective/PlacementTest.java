package org.fabriclab.sim.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/** Where ranks run, on a fat-tree k=4 (hosts 2 per edge switch, 4 per pod, pod-major). */
class PlacementTest {
  private final Topology ft = new FatTree(4).build();

  @Test
  void spreadVisitsEveryPodBeforeASecondToRAndEveryToRBeforeASecondHost() {
    // ToRs by (index in pod, pod): pod 0..3 edge 0, then pod 0..3 edge 1; the first host of each,
    // then the second
    assertThat(Placement.SPREAD.hosts(ft, 16, 1))
        .containsExactly(0, 4, 8, 12, 2, 6, 10, 14, 1, 5, 9, 13, 3, 7, 11, 15);
    assertThat(Placement.SPREAD.hosts(ft, 4, 1)).containsExactly(0, 4, 8, 12);
  }

  @Test
  void contiguousIsTheIdentityAndRandomIsASeededSample() {
    assertThat(Placement.CONTIGUOUS.hosts(ft, 5, 1)).containsExactly(0, 1, 2, 3, 4);
    int[] a = Placement.RANDOM.hosts(ft, 16, 7);
    assertThat(a).isEqualTo(Placement.RANDOM.hosts(ft, 16, 7));
    assertThat(Arrays.stream(a).sorted().toArray()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    assertThat(a).isNotEqualTo(Placement.RANDOM.hosts(ft, 16, 8));
  }

  @Test
  void moreRanksThanHostsIsRefused() {
    assertThatThrownBy(() -> Placement.SPREAD.hosts(ft, 17, 1)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("2..16");
  }
}
