package org.fabriclab.incast;

/**
 * The ARS-based incast tree of seed 004 §IV-B (Theorem 3): from the top stage down, each stage's
 * routing symbol is the still unused dimension whose groups give the smallest server set at the
 * next stage (ties: lowest dimension), which fixes the routing sequence as it goes.
 * O(k²·m) hash operations for m senders in BCube(n,k); no topology is materialised.
 */
public final class ArsTreeBuilder implements IncastTreeBuilder {
  @Override
  public IncastTree build(IncastTransfer transfer) {
    return new StageExpansion(transfer).build(null, false, "ars");
  }
}
