package org.fabriclab.incast;

/**
 * The existing method of seed 004 §VI-A: every sender's flow travels its own BCube shortest path
 * (the seeded random digit-correction paths of {@link UnicastDrivenTreeBuilder}) and is
 * aggregated only at the receiver; its traffic is {@code 2·Σ size·hops} whatever the paths, its
 * links are those of the paths. O(k·m).
 */
public final class ExistingMethod implements IncastTreeBuilder {
  private final long seed;

  public ExistingMethod(long seed) {
    this.seed = seed;
  }

  @Override
  public IncastTree build(IncastTransfer transfer) {
    return new UnicastDrivenTreeBuilder(seed, false).build(transfer);
  }
}
