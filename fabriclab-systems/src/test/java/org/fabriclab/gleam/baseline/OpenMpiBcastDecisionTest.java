package org.fabriclab.gleam.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Open MPI baseline builds, for every size class of the rule, the transfers of Gleam's own
 * builders for the algorithm it names: same senders, receivers, bytes and dependencies in the
 * same order.
 */
class OpenMpiBcastDecisionTest {
  private static final long[] SIZES = {1, 31, 32, 63, 64, 127, 128, 255, 256, 511, 512, 1023, 1024,
      2047, 2048, 8191, 8192, 32767, 32768, 131071, 131072, 262143, 262144, 524287, 524288, 1048575,
      1048576, 1L << 30};

  @Test
  void schedulesAreGleamsBuildersForTheNamedAlgorithm() {
    for (int p = 2; p <= 17; p++) {
      for (long m : SIZES) {
        for (int root : new int[] {0, p - 1}) {
          String a = OpenMpiBcastDecision.algorithm(p, m);
          TransferSchedule want = switch (a) {
            case "pipeline" -> MpiBcast.chain(p, root, m, 1, 0);
            case "binary_tree" -> MpiBcast.binaryTree(p, root, m);
            case "linear" -> MpiBcast.linear(p, root, m);
            case "chain" -> MpiBcast.chain(p, root, m, 4, 0);
            case "binomial" -> MpiBcast.binomial(p, root, m);
            default -> MpiBcast.scatterAllgatherRing(p, root, m);
          };
          TransferSchedule got = OpenMpiBcastDecision.schedule(p, root, m);
          assertThat(got.name()).isEqualTo(want.name());
          assertThat(text(got.transfers())).as("%d ranks, %d B, root %d", p, m, root)
              .isEqualTo(text(want.transfers()));
        }
      }
    }
  }

  @Test
  void thresholdsOfTheTwoToSevenRankTable() {
    // ompi_coll_tuned_bcast_intra_dec_fixed (Open MPI 4.1), read row by row
    assertThat(OpenMpiBcastDecision.algorithm(2, 31)).isEqualTo("pipeline");
    assertThat(OpenMpiBcastDecision.algorithm(3, 255)).isEqualTo("binary_tree");
    assertThat(OpenMpiBcastDecision.algorithm(3, 511)).isEqualTo("pipeline");
    assertThat(OpenMpiBcastDecision.algorithm(3, 1023)).isEqualTo("linear");
    assertThat(OpenMpiBcastDecision.algorithm(3, 131071)).isEqualTo("binary_tree");
    assertThat(OpenMpiBcastDecision.algorithm(3, 262143)).isEqualTo("chain");
    assertThat(OpenMpiBcastDecision.algorithm(3, 524287)).isEqualTo("linear");
    assertThat(OpenMpiBcastDecision.algorithm(3, 1048575)).isEqualTo("binomial");
    assertThat(OpenMpiBcastDecision.algorithm(3, 1048576)).isEqualTo("binary_tree");
    assertThat(OpenMpiBcastDecision.algorithm(7, 63)).isEqualTo("binary_tree");
    assertThat(OpenMpiBcastDecision.algorithm(7, 127)).isEqualTo("binomial");
    assertThat(OpenMpiBcastDecision.algorithm(7, 2047)).isEqualTo("binary_tree");
    assertThat(OpenMpiBcastDecision.algorithm(7, 8191)).isEqualTo("binomial");
    assertThat(OpenMpiBcastDecision.algorithm(7, 1048575)).isEqualTo("linear");
    assertThat(OpenMpiBcastDecision.algorithm(7, 1048576)).isEqualTo("chain");
    assertThat(OpenMpiBcastDecision.algorithm(8, 1048575)).isEqualTo("binomial");
    assertThat(OpenMpiBcastDecision.algorithm(8, 1048576)).isEqualTo("scatter_allgather_ring");
  }

  private static String text(List<Transfer> ts) {
    StringBuilder sb = new StringBuilder();
    for (Transfer t : ts) {
      sb.append(t.id()).append(':').append(t.src()).append("->").append(java.util.Arrays.toString(t.dsts()))
          .append(' ').append(t.bytes()).append(" after ").append(java.util.Arrays.toString(t.dependsOn())).append('\n');
    }
    return sb.toString();
  }
}
