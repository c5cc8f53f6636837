package org.fabriclab.incast;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;

/**
 * Where the members (receiver and senders) of a random incast sit in BCube(n,k) — the question
 * of seed 004 §VI-E. The paper's text places them "in a random way" over the whole fabric for
 * Fig. 5–7 and compares that with a managed placement for Fig. 8; which reading reproduces
 * which of the paper's numbers is a question to measure, so the placement is a parameter:
 *
 * <ul>
 *   <li>{@link Kind#WHOLE}: uniform over all n^(k+1) servers (the text of §VI-A/C);
 *   <li>{@link Kind#SUB_BCUBE}: uniform inside one random sub-BCube(n, level) — the servers sharing
 *       their top k − level digits, a contiguous block of n^(level+1) ids (a clustered job);
 *   <li>{@link Kind#MANAGED}: inside the smallest sub-BCube(n, k1) that holds all members
 *       (§VI-E, "the smallest subnet BCube(n, k1)"), chosen at random.
 * </ul>
 *
 * O(m) expected per draw (O(n^(level+1)) when m exceeds half the block).
 *
 * @param kind the reading
 * @param level sub-BCube level for {@link Kind#SUB_BCUBE}, else ignored (−1)
 */
public record MemberPlacement(Kind kind, int level) {
  /** The placement readings. */
  public enum Kind {
    WHOLE,
    SUB_BCUBE,
    MANAGED
  }

  /** Uniform over the whole fabric. */
  public static final MemberPlacement WHOLE = new MemberPlacement(Kind.WHOLE, -1);

  /** The smallest sub-BCube holding all members. */
  public static final MemberPlacement MANAGED = new MemberPlacement(Kind.MANAGED, -1);

  /** Uniform inside one random sub-BCube(n, level). */
  public static MemberPlacement subBCube(int level) {
    InvalidParameterException.requireRange("--placement sub:LEVEL", level, 0, 30);
    return new MemberPlacement(Kind.SUB_BCUBE, level);
  }

  /** {@code whole}, {@code managed} or {@code sub:LEVEL}. */
  public static MemberPlacement parse(String s) {
    String x = s.strip();
    if (x.equals("whole") || x.equals("random")) {
      return WHOLE;
    }
    if (x.equals("managed")) {
      return MANAGED;
    }
    if (x.matches("sub:[0-9]{1,2}")) {
      return subBCube(Integer.parseInt(x.substring(4)));
    }
    throw new InvalidParameterException(
        "--placement", s, "whole (or random), managed, or sub:LEVEL with LEVEL in 0..k");
  }

  /** The level of the sub-BCube the members of {@code members} servers are drawn from. */
  public int levelFor(BCubeLabels L, long members) {
    int lv = switch (kind) {
      case WHOLE -> L.k();
      case SUB_BCUBE -> {
        InvalidParameterException.requireRange("--placement sub:LEVEL", level, 0, L.k());
        yield level;
      }
      case MANAGED -> {
        int k1 = 0;
        long size = L.n();
        while (size < members && k1 < L.k()) {
          k1++;
          size *= L.n();
        }
        yield k1;
      }
    };
    InvalidParameterException.requireRange("senders + receivers in BCube(" + L.n() + "," + lv + ")",
        members, 2, blockSize(L, lv));
    return lv;
  }

  /** n^(level+1): servers of a sub-BCube(n, level). */
  public static long blockSize(BCubeLabels L, int level) {
    long b = 1;
    for (int i = 0; i <= level; i++) {
      b *= L.n();
    }
    return b;
  }

  /** A random incast of {@code m} unit senders and one receiver placed by this reading. */
  public IncastTransfer incast(BCubeLabels L, int m, SplittableRandom rnd) {
    int lv = levelFor(L, m + 1L);
    if (lv == L.k()) {
      return IncastTransfer.random(L, m, rnd); // the same draws as before this parameter existed
    }
    int block = (int) blockSize(L, lv);
    int prefix = rnd.nextInt(L.serverCount() / block) * block;
    int receiver = rnd.nextInt(block);
    int[] s = IncastTransfer.randomOthers(block, m, receiver, rnd);
    for (int i = 0; i < m; i++) {
      s[i] += prefix;
    }
    return IncastTransfer.unit(L, prefix + receiver, s);
  }

  /** Short text for tables: "whole BCube(8,5)", "inside BCube(8,4)", "managed". */
  public String describe(BCubeLabels L) {
    return switch (kind) {
      case WHOLE -> "whole BCube(" + L.n() + "," + L.k() + ")";
      case SUB_BCUBE -> "inside one BCube(" + L.n() + "," + level + ")";
      case MANAGED -> "managed (smallest sub-BCube)";
    };
  }
}
