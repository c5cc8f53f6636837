package org.fabriclab.flattree;

import java.util.stream.IntStream;
import org.fabriclab.experiment.Reproduction;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;

/**
 * {@code fabriclab reproduce flattree [--quick]}: the evaluation of Flat-tree (seed
 * 001_5e703544cea19579.txt, §3): Fig. 5, Fig. 6 (path lengths) and, through the throughput
 * solver, Fig. 7, Fig. 8 and the hybrid experiment of §3.4. Sizes are stated in the notes.
 *
 * <p>Paper scale: {@code ./fabriclab reproduce flattree --paper-scale} ({@link
 * ReproductionContext#paperScale()}) adds the paper's sizes that do not fit the 3-minute budget
 * of the default run: Fig. 8 at k = 20, 24, 28, 32 and the hybrid zones at k = 30 with
 * 1000-server broadcast clusters (hours of CPU; the measured cost per point is in
 * docs/benchmarks-flattree.md). The switch is part of the context, not a JVM property, so a run
 * stays a pure function of its options and seed.
 */
public final class FlatTreeReproduction implements Reproduction {
  /** Largest k of the full path-length figures. */
  static final int PATH_MAX_K = 24;
  /** k of the full Fig. 7 (at least 1000 servers from k = 16). */
  private static final int[] FIG7_KS = {16, 20, 24, 28, 32};
  /** k of the full Fig. 8. */
  private static final int[] FIG8_KS = {8, 10, 12, 16};
  /** k of Fig. 8 at paper scale (the paper plots k = 8..32). */
  private static final int[] FIG8_PAPER_KS = {8, 10, 12, 16, 20, 24, 28, 32};
  /** k of the full hybrid experiment. */
  static final int HYBRID_K = 12;
  /** k of the hybrid experiment at paper scale (§3.4: k = 30, 1000-server clusters). */
  static final int HYBRID_PAPER_K = 30;
  @Override
  public String system() {
    return "flattree";
  }

  @Override
  public String paper() {
    return "Flat-tree: A Convertible Data Center Network Architecture from Clos to Random Graph"
        + " (Xia, Ng; HotNets 2016), seed 001_5e703544cea19579.txt";
  }

  @Override
  public ReproductionReport run(ReproductionContext ctx) {
    boolean paper = ctx.paperScale();
    ReproductionReport.Builder r = ReproductionReport.builder();
    int[] pathKs = ctx.quick() ? new int[] {4, 6, 8} : IntStream.rangeClosed(2, PATH_MAX_K / 2).map(i -> 2 * i).toArray();
    PathLengthExperiments paths = new PathLengthExperiments(ctx);
    paths.fig5(pathKs, r);
    paths.fig6(pathKs, r);
    ThroughputExperiments tp = new ThroughputExperiments(ctx);
    int[] k7 = ctx.quick() ? new int[] {8} : FIG7_KS.clone();
    int cluster = ctx.quick() ? 60 : 1000;
    int[] k8 = ctx.quick() ? new int[] {6} : (paper ? FIG8_PAPER_KS : FIG8_KS).clone();
    int kh = ctx.quick() ? 6 : paper ? HYBRID_PAPER_K : HYBRID_K;
    int broadcastCluster = ctx.quick() ? 20 : paper ? 1000 : 100;
    SolveBatch batch = new SolveBatch();
    Runnable fig7 = tp.fig7(k7, cluster, batch, r);
    Runnable fig8 = new AllToAllExperiment(tp, ctx.quick()).plan(k8, batch, r);
    Runnable hybrid = new HybridExperiment(ctx).plan(kh, broadcastCluster, batch, tp, r);
    batch.run(ctx.threads(), "Fig. 7, Fig. 8, §3.4 throughput solves", ctx.progress());
    fig7.run();
    fig8.run();
    hybrid.run();
    r.note(paper
        ? "Paper scale (--paper-scale): Fig. 8 at k = " + PathLengthExperiments.range(k8)
            + ", hybrid (§3.4) at the paper's k = 30 with 1000-server broadcast clusters."
        : "Hybrid (§3.4): k = " + kh + " instead of the paper's 30, and Fig. 8 up to k = 16 instead of 32, to keep"
            + " the default run within 3 minutes on 2 cores (an all-to-all solve at k = 24..32 costs the"
            + " approximation about 1 to 9 CPU-minutes, measured); broadcast clusters of " + broadcastCluster + " servers since a zone"
            + " of a few Pods holds fewer than 1000. The paper's sizes run with reproduce flattree --paper-scale.");
    r.note("Throughput (Fig. 7, 8): maximum concurrent flow, unit capacity per link and direction, server links"
        + " relaxed (demands between servers on one switch need no capacity). Fig. 7: k = "
        + PathLengthExperiments.range(k7) + ", " + cluster + "-server clusters (as many as fit; the rest idle)."
        + " Fig. 8: k = " + PathLengthExperiments.range(k8) + ", 20-server clusters. Solver: exact LP (GLOP) when"
        + " groups × links <= " + ThroughputExperiments.SMALL_LP + " (or <= " + ThroughputExperiments.LP_LIMIT
        + " with at most " + ThroughputExperiments.LP_MAX_GROUPS + " groups), else the (1+ε) Garg–Könemann/Fleischer"
        + " approximation with ε = " + ThroughputExperiments.EPSILON + " (column `solver`; column `upperBound` is"
        + " its certified bound, the optimum lies between the two). The approximation replaces the exact LP for"
        + " the all-to-all problems (Fig. 8 but its smallest instances, the local zone of §3.4); the"
        + " broadcast/incast problems (Fig. 7 up to k = 32, the global zone of §3.4) have at most "
        + ThroughputExperiments.LP_MAX_GROUPS + " groups and are solved exactly. The claims the approximation is"
        + " used for (Fig. 8: a 6% / 9% margin; §3.4: 'the same', tolerance 5%) are coarser than or equal to its"
        + " 5% certified gap, which the comparison notes repeat. One seed.");
    r.note("Path lengths (Fig. 5, 6): k = " + PathLengthExperiments.range(pathKs)
        + "; exact averages over all ordered server pairs (Fig. 5) or all ordered pairs inside each Pod"
        + " (Fig. 6); converters add no hop. Random graph = `jellyfish --k K`, two-stage = `tworandom --k K`,"
        + " one seed (" + ctx.seed() + ").");
    r.note("Run time: every throughput solve of Fig. 7, Fig. 8 and §3.4 is an independent job on " + ctx.threads()
        + " worker threads, longest first; topologies are built once per (topology, k).");
    r.note("Decisions where the paper is silent: Pod-core pattern 2 read as pattern 1 plus one extra core"
        + " each time pattern 1 would repeat (every g/gcd(g, m) Pods); with an odd number d of edge switches per"
        + " Pod the middle column of converters joins the right blades of even Pods and the left blades of odd"
        + " Pods (§2.2: \"can be on either side\"), so every 6-port converter has a side peer and Properties 1"
        + " and 2 of §2.3 hold for every k (the literal reading, middle side connectors unused, cannot satisfy"
        + " Property 1 for any wiring); side cables straight in even rows and crossed in odd rows; Pods"
        + " joined side-to-side in a ring; a 6-port converter of a global Pod whose peer is in another zone"
        + " takes 'local'. The two-stage random graph (§3.1) is run in both readings of its second stage: a"
        + " random graph over Pods and cores alike (Pod–Pod links allowed) and Pod–core links only.");
    return r.build();
  }
}
