package org.fabriclab.incast;

/**
 * The intra-stage optimisation of seed 004 (end of §IV-B, Fig. 4(a)): a server left alone in its
 * group at stage {@code j ≥ 2}, whose next hop would be a relay carrying only its flow, forwards
 * instead to a one-hop neighbour at the same stage (any dimension other than {@code e_j}) that
 * keeps its own route; the neighbour aggregates and the relay leaves the tree (cost −2 per case
 * with α = 0, one link fewer or more). Applied during an ARS build (default) or over a fixed
 * routing sequence.
 *
 * <p>With α &gt; 0 (§VI-D) the neighbour's output grows by α times the moved flow, and so does
 * every aggregating server below it, so the step can cost more than the relay it removes (from
 * α ≈ 0.6 on BCube(8,5) with 500 senders). Decision (the paper evaluates the step only at α = 0):
 * the step is kept only where it does not raise the tree cost for the given α — this builder
 * evaluates the tree with and without the step at that α and returns the cheaper (the plain tree on
 * a tie), so ARS+intra never costs more than ARS. O(k²·m + s·k·n) for s singletons, twice.
 */
public final class IntraStageOptimization implements IncastTreeBuilder {
  private final int[] sequence;
  private final double alpha;

  /** On top of the ARS-based builder, judged at α = 0 (the paper's §III-B assumption). */
  public IntraStageOptimization() {
    this(0);
  }

  /** On top of the ARS-based builder, kept only where it does not raise the cost at {@code alpha}. */
  public IntraStageOptimization(double alpha) {
    this.sequence = null;
    this.alpha = Aggregation.requireAlpha(alpha);
  }

  /** On top of the RS-based tree of {@code sequence}, judged at α = 0. */
  public IntraStageOptimization(int[] sequence) {
    this(sequence, 0);
  }

  /** On top of the RS-based tree of {@code sequence}, judged at {@code alpha}. */
  public IntraStageOptimization(int[] sequence, double alpha) {
    this.sequence = sequence.clone();
    this.alpha = Aggregation.requireAlpha(alpha);
  }

  /** The ARS tree with the intra-stage step applied everywhere it applies (α not considered). */
  static IncastTree withStep(IncastTransfer transfer) {
    return new StageExpansion(transfer).build(null, true, "ars+intra");
  }

  @Override
  public IncastTree build(IncastTransfer transfer) {
    StageExpansion x = new StageExpansion(transfer);
    IncastTree with;
    IncastTree without;
    if (sequence == null) {
      with = x.build(null, true, "ars+intra");
      without = new StageExpansion(transfer).build(null, false, "ars+intra");
    } else {
      int[] seq = RoutingSequence.restrict(sequence, x.activeDims(), transfer.labels().dims());
      String name = "rs+intra " + RoutingSequence.format(sequence);
      with = x.build(seq, true, name);
      without = new StageExpansion(transfer).build(seq, false, name);
    }
    return with.metrics(alpha).cost() < without.metrics(alpha).cost() ? with : without;
  }
}
