package org.fabriclab.incast;

/**
 * The RS-based incast tree of seed 004 §IV-A (Definition 3, Theorem 2): for a given routing
 * sequence {@code e_1…e_{k+1}}, the servers of stage {@code j} are grouped by their label without
 * digit {@code e_j} and each group meets at the server that takes the receiver's digit there.
 * Dimensions where all members agree are dropped from the sequence (§V-B). O(k·m) hash operations.
 */
public final class RsTreeBuilder implements IncastTreeBuilder {
  private final int[] sequence;

  /** @param sequence {@code sequence[j-1] = e_j}, a permutation of 0..k (or of the active dims) */
  public RsTreeBuilder(int[] sequence) {
    this.sequence = sequence.clone();
  }

  @Override
  public IncastTree build(IncastTransfer transfer) {
    StageExpansion x = new StageExpansion(transfer);
    int[] seq = RoutingSequence.restrict(sequence, x.activeDims(), transfer.labels().dims());
    return x.build(seq, false, "rs " + RoutingSequence.format(sequence));
  }
}
