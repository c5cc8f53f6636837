package org.fabriclab.shufflecast;

import java.util.Arrays;
import java.util.function.Function;
import org.fabriclab.experiment.ReproductionReport;

/**
 * The instances a full reproduction grades but {@code --quick} leaves out become "not run" rows
 *, so the quick summary lists the same checks without counting them.
 */
final class QuickSkips {
  private QuickSkips() {}

  /** A "not run" row for every p,k of {@code full} that {@code run} lacks. */
  static void notRun(ReproductionReport.Builder rep, int[][] full, int[][] run, String item,
      Function<int[], String> metric, Function<int[], String> paper) {
    for (int[] pk : full) {
      if (Arrays.stream(run).noneMatch(x -> Arrays.equals(x, pk))) {
        rep.notRun(item, metric.apply(pk), paper.apply(pk), "full run only (without --quick)");
      }
    }
  }
}
