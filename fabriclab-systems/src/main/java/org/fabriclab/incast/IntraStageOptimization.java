package org.fabriclab.incast;

/**
 * The intra-stage optimisation of seed 004 (end of §IV-B, Fig. 4(a)): a server left alone in its
 * group at stage {@code j ≥ 2}, whose next hop would be a relay carrying only its flow, forwards
 * instead to a one-hop neighbour at the same stage (any dimension other than {@code e_j}) that
 * keeps its own route; the neighbour aggregates and the relay leaves the tree (cost −2 per case
 * with α = 0, one link fewer or more). Applied during an ARS build (default) or over a fixed
 * routing sequence. O(k²·m + s·k·n) for s singletons.
 */
public final class IntraStageOptimization implements IncastTreeBuilder {
  private final int[] sequence;

  /** On top of the ARS-based builder. */
  public IntraStageOptimization() {
    this.sequence = null;
  }

  /** On top of the RS-based tree of {@code sequence}. */
  public IntraStageOptimization(int[] sequence) {
    this.sequence = sequence.clone();
  }

  @Override
  public IncastTree build(IncastTransfer transfer) {
    StageExpansion x = new StageExpansion(transfer);
    if (sequence == null) {
      return x.build(null, true, "ars+intra");
    }
    int[] seq = RoutingSequence.restrict(sequence, x.activeDims(), transfer.labels().dims());
    return x.build(seq, true, "rs+intra " + RoutingSequence.format(sequence));
  }
}
