package org.fabriclab.incast;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;

/**
 * A shuffle of seed 004 (§II-B, §VI-E): {@code m} senders and {@code r} receivers; it is the set
 * of {@code r} independent incasts, one per receiver, each from all senders (a sender placed on
 * the receiver's own server aggregates locally and leaves that incast, §V-A). A receiver whose
 * only senders are on its own server has no incast and is skipped ({@link #skippedReceivers()});
 * at least one incast must remain. Receivers and senders must each be distinct.
 *
 * @param labels the BCube
 * @param senders sender servers
 * @param receivers receiver servers
 */
public record ShuffleTransfer(BCubeLabels labels, int[] senders, int[] receivers) {
  public ShuffleTransfer {
    if (receivers.length == 0) {
      throw new InvalidParameterException("--receivers", "must name at least one receiver");
    }
    requireDistinct("--receivers", receivers, "receiver");
    requireDistinct("--senders", senders, "sender");
    if (senders.length == 0) {
      throw new InvalidParameterException("--senders", "must name at least one sender");
    }
    if (receivers.length == 1 && senders.length == 1 && senders[0] == receivers[0]) {
      throw new InvalidParameterException("--senders", "--senders " + senders[0]
          + " is the only receiver too: no incast has a sender on another server");
    }
  }

  private static void requireDistinct(String option, int[] ids, String what) {
    int[] sorted = ids.clone();
    java.util.Arrays.sort(sorted);
    for (int i = 1; i < sorted.length; i++) {
      if (sorted[i] == sorted[i - 1]) {
        throw new InvalidParameterException(option, sorted[i], "duplicate " + what + "; " + what
            + "s must be distinct");
      }
    }
  }

  /**
   * Receivers whose every sender sits on their own server: they get no incast. Senders are
   * distinct, so that is only the case of a single sender on the receiver's server. O(r).
   */
  public int[] skippedReceivers() {
    return java.util.Arrays.stream(receivers)
        .filter(r -> senders.length == 1 && senders[0] == r).toArray();
  }

  /**
   * The incast towards receiver {@code r} (all senders but one on {@code r}'s own server), or
   * {@code null} if no sender is on another server. O(m); lets callers build trees one receiver
   * at a time instead of holding r incasts of m senders.
   */
  public IncastTransfer incastTo(int r) {
    int[] s = new int[senders.length];
    int n = 0;
    for (int x : senders) {
      if (x != r) {
        s[n++] = x;
      }
    }
    return n == 0 ? null : IncastTransfer.unit(labels, r, java.util.Arrays.copyOf(s, n));
  }

  /** The incasts, one per receiver that has a sender on another server, unit-size senders. */
  public List<IncastTransfer> incasts() {
    List<IncastTransfer> out = new ArrayList<>();
    for (int r : receivers) {
      IncastTransfer t = incastTo(r);
      if (t != null) {
        out.add(t);
      }
    }
    return out;
  }

  /** Members (senders then receivers, all distinct) uniformly over the whole BCube. */
  public static ShuffleTransfer random(BCubeLabels L, int m, int r, SplittableRandom rnd) {
    return place(L, m, r, L.k(), rnd);
  }

  /**
   * Managed placement of §VI-E: all members in the smallest sub-BCube(n,k1) — the servers sharing
   * their top {@code k−k1} digits, drawn at random — that holds {@code m + r} servers.
   */
  public static ShuffleTransfer managed(BCubeLabels L, int m, int r, SplittableRandom rnd) {
    int k1 = 0;
    long size = L.n();
    while (size < (long) m + r) {
      k1++;
      size *= L.n();
    }
    return place(L, m, r, k1, rnd);
  }

  /** Members placed by {@code placement} (levels as in {@link MemberPlacement#levelFor}). */
  public static ShuffleTransfer placed(
      BCubeLabels L, int m, int r, MemberPlacement placement, SplittableRandom rnd) {
    return place(L, m, r, placement.levelFor(L, (long) m + r), rnd);
  }

  private static ShuffleTransfer place(BCubeLabels L, int m, int r, int k1, SplittableRandom rnd) {
    long sub = 1;
    for (int i = 0; i <= k1; i++) {
      sub *= L.n();
    }
    InvalidParameterException.requireRange("senders + receivers", (long) m + r, 2, sub);
    int subSize = (int) sub;
    int prefix = rnd.nextInt(L.serverCount() / subSize) * subSize;
    int[] all = IncastTransfer.randomOthers(subSize, m + r, -1, rnd);
    int[] s = new int[m];
    int[] rc = new int[r];
    for (int i = 0; i < m; i++) {
      s[i] = prefix + all[i];
    }
    for (int i = 0; i < r; i++) {
      rc[i] = prefix + all[m + i];
    }
    return new ShuffleTransfer(L, s, rc);
  }
}
