package org.fabriclab.shoal;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.traffic.ParetoSizes;

/**
 * The workloads of seed 003 §6.2 and §7: synchronised incast, permutation, Poisson arrivals of
 * Pareto-sized flows among uniform pairs (§7.3) at load L = F/(R·N·τ), a skewed variant (§7.4,
 * synthesised: the traces are not public) and a {@link FlowTrace}. Only live nodes take part.
 * All draws come from the caller's seeded stream.
 */
public final class ShoalWorkloads {
  private ShoalWorkloads() {}

  /** {@code senders} live nodes (the lowest ids other than {@code dst}) each send {@code bytes} to dst at t = 0. */
  public static ShoalFlows incast(int nodes, int senders, int dst, long bytes, boolean[] failed) {
    InvalidParameterException.requireRange("--senders", senders, 1, nodes - 1);
    int[] s = new int[senders];
    int m = 0;
    for (int i = 0; i < nodes && m < senders; i++) {
      if (i != dst && (failed == null || !failed[i])) {
        s[m++] = i;
      }
    }
    if (m < senders) {
      throw new InvalidParameterException("--senders", senders, "at most " + m + " live senders");
    }
    int[] d = new int[senders];
    java.util.Arrays.fill(d, dst);
    long[] b = new long[senders];
    java.util.Arrays.fill(b, bytes);
    return new ShoalFlows(s, d, b, new long[senders]);
  }

  /** {@code pairs} flows of {@code bytes}: a random permutation without fixed points, restricted to {@code pairs} sources. */
  public static ShoalFlows permutation(int nodes, int pairs, long bytes, SplittableRandom rnd) {
    InvalidParameterException.requireRange("--pairs", pairs, 1, nodes);
    int[] perm = derangement(nodes, rnd);
    int[] order = shuffled(nodes, rnd);
    int[] s = new int[pairs];
    int[] d = new int[pairs];
    long[] b = new long[pairs];
    for (int f = 0; f < pairs; f++) {
      s[f] = order[f];
      d[f] = perm[order[f]];
      b[f] = bytes;
    }
    return new ShoalFlows(s, d, b, new long[pairs]);
  }

  /**
   * Poisson arrivals at load L = F/(R·N·τ) (§7.3): τ = F/(L·R·N) with F the size distribution's
   * mean, R {@code nodeGbps}, N the live nodes; sources and destinations uniform among live nodes.
   * With {@code skewed}, 84% of flows have both ends in a third of the nodes (§7.4, synthesised).
   */
  public static ShoalFlows poisson(int nodes, boolean[] failed, double load, int flows, double meanBytes,
      double paretoShape, double nodeGbps, boolean skewed, SplittableRandom rnd) {
    return poisson(nodes, failed, null, load, flows, meanBytes, paretoShape, nodeGbps, skewed, rnd);
  }

  /**
   * As above among the live nodes of {@code failures} (null: {@code failed} only), redrawing a pair
   * that has no usable subflow left (§3.5: with a failed switch or link a few pairs lose every
   * two-hop path; a real rack would need a schedule update for them).
   */
  public static ShoalFlows poisson(int nodes, boolean[] failed, ShoalFailures failures, double load, int flows,
      double meanBytes, double paretoShape, double nodeGbps, boolean skewed, SplittableRandom rnd) {
    if (failures != null) {
      failed = failures.notLive();
    }
    if (!(load > 0 && load <= 100)) {
      throw new InvalidParameterException("--load", load, "must be in (0, 100]");
    }
    InvalidParameterException.requireRange("--flows", flows, 1, 50_000_000);
    int[] live = liveNodes(nodes, failed);
    ParetoSizes sizes = new ParetoSizes(paretoShape, meanBytes);
    double tauPs = meanBytes * 8 / (load * nodeGbps * 1e9 * live.length) * 1e12;
    int[] s = new int[flows];
    int[] d = new int[flows];
    long[] b = new long[flows];
    long[] t = new long[flows];
    double now = 0;
    int hot = Math.max(2, live.length / 3);
    for (int f = 0; f < flows; f++) {
      now += -Math.log(1 - rnd.nextDouble()) * tauPs;
      t[f] = (long) now;
      int range = skewed && rnd.nextDouble() < 0.84 ? hot : live.length;
      int a;
      int c;
      do {
        a = rnd.nextInt(range);
        c = rnd.nextInt(range - 1);
        if (c >= a) {
          c++;
        }
      } while (failures != null && failures.usableSubflows(live[a], live[c]) == 0);
      s[f] = live[a];
      d[f] = live[c];
      b[f] = sizes.sample(rnd);
    }
    return new ShoalFlows(s, d, b, t);
  }

  /** A trace's flows (hosts must be node ids). */
  public static ShoalFlows trace(FlowTrace tr, int nodes) {
    tr.requireHostsBelow(nodes);
    int m = tr.size();
    int[] s = new int[m];
    int[] d = new int[m];
    long[] b = new long[m];
    long[] t = new long[m];
    for (int f = 0; f < m; f++) {
      s[f] = tr.src(f);
      d[f] = tr.dst(f);
      b[f] = tr.sizeBytes(f);
      t[f] = tr.startNs(f) * 1000;
    }
    return new ShoalFlows(s, d, b, t);
  }

  /** A seeded set of {@code count} failed nodes (Fig. 17). */
  public static boolean[] failNodes(int nodes, double fraction, SplittableRandom rnd) {
    if (!(fraction >= 0 && fraction < 1)) {
      throw new InvalidParameterException("--fail-nodes", fraction, "must be in [0, 1)");
    }
    int count = (int) Math.round(fraction * nodes);
    count = Math.min(count, nodes - 2);
    boolean[] f = new boolean[nodes];
    int[] order = shuffled(nodes, rnd);
    for (int i = 0; i < count; i++) {
      f[order[i]] = true;
    }
    return f;
  }

  static int[] liveNodes(int nodes, boolean[] failed) {
    int m = 0;
    for (int i = 0; i < nodes; i++) {
      m += failed != null && failed[i] ? 0 : 1;
    }
    int[] live = new int[m];
    m = 0;
    for (int i = 0; i < nodes; i++) {
      if (failed == null || !failed[i]) {
        live[m++] = i;
      }
    }
    return live;
  }

  static int[] shuffled(int n, SplittableRandom rnd) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int x = a[i];
      a[i] = a[j];
      a[j] = x;
    }
    return a;
  }

  /** A uniformly drawn permutation without fixed points (rejection; expected e tries). */
  static int[] derangement(int n, SplittableRandom rnd) {
    while (true) {
      int[] p = shuffled(n, rnd);
      boolean ok = true;
      for (int i = 0; i < n && ok; i++) {
        ok = p[i] != i;
      }
      if (ok) {
        return p;
      }
    }
  }
}
