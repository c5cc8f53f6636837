package org.fabriclab.sim.collective.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.junit.jupiter.api.Test;

/**
 * The shared MPI_Bcast schedules against closed forms and a brute-force replay: every rank ends up
 * holding every byte, each transfer forwards only data its sender holds through its own
 * (transitive) dependencies, and the byte counts are those of the algorithms (seed 000 §VI-A(a),
 * seed 002 §2.3).
 */
class MpiBcastSchedulesTest {
  private record T(int from, int to, long bytes, int block, int[] after) {}

  private static List<T> build(boolean ring, int p, long bytes, boolean seq) {
    List<T> out = new ArrayList<>();
    MpiBcastSchedules.Sink sink = (from, to, size, block, after) -> {
      for (int a : after) {
        assertThat(a).isBetween(0, out.size() - 1);
      }
      out.add(new T(from, to, size, block, after.clone()));
      return out.size() - 1;
    };
    if (ring) {
      MpiBcastSchedules.scatterAllgatherRing(p, bytes, seq, sink);
    } else {
      MpiBcastSchedules.binomial(p, bytes, seq, sink);
    }
    return out;
  }

  /** Transfers {@code t} waits for, directly or not (itself excluded). */
  private static BitSet ancestors(List<T> s, int t) {
    BitSet seen = new BitSet();
    java.util.ArrayDeque<Integer> stack = new java.util.ArrayDeque<>();
    stack.push(t);
    while (!stack.isEmpty()) {
      for (int a : s.get(stack.pop()).after()) {
        if (!seen.get(a)) {
          seen.set(a);
          stack.push(a);
        }
      }
    }
    return seen;
  }

  @Test
  void binomialSendsTheMessageOnceToEveryRankAlongTheTreesLongestChain() {
    for (int p = 2; p <= 40; p++) {
      for (boolean seq : new boolean[] {false, true}) {
        List<T> s = build(false, p, 1000, seq);
        assertThat(s).hasSize(p - 1);
        int[] gotBy = new int[p];
        java.util.Arrays.fill(gotBy, -1);
        int[] depth = new int[s.size()];
        int[] lastSend = new int[p];
        java.util.Arrays.fill(lastSend, -1);
        int maxDepth = 0;
        for (int t = 0; t < s.size(); t++) {
          T x = s.get(t);
          assertThat(x.bytes()).isEqualTo(1000);
          assertThat(gotBy[x.to()]).as("rank %d receives once", x.to()).isEqualTo(-1);
          assertThat(x.to()).isNotZero();
          // the sender holds the message: it is the root, or the transfer into it is a dependency
          if (x.from() != 0) {
            assertThat(ancestors(s, t).get(gotBy[x.from()])).isTrue();
          }
          if (seq && lastSend[x.from()] >= 0) {
            assertThat(x.after()).contains(lastSend[x.from()]);
          }
          if (!seq) {
            assertThat(x.after()).hasSizeLessThanOrEqualTo(1);
          }
          lastSend[x.from()] = t;
          gotBy[x.to()] = t;
          for (int a : x.after()) {
            depth[t] = Math.max(depth[t], depth[a]);
          }
          depth[t]++;
          maxDepth = Math.max(maxDepth, depth[t]);
        }
        // sequential sends: ceil(log2 p) rounds of one message; concurrent: rank r gets the message
        // from r without its lowest set bit, so the longest chain is the largest bit count below p
        int expected = 32 - Integer.numberOfLeadingZeros(p - 1);
        if (!seq) {
          expected = 0;
          for (int r = 1; r < p; r++) {
            expected = Math.max(expected, Integer.bitCount(r));
          }
        }
        assertThat(maxDepth).as("p=%d seq=%s", p, seq).isEqualTo(expected);
      }
    }
  }

  @Test
  void scatterThenRingLeavesEveryBlockEverywhereWithTheAlgorithmsByteCounts() {
    for (int p : new int[] {2, 3, 5, 8, 13, 16}) {
      for (long bytes : new long[] {3, 1000, 8000, 65537}) {
        for (boolean seq : new boolean[] {false, true}) {
          List<T> s = build(true, p, bytes, seq);
          long[] block = new long[p];
          for (int v = 0; v < p; v++) {
            block[v] = bytes / p + (v < bytes % p ? 1 : 0);
          }
          // holdings: which transfer gave rank v block b (-2: not held; -1: the root's own)
          int[][] from = new int[p][p];
          for (int[] r : from) {
            java.util.Arrays.fill(r, -2);
          }
          java.util.Arrays.fill(from[0], -1);
          long scatterBytes = 0;
          long ringBytes = 0;
          for (int t = 0; t < s.size(); t++) {
            T x = s.get(t);
            BitSet anc = ancestors(s, t);
            if (x.block() < 0) { // scatter: a contiguous range starting at the receiver, ending before a
              // rank the sender keeps; its size is the sum of those blocks
              long sum = 0;
              int hi = x.to();
              while (hi < p && from[x.from()][hi] != -2 && sum < x.bytes()) {
                sum += block[hi];
                int src = from[x.from()][hi];
                assertThat(src == -1 || anc.get(src)).isTrue();
                from[x.to()][hi] = t;
                hi++;
              }
              assertThat(sum).isEqualTo(x.bytes());
              scatterBytes += x.bytes();
            } else {
              int b = x.block();
              assertThat(x.bytes()).isEqualTo(block[b]);
              int src = from[x.from()][b];
              assertThat(src).as("rank %d holds block %d", x.from(), b).isNotEqualTo(-2);
              assertThat(src == -1 || anc.get(src)).isTrue();
              if (from[x.to()][b] == -2) {
                from[x.to()][b] = t;
              }
              ringBytes += x.bytes();
            }
          }
          for (int v = 0; v < p; v++) {
            for (int b = 0; b < p; b++) {
              if (block[b] > 0) {
                assertThat(from[v][b]).as("p=%d rank %d block %d", p, v, b).isNotEqualTo(-2);
              }
            }
          }
          assertThat(ringBytes).isEqualTo((p - 1) * bytes); // every block passes P - 1 ring links
          if (Integer.bitCount(p) == 1 && bytes % p == 0) { // binomial scatter: half the message per level
            assertThat(scatterBytes).isEqualTo(bytes / 2 * Integer.numberOfTrailingZeros(p));
          }
        }
      }
    }
  }

  @Test
  void refusesFewerThanTwoRanksAndEmptyMessages() {
    MpiBcastSchedules.Sink sink = (f, t, b, bl, a) -> 0;
    assertThatThrownBy(() -> MpiBcastSchedules.binomial(1, 10, false, sink))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("ranks");
    assertThatThrownBy(() -> MpiBcastSchedules.scatterAllgatherRing(4, 0, true, sink))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("bytes");
  }
}
