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
    r.note("Path lengths (Fig. 5, 6): k = " + PathLengthExperiments.range(pathKs)
        + "; exact averages over all ordered server pairs (Fig. 5) or all ordered pairs inside each Pod"
        + " (Fig. 6); converters add no hop. Random graph = `jellyfish --k K`, two-stage = `tworandom --k K`,"
        + " one seed (" + ctx.seed() + ").");
    r.note("Decisions where the paper is silent: Pod-core pattern 2 read as pattern 1 plus one extra core"
        + " per wrap-around of the group; side cables straight in even rows and crossed in odd rows; Pods"
        + " joined side-to-side in a ring; an unpaired 6-port converter of a global Pod takes 'local'.");
    return r.build();
  }
}
