package org.fabriclab.topology;

/**
 * What a generator will build, known before building: lets the registry refuse a topology that
 * cannot fit in the heap with a one-line message instead of an {@link OutOfMemoryError}.
 *
 * @param nodes number of nodes
 * @param directedLinks number of directed links (a cable counts twice)
 */
public record SizeEstimate(long nodes, long directedLinks) {
  /** Peak heap bytes while building: the builder's lists plus the frozen topology. */
  public long peakBytes() {
    return nodes * 24 + directedLinks * 56;
  }
}
