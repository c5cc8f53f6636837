package org.fabriclab.topology;

/**
 * What a generator will build, known before building: lets the registry refuse a topology that
 * cannot fit in the heap with a one-line message instead of an {@link OutOfMemoryError}.
 *
 * <p>{@link #peakBytes} is an upper bound of the heap a build allocates, counted
 * array by array from {@code TopologyBuilder} and {@code Topology}: per node the builder's role
 * (4 B) and label values (4 B per field), the CSR offsets and their copy (8 B), the frozen roles
 * (1 B), the server list (4 B) and the frozen labels (4 B per field); per directed link the
 * builder's source, target, pair and port (16 B), capacity and delay (16 B), the placement
 * (4 B + 1 B of port checks), the frozen targets and reverse links (8 B), capacity and delay
 * (16 B). That is {@code 17 + 8·fields} B per node and 61 B per directed link; the bound adds
 * 7 B per node and 11 B per directed link for a generator's own working arrays (a random
 * matching, a permutation) and array headers: {@code (24 + 8·fields)·nodes + 72·links}, plus
 * {@code workBytes} (64 B per directed link for the random-wiring families). The
 * measured allocation of every family on small instances stays below it ({@code
 * SizeEstimateBoundTest}).
 *
 * @param nodes number of nodes
 * @param directedLinks number of directed links (a cable counts twice)
 * @param labelFields label fields per node ({@link #DEFAULT_LABEL_FIELDS} when not given)
 * @param workBytes the generator's own working memory beyond the builder (random wiring), bytes
 */
public record SizeEstimate(long nodes, long directedLinks, int labelFields, long workBytes) {
  /** Working memory of the random-wiring generators (Jellyfish, two-stage), per directed link. */
  public static final long RANDOM_WIRING_BYTES_PER_LINK = 64;

  /** Label fields assumed by the two-argument constructor (tier/pod/index families use 3, Shufflecast 5). */
  public static final int DEFAULT_LABEL_FIELDS = 5;

  /** An estimate for a family with at most {@link #DEFAULT_LABEL_FIELDS} label fields. */
  public SizeEstimate(long nodes, long directedLinks) {
    this(nodes, directedLinks, DEFAULT_LABEL_FIELDS, 0);
  }

  /** An estimate with {@code labelFields} label fields and no working memory of its own. */
  public SizeEstimate(long nodes, long directedLinks, int labelFields) {
    this(nodes, directedLinks, labelFields, 0);
  }

  /** The same counts plus random-wiring working memory ({@link #RANDOM_WIRING_BYTES_PER_LINK}). */
  public SizeEstimate withRandomWiring() {
    return new SizeEstimate(nodes, directedLinks, labelFields, SizeLimits.add(workBytes,
        SizeLimits.mul(directedLinks, RANDOM_WIRING_BYTES_PER_LINK)));
  }

  /** Upper bound of the heap bytes allocated while building; saturates at Long.MAX_VALUE. */
  public long peakBytes() {
    long perNode = 24L + 8L * Math.max(0, labelFields);
    return SizeLimits.add(workBytes,
        SizeLimits.add(SizeLimits.mul(nodes, perNode), SizeLimits.mul(directedLinks, 72)));
  }
}
