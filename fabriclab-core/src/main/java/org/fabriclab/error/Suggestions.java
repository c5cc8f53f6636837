package org.fabriclab.error;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * The names nearest to a mistyped one, for "did you mean" hints: the candidates at the smallest
 * Levenshtein edit distance (insertions, deletions and substitutions of one character each,
 * ignoring case), provided that distance is at most a third of the longer name's length (at least
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

  /** The Levenshtein distance between {@code a} and {@code b}. */
  public static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
