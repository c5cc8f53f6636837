package org.fabriclab.incast;

import org.fabriclab.error.InvalidParameterException;

/**
 * Routing sequences of seed 004 (Definition 3, §V-B): a permutation {@code e_1e_2…e_d} of the
 * transfer's active dimensions; {@code seq[j-1] = e_j} is corrected at stage {@code j}.
 */
public final class RoutingSequence {
  private RoutingSequence() {}

  /**
   * Parses "0,1" or the paper's "01" (e_1 first). For dimensions above 9 use commas.
   *
   * @throws InvalidParameterException if a symbol is not a digit index
   */
  public static int[] parse(String text, int dims) {
    String s = text.trim();
    String[] parts = s.contains(",") ? s.split(",") : s.split("");
    int[] seq = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      try {
        seq[i] = Integer.parseInt(parts[i].trim());
      } catch (NumberFormatException e) {
        throw new InvalidParameterException("--sequence", parts[i], "digits 0.." + (dims - 1));
      }
      InvalidParameterException.requireRange("--sequence", seq[i], 0, dims - 1L);
    }
    return seq;
  }

  /**
   * Restricts a sequence to the transfer's active dimensions, keeping its order (§V-B); the
   * sequence must name each dimension at most once and every active dimension.
   */
  public static int[] restrict(int[] sequence, int[] activeDims, int dims) {
    boolean[] seen = new boolean[dims];
    for (int e : sequence) {
      InvalidParameterException.requireRange("--sequence", e, 0, dims - 1L);
      if (seen[e]) {
        throw new InvalidParameterException("--sequence", "dimension " + e + " appears twice");
      }
      seen[e] = true;
    }
    boolean[] act = new boolean[dims];
    for (int a : activeDims) {
      act[a] = true;
      if (!seen[a]) {
        throw new InvalidParameterException(
            "--sequence", "must be a permutation of the dimensions 0.." + (dims - 1) + " (missing " + a + ")");
      }
    }
    return java.util.Arrays.stream(sequence).filter(e -> act[e]).toArray();
  }

  /**
   * Text form "e_1,e_2,…,e_d" ("1,0": dimension 1 at stage 1, then 0), as {@link #parse} takes it.
   * Always with commas: the paper's "10" reads as ten, and a CSV reader takes "01" for the number 1.
   */
  public static String format(int[] seq) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < seq.length; i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(seq[i]);
    }
    return sb.toString();
  }
}
