package org.fabriclab.incast;

import org.fabriclab.error.InvalidParameterException;

/**
 * The "intrinsic way" of seed 004 §IV-B: build the RS-based tree of every one of the d! routing
 * sequences over the d active dimensions and keep the cheapest (Def. 1 cost at ratio α; ties: the
 * lexicographically first sequence). O(d!·d·m); refused for d &gt; {@value #MAX_DIMS}.
 */
public final class BestRsTreeBuilder implements IncastTreeBuilder {
  public static final int MAX_DIMS = 8;
  private final double alpha;

  public BestRsTreeBuilder(double alpha) {
    this.alpha = Aggregation.requireAlpha(alpha);
  }

  @Override
  public IncastTree build(IncastTransfer transfer) {
    StageExpansion x = new StageExpansion(transfer);
    int[] act = x.activeDims();
    if (act.length > MAX_DIMS) {
      throw new InvalidParameterException(
          "--method best-rs", "needs at most " + MAX_DIMS + " differing dimensions, got " + act.length);
    }
    int[] perm = act.clone();
    IncastTree best = null;
    double bestCost = Double.POSITIVE_INFINITY;
    do {
      IncastTree tr = x.build(perm.clone(), false, "best-rs " + RoutingSequence.format(perm));
      double c = tr.metrics(alpha).cost();
      if (c < bestCost) {
        bestCost = c;
        best = tr;
      }
    } while (nextPermutation(perm));
    return best;
  }

  static boolean nextPermutation(int[] a) {
    int i = a.length - 2;
    while (i >= 0 && a[i] >= a[i + 1]) {
      i--;
    }
    if (i < 0) {
      return false;
    }
    int j = a.length - 1;
    while (a[j] <= a[i]) {
      j--;
    }
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int l = i + 1, r = a.length - 1; l < r; l++, r--) {
      t = a[l];
      a[l] = a[r];
      a[r] = t;
    }
    return true;
  }
}
