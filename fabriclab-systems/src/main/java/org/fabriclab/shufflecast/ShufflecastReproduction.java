package org.fabriclab.shufflecast;

import org.fabriclab.experiment.Reproduction;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;

/**
 * {@code fabriclab reproduce shufflecast}: the exact and analytical results of seed
 * 000_9b2589b0d55d7b52.txt — Fig. 3, Lemmas 1 and 3, the rule count of §III-B1, the control-plane
 * latency of §VI-B(a), Fig. 4 and Fig. 5, Fig. 7(a)(b)(c), concurrent failures, Fig. 1 excess
 * resources, the 8-ToR port counts, Fig. 6(b)(c), the per-ToR cost and the latency comparison of
 * §VI-A; and, on the packet-level engine, the testbed's Fig. 6(a)(d)(e) and a relay failure during
 * a reliable transfer ({@link DataPlaneExperiments}), with Fig. 6(a)'s MPI_Bcast and Cornet
 * baselines ({@link Fig6aBaselines}) and Fig. 8(a) ({@link Fig8Experiments}); Fig. 8(b)(d) are
 * listed as not run.
 */
public final class ShufflecastReproduction implements Reproduction {
  @Override
  public String system() {
    return "shufflecast";
  }

  @Override
  public String paper() {
    return "Shufflecast: an optical, data-rate agnostic and low-power multicast architecture"
        + " (IEEE/ACM ToN 2022), seed 000_9b2589b0d55d7b52.txt";
  }

  @Override
  public ReproductionReport run(ReproductionContext ctx) {
    ReproductionReport.Builder rep = ReproductionReport.builder();
    ctx.progress().begin("shufflecast", 4);
    RoutingExperiments.run(ctx, rep);
    ctx.progress().advance(1);
    FailureExperiments.run(ctx, rep);
    ctx.progress().advance(1);
    CostExperiments.run(rep);
    ctx.progress().advance(1);
    DiscussionExperiments.run(ctx, rep);
    DataPlaneExperiments.run(ctx, rep);
    ctx.progress().advance(1);
    ctx.progress().end();
    rep.note("Instances: Fig. 3/4/5 on 2,2 and 2,3; rule counts and Lemma 1 on "
        + (ctx.quick() ? "2,2 2,3 3,3 4,3 4,4" : "2,2 … 4,4 and 8,3 (1,536 ToRs)")
        + "; Fig. 7 on 4,3 6,3 8,3 (192, 648, 1,536 ToRs), "
        + (ctx.quick() ? "failed relay 0 standing for every relay (the fabric is symmetric: column"
            + " rotation and per-diagonal cyclic digit shifts commute with Algorithms 1 and 2)"
            : "every relay failed in turn") + ".");
    DataPlaneExperiments.notes(ctx.quick(), rep);
    rep.note("Reachability and hop counts always come from following the installed relay rules"
        + " over the splitter links, never from re-running Algorithm 1.");
    rep.note("Power and cost: one cluster-wide one-to-all tree; each active port has one transceiver;"
        + " Shufflecast uses one splitter (smallest Table I fan-out ≥ p) and p fibres per relay, IP"
        + " multicast one fibre per active port; the components and their prices are Table I of the"
        + " paper (§VI-A).");
    return rep.build();
  }
}
