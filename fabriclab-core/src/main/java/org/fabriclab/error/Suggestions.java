package org.fabriclab.error;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * The names nearest to a mistyped one, for "did you mean" hints: the candidates at the smallest
 * edit distance ({@link #distance}, ignoring case), provided that distance is at most a third of the longer name's length (at least
 * 1, at most 3), so that a name unlike every candidate gets no hint. Stateless; O(n·m) per
 * candidate.
 */
public final class Suggestions {
  private Suggestions() {}

  /** The nearest candidates to {@code word} in their given order, or an empty list. */
  public static List<String> nearest(String word, Collection<String> candidates) {
    List<String> best = new ArrayList<>();
    int bestDistance = Integer.MAX_VALUE;
    for (String c : new LinkedHashSet<>(candidates)) {
      int d = distance(word.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT));
      int limit = Math.min(3, Math.max(1, Math.max(word.length(), c.length()) / 3));
      if (d > limit || d > bestDistance) {
        continue;
      }
      if (d < bestDistance) {
        best.clear();
        bestDistance = d;
      }
      best.add(c);
    }
    return best;
  }

  /**
   * {@code "did you mean X?"} (or {@code "X or Y"}) for the nearest candidates, each with
   * {@code prefix} in front ({@code "--"}), or the empty text when none is near.
   */
  public static String didYouMean(String word, Collection<String> candidates, String prefix) {
    return didYouMean(nearest(word, candidates).stream().map(n -> prefix + n).toList());
  }

  /** {@code "did you mean X?"} (or {@code "X or Y"}) for {@code shown}, or the empty text when it is empty. */
  public static String didYouMean(List<String> shown) {
    if (shown.isEmpty()) {
      return "";
    }
    String last = shown.get(shown.size() - 1);
    String list = shown.size() == 1 ? last : String.join(", ", shown.subList(0, shown.size() - 1)) + " or " + last;
    return "did you mean " + list + "?";
  }

  /**
   * The edit distance between {@code a} and {@code b}: the fewest insertions, deletions,
   * substitutions and swaps of two adjacent characters that turn one into the other (optimal
   * string alignment; a swapped pair, the commonest typing slip, counts as one edit).
   */
  public static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(d[i - 1][j - 1] + cost, Math.min(d[i - 1][j], d[i][j - 1]) + 1);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
      }
    }
    return d[a.length()][b.length()];
  }
}
