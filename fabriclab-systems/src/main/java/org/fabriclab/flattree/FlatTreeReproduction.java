package org.fabriclab.flattree;

import java.util.stream.IntStream;
import org.fabriclab.experiment.Reproduction;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;

/**
 * {@code fabriclab reproduce flattree [--quick]}: the evaluation of Flat-tree (seed
 * 001_5e703544cea19579.txt, §3): Fig. 5, Fig. 6 (path lengths) and, through the throughput
 * solver, Fig. 7, Fig. 8 and the hybrid experiment of §3.4. Sizes are stated in the notes.
 */
public final class FlatTreeReproduction implements Reproduction {
  /** Largest k of the full path-length figures. */
  static final int PATH_MAX_K = 24;
  /** k of the full Fig. 7 (at least 1000 servers from k = 16). */
  private static final int[] FIG7_KS = {16, 20, 24, 28, 32};
  /** k of the full Fig. 8. */
  private static final int[] FIG8_KS = {8, 10, 12, 16};
  /** k of the full hybrid experiment. */
  static final int HYBRID_K = 12;

  @Override
  public String system() {
    return "flattree";
  }

  @Override
  public String paper() {
    return "Flat-tree: A Convertible Data Center Network Architecture from Clos to Random Graph"
        + " (Xia, Ng; HotNets 2016) — /work/shared/seeds/001_5e703544cea19579.txt";
  }

  @Override
  public ReproductionReport run(ReproductionContext ctx) {
    ReproductionReport.Builder r = ReproductionReport.builder();
    int[] pathKs = ctx.quick() ? new int[] {4, 6, 8} : IntStream.rangeClosed(2, PATH_MAX_K / 2).map(i -> 2 * i).toArray();
    PathLengthExperiments paths = new PathLengthExperiments(ctx);
    paths.fig5(pathKs, r);
    paths.fig6(pathKs, r);
    ThroughputExperiments tp = new ThroughputExperiments(ctx);
    int[] k7 = ctx.quick() ? new int[] {8} : FIG7_KS.clone();
    int cluster = ctx.quick() ? 60 : 1000;
    tp.fig7(k7, cluster, r);
    int[] k8 = ctx.quick() ? new int[] {6} : FIG8_KS.clone();
    tp.fig8(k8, r);
    int kh = ctx.quick() ? 6 : HYBRID_K;
    new HybridExperiment(ctx).run(kh, ctx.quick() ? 20 : 100, r);
    r.note("Hybrid (§3.4): k = " + kh + " instead of the paper's 30, to keep the full run within 30 minutes on"
        + " 2 cores (all-to-all traffic at k = 30 takes the approximation far longer); broadcast clusters of "
        + (ctx.quick() ? 20 : 100) + " servers since a zone of a few Pods holds fewer than 1000.");
    r.note("Throughput (Fig. 7, 8): maximum concurrent flow, unit capacity per link and direction, server links"
        + " relaxed (demands between servers on one switch need no capacity). Fig. 7: k = "
        + PathLengthExperiments.range(k7) + ", " + cluster + "-server clusters (as many as fit; the rest idle)."
        + " Fig. 8: k = " + PathLengthExperiments.range(k8) + ", 20-server clusters. Solver: exact LP (GLOP) when"
        + " groups × links <= " + ThroughputExperiments.SMALL_LP + " (or <= " + ThroughputExperiments.LP_LIMIT
        + " with at most " + ThroughputExperiments.LP_MAX_GROUPS + " groups), else the Fleischer approximation with ε = "
        + ThroughputExperiments.EPSILON + " (column `solver`). One seed.");
    r.note("Path lengths (Fig. 5, 6): k = " + PathLengthExperiments.range(pathKs)
        + "; exact averages over all ordered server pairs (Fig. 5) or all ordered pairs inside each Pod"
        + " (Fig. 6); converters add no hop. Random graph = `jellyfish --k K`, two-stage = `tworandom --k K`,"
        + " one seed (" + ctx.seed() + ").");
    r.note("Run time: the full run took 11.5 minutes on a 2-core VM shared with other jobs (Fig. 8 at k = 16 and"
        + " the hybrid experiment dominate); --quick takes about 2 seconds.");
    r.note("Decisions where the paper is silent: Pod-core pattern 2 read as pattern 1 plus one extra core"
        + " per wrap-around of the group; side cables straight in even rows and crossed in odd rows; Pods"
        + " joined side-to-side in a ring; an unpaired 6-port converter of a global Pod takes 'local'.");
    return r.build();
  }
}
