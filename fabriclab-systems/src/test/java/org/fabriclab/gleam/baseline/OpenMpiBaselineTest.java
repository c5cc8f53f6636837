package org.fabriclab.gleam.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.sim.collective.CollectiveSchedule;
import org.junit.jupiter.api.Test;

/**
 * The Open MPI baseline builds, for every size class of the rule, the transfers of Gleam's own
 * builders for the algorithm it names: same senders, receivers, bytes and dependencies in the
 * same order.
 */
class OpenMpiBaselineTest {
  private static final long[] SIZES = {1, 31, 32, 63, 64, 127, 128, 255, 256, 511, 512, 1023, 1024,
      2047, 2048, 8191, 8192, 32767, 32768, 131071, 131072, 262143, 262144, 524287, 524288, 1048575,
      1048576, 1L << 30};

  @Test
  void schedulesAreGleamsBuildersForTheNamedAlgorithm() {
    for (int p = 2; p <= 17; p++) {
      for (long m : SIZES) {
        for (int root : new int[] {0, p - 1}) {
          String a = MpiBcast.openMpiAlgorithm(p, m);
          CollectiveSchedule want = switch (a) {
            case "pipeline" -> MpiBcast.chain(p, root, m, 1, 0);
            case "binary_tree" -> MpiBcast.binaryTree(p, root, m);
            case "linear" -> MpiBcast.linear(p, root, m);
            case "chain" -> MpiBcast.chain(p, root, m, 4, 0);
            case "binomial" -> MpiBcast.binomial(p, root, m);
            default -> MpiBcast.scatterAllgatherRing(p, root, m);
          };
          CollectiveSchedule got = MpiBcast.openMpi(p, root, m);
          assertThat(got.name()).isEqualTo(want.name());
          assertThat(Schedules.text(got)).as("%d ranks, %d B, root %d", p, m, root)
              .isEqualTo(Schedules.text(want));
        }
      }
    }
  }

  @Test
  void thresholdsOfTheTwoToSevenRankTable() {
    // ompi_coll_tuned_bcast_intra_dec_fixed (Open MPI 4.1), read row by row
    assertThat(MpiBcast.openMpiAlgorithm(2, 31)).isEqualTo("pipeline");
    assertThat(MpiBcast.openMpiAlgorithm(3, 255)).isEqualTo("binary_tree");
    assertThat(MpiBcast.openMpiAlgorithm(3, 511)).isEqualTo("pipeline");
    assertThat(MpiBcast.openMpiAlgorithm(3, 1023)).isEqualTo("linear");
    assertThat(MpiBcast.openMpiAlgorithm(3, 131071)).isEqualTo("binary_tree");
    assertThat(MpiBcast.openMpiAlgorithm(3, 262143)).isEqualTo("chain");
    assertThat(MpiBcast.openMpiAlgorithm(3, 524287)).isEqualTo("linear");
    assertThat(MpiBcast.openMpiAlgorithm(3, 1048575)).isEqualTo("binomial");
    assertThat(MpiBcast.openMpiAlgorithm(3, 1048576)).isEqualTo("binary_tree");
    assertThat(MpiBcast.openMpiAlgorithm(7, 63)).isEqualTo("binary_tree");
    assertThat(MpiBcast.openMpiAlgorithm(7, 127)).isEqualTo("binomial");
    assertThat(MpiBcast.openMpiAlgorithm(7, 2047)).isEqualTo("binary_tree");
    assertThat(MpiBcast.openMpiAlgorithm(7, 8191)).isEqualTo("binomial");
    assertThat(MpiBcast.openMpiAlgorithm(7, 1048575)).isEqualTo("linear");
    assertThat(MpiBcast.openMpiAlgorithm(7, 1048576)).isEqualTo("chain");
    assertThat(MpiBcast.openMpiAlgorithm(8, 1048575)).isEqualTo("binomial");
    assertThat(MpiBcast.openMpiAlgorithm(8, 1048576)).isEqualTo("scatter_allgather_ring");
  }
}
