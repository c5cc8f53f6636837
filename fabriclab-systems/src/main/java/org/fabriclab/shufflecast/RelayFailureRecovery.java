package org.fabriclab.shufflecast;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;

/**
 * Algorithm 2, single relay failure recovery (seed 000_9b2589b0d55d7b52.txt §III-C1, Fig. 5):
 * for a failed relay {@code (c, r_{k-1}..r_0)} every rule of the failed relay moves to its mirror
 * {@code (c, y r_{k-2}..r_0)} with {@code y = r_{k-1}+1 mod p}; then, on the precedent relay
 * {@code (c−1, r_0 y r_{k-2}..r_1)}, the rules of the sources {@code n_i = (c−i, row rotated right
 * by i)}, {@code i = 1..k−1}, move to the precedent's mirror {@code (c−1, y' y r_{k-2}..r_1)},
 * {@code y' = r_0+1 mod p}.
 *
 * <p>Several failures (§III-C1, last paragraph) are treated one after another in ascending id
 * order, each against the rules left by the previous ones. Decision where the paper is silent:
 * a mirror that has itself failed is skipped for the next digit value ({@code y = r_{k-1}+2, …});
 * when all p mirrored relays of a column have failed no mirror exists, the failed relay's rules
 * are only deactivated, and {@link MulticastDelivery} then reports what stays unreachable.
 * For {@code k = 1} there is no precedent relay (the loop of lines 9–13 is empty).
 *
 * <p>Complexity: O(k + p) rule moves per failure plus the O(N²/64) copy of the rule bit sets.
 */
public final class RelayFailureRecovery {
  private final ShufflecastTopology t;
  private final RelayRules healthy;

  /**
   * What Algorithm 2 did for one failed relay.
   *
   * @param failed the failed relay
   * @param mirrorFailed the relay that took over its rules, −1 if all its mirrors failed
   * @param precedent the precedent relay, −1 if none (k = 1 or no mirror)
   * @param mirrorPrecedent the precedent's mirror, −1 if none
   * @param movedSources the sources {@code n_1..n_{k−1}} moved from precedent to its mirror
   */
  public record Step(int failed, int mirrorFailed, int precedent, int mirrorPrecedent, int[] movedSources) {}

  /** Net rule changes on one ToR against the healthy rules. */
  public record Change(int tor, int[] activated, int[] deactivated) {}

  /** The recovered state. */
  public record Outcome(int[] failed, RelayRules rules, List<Step> steps, List<Change> changes) {
    /** {@code failed[i]} as a mask over ToRs. */
    public boolean[] failedMask(int tors) {
      boolean[] m = new boolean[tors];
      for (int f : failed) {
        m[f] = true;
      }
      return m;
    }
  }

  public RelayFailureRecovery(ShufflecastTopology topology, RelayRules healthyRules) {
    this.t = topology;
    this.healthy = healthyRules;
  }

  /** Applies Algorithm 2 for each failed relay (ids are validated and de-duplicated). */
  public Outcome recover(int... failedRelays) {
    int n = t.tors();
    int[] failed = Arrays.stream(failedRelays).distinct().sorted().toArray();
    if (failed.length == 0) {
      throw new InvalidParameterException("--failed", "--failed needs at least one ToR id, valid range 0.." + (n - 1));
    }
    boolean[] down = new boolean[n];
    for (int f : failed) {
      t.requireTor("--failed", f);
      down[f] = true;
    }
    RelayRules.Builder b = healthy.toBuilder();
    List<Step> steps = new ArrayList<>();
    int k = t.k();
    int p = t.p();
    for (int f : failed) {
      int c = t.column(f);
      int row = t.row(f);
      int top = t.partition(f);
      int low = row % t.pow(k - 1);
      int mirror = -1;
      for (int j = 1; j < p && mirror < 0; j++) {
        int cand = t.id(c, ((top + j) % p) * t.pow(k - 1) + low);
        if (!down[cand]) {
          mirror = cand;
        }
      }
      int[] moved = b.sources(f);
      b.clear(f);
      if (mirror < 0) {
        steps.add(new Step(f, -1, -1, -1, new int[0]));
        continue;
      }
      for (int s : moved) {
        if (s != mirror) {
          b.add(mirror, s);
        }
      }
      if (k == 1) {
        steps.add(new Step(f, mirror, -1, -1, new int[0]));
        continue;
      }
      int r0 = t.digit(f, 0);
      int precedent = t.predecessor(mirror, r0);
      int mirrorPrecedent = -1;
      for (int j = 1; j < p && mirrorPrecedent < 0; j++) {
        int cand = t.predecessor(mirror, (r0 + j) % p);
        if (!down[cand]) {
          mirrorPrecedent = cand;
        }
      }
      int[] ns = new int[k - 1];
      for (int i = 1; i < k; i++) {
        int rotated = (row % t.pow(i)) * t.pow(k - i) + row / t.pow(i);
        ns[i - 1] = t.id((c - i % k + k) % k, rotated);
        b.remove(precedent, ns[i - 1]);
        if (mirrorPrecedent >= 0) {
          b.add(mirrorPrecedent, ns[i - 1]);
        }
      }
      steps.add(new Step(f, mirror, precedent, mirrorPrecedent, ns));
    }
    RelayRules after = b.build();
    int[] touched =
        steps.stream()
            .flatMapToInt(st -> java.util.stream.IntStream.of(
                st.failed(), st.mirrorFailed(), st.precedent(), st.mirrorPrecedent()))
            .filter(x -> x >= 0)
            .distinct()
            .sorted()
            .toArray();
    return new Outcome(failed, after, List.copyOf(steps), changes(after, touched));
  }

  /** Rule differences on the ToRs Algorithm 2 touched (no other ToR changes): O(|touched|·N). */
  private List<Change> changes(RelayRules after, int[] touched) {
    List<Change> out = new ArrayList<>();
    int n = t.tors();
    for (int r : touched) {
      int[] on = new int[n];
      int[] off = new int[n];
      int a = 0;
      int d = 0;
      for (int s = 0; s < n; s++) {
        boolean was = healthy.has(r, s);
        boolean is = after.has(r, s);
        if (is && !was) {
          on[a++] = s;
        } else if (was && !is) {
          off[d++] = s;
        }
      }
      if (a + d > 0) {
        out.add(new Change(r, Arrays.copyOf(on, a), Arrays.copyOf(off, d)));
      }
    }
    return out;
  }
}
