package org.fabriclab.topology.jellyfish;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabriclab.topology.jellyfish.JellyfishWiring.Selection;

/**
 * The mutable construction state of Jellyfish's incremental random wiring (Singla et al., NSDI
 * 2012, §3), one per call of {@link JellyfishWiring#wire}: free ports, the pool of free slots
 * endpoints are drawn from, the links so far, and the scans and repairs used when random pairs
 * fail. The algorithm, its guarantee and its cost are described in {@link JellyfishWiring}.
 */
final class WiringState {
  private static final int FAILS_BEFORE_SCAN = 16;
  private static final int SAMPLES_BEFORE_SCAN = 64;

  private final int n;
  private final int[] group;
  private final int[] free;
  private final int[] degree;
  private final int[] slotBase;
  private final int[] slotNode;
  private final int[] pool;
  private final int[] pos;
  private int poolSize;
  private long totalFree;
  private final boolean byPort;
  private final SplittableRandom rnd;
  private final Long2IntOpenHashMap linkIndex;
  private final int[] seen;
  private int stamp;
  private final IntArrayList la = new IntArrayList();
  private final IntArrayList lb = new IntArrayList();

  WiringState(int[] degree, int[] group, Selection selection, SplittableRandom rnd) {
    this.n = degree.length;
    this.degree = degree.clone();
    this.group = group == null ? null : group.clone();
    this.free = degree.clone();
    this.byPort = selection == Selection.PORT;
    this.rnd = rnd;
    seen = new int[n];
    slotBase = new int[n + 1];
    for (int v = 0; v < n; v++) {
      if (degree[v] < 0) {
        throw new IllegalArgumentException("negative degree at node " + v);
      }
      slotBase[v + 1] = slotBase[v] + (byPort ? degree[v] : 1);
      totalFree += degree[v];
    }
    int tokens = slotBase[n];
    slotNode = new int[tokens];
    pool = new int[tokens];
    pos = new int[tokens];
    Arrays.fill(pos, -1);
    for (int v = 0; v < n; v++) {
      for (int t = slotBase[v]; t < slotBase[v + 1]; t++) {
        slotNode[t] = v;
        if (degree[v] > 0) {
          pos[t] = poolSize;
          pool[poolSize++] = t;
        }
      }
    }
    linkIndex = new Long2IntOpenHashMap((int) Math.min(1 << 26, totalFree / 2 + 16));
    linkIndex.defaultReturnValue(-1);
  }

  JellyfishWiring run() {
    int fails = 0;
    while (totalFree >= 2) {
      if (fails < FAILS_BEFORE_SCAN && poolSize >= 2) {
        int i = rnd.nextInt(poolSize);
        int j = rnd.nextInt(poolSize - 1);
        if (j >= i) {
          j++;
        }
        int u = slotNode[pool[i]];
        int v = slotNode[pool[j]];
        if (allowed(u, v)) {
          join(u, v);
          fails = 0;
        } else {
          fails++;
        }
        continue;
      }
      int[] f = freeNodes();
      long possible = (long) f.length * (f.length - 1) / 2;
      IntArrayList pairs = allowedPairs(f);
      if (!pairs.isEmpty()) {
        // join a random greedy matching of the allowed pairs, not just one pair: in dense
        // graphs one O(f²) scan per link would make the wiring cubic
        int count = pairs.size() / 2;
        int[] order = new int[count];
        for (int q = 0; q < count; q++) {
          order[q] = q;
        }
        for (int q = count - 1; q > 0; q--) {
          int r = rnd.nextInt(q + 1);
          int tmp = order[q];
          order[q] = order[r];
          order[r] = tmp;
        }
        int joined = 0;
        for (int q : order) {
          int u = pairs.getInt(2 * q);
          int v = pairs.getInt(2 * q + 1);
          if (free[u] > 0 && free[v] > 0 && allowed(u, v)) {
            join(u, v);
            joined++;
          }
        }
        // keep scanning while random pairs would mostly fail
        fails = (long) joined * 4 < possible ? FAILS_BEFORE_SCAN : 0;
        continue;
      }
      if (!repairOne(f) && !repairTwo(f)) {
        break;
      }
    }
    return finish();
  }

  private boolean allowed(int u, int v) {
    return u != v
        && (group == null || group[u] != group[v])
        && !linkIndex.containsKey(key(u, v));
  }

  private static long key(int u, int v) {
    return u < v ? ((long) u << 32) | v : ((long) v << 32) | u;
  }

  private void join(int u, int v) {
    addLink(u, v);
    take(u);
    take(v);
  }

  private void addLink(int u, int v) {
    linkIndex.put(key(u, v), la.size());
    la.add(u);
    lb.add(v);
  }

  private void removeLink(int index) {
    int last = la.size() - 1;
    linkIndex.remove(key(la.getInt(index), lb.getInt(index)));
    if (index != last) {
      la.set(index, la.getInt(last));
      lb.set(index, lb.getInt(last));
      linkIndex.put(key(la.getInt(index), lb.getInt(index)), index);
    }
    la.removeInt(last);
    lb.removeInt(last);
  }

  /** Uses one free port of {@code v}: its top free slot leaves the pool. */
  private void take(int v) {
    free[v]--;
    totalFree--;
    int token = byPort ? slotBase[v] + degree[v] - free[v] - 1 : slotBase[v];
    if (byPort || free[v] == 0) {
      int at = pos[token];
      int moved = pool[--poolSize];
      pool[at] = moved;
      pos[moved] = at;
      pos[token] = -1;
    }
  }

  /** Distinct nodes that still have a free port, in pool order; O(pool). */
  private int[] freeNodes() {
    stamp++;
    IntArrayList out = new IntArrayList();
    for (int i = 0; i < poolSize; i++) {
      int v = slotNode[pool[i]];
      if (seen[v] != stamp) {
        seen[v] = stamp;
        out.add(v);
      }
    }
    return out.toIntArray();
  }

  private IntArrayList allowedPairs(int[] f) {
    IntArrayList pairs = new IntArrayList();
    for (int i = 0; i < f.length; i++) {
      for (int j = i + 1; j < f.length; j++) {
        if (allowed(f[i], f[j])) {
          pairs.add(f[i]);
          pairs.add(f[j]);
        }
      }
    }
    return pairs;
  }

  /** A node with ≥ 2 free ports splits a link whose ends it may join; the paper's step. */
  private boolean repairOne(int[] f) {
    int start = rnd.nextInt(f.length);
    for (int s = 0; s < f.length; s++) {
      int v = f[(start + s) % f.length];
      if (free[v] >= 2) {
        int e = findLink(v, v);
        if (e >= 0) {
          int x = la.getInt(e);
          int y = lb.getInt(e);
          removeLink(e);
          addLink(v, x);
          addLink(v, y);
          take(v);
          take(v);
          return true;
        }
      }
    }
    return false;
  }

  /** Two nodes with a free port each take over one link between their non-neighbours. */
  private boolean repairTwo(int[] f) {
    if (f.length < 2) {
      return false;
    }
    int start = rnd.nextInt(f.length);
    for (int s = 0; s < f.length; s++) {
      int u = f[(start + s) % f.length];
      for (int t = 1; t < f.length; t++) {
        int w = f[(start + s + t) % f.length];
        int e = findLink(u, w);
        if (e >= 0) {
          int x = la.getInt(e);
          int y = lb.getInt(e);
          if (!(allowed(u, x) && allowed(w, y))) {
            int swap = x;
            x = y;
            y = swap;
          }
          removeLink(e);
          addLink(u, x);
          addLink(w, y);
          take(u);
          take(w);
          return true;
        }
      }
    }
    return false;
  }

  /**
   * A link {@code (x, y)} with {@code u} allowed to join one end and {@code w} the other:
   * random samples first, then a full scan from a random start; -1 when none.
   */
  private int findLink(int u, int w) {
    int m = la.size();
    if (m == 0) {
      return -1;
    }
    for (int s = 0; s < SAMPLES_BEFORE_SCAN; s++) {
      int e = rnd.nextInt(m);
      if (fits(e, u, w)) {
        return e;
      }
    }
    int start = rnd.nextInt(m);
    for (int s = 0; s < m; s++) {
      int e = (start + s) % m;
      if (fits(e, u, w)) {
        return e;
      }
    }
    return -1;
  }

  private boolean fits(int e, int u, int w) {
    int x = la.getInt(e);
    int y = lb.getInt(e);
    return (allowed(u, x) && allowed(w, y)) || (allowed(u, y) && allowed(w, x));
  }

  private JellyfishWiring finish() {
    long[] keys = new long[la.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = key(la.getInt(i), lb.getInt(i));
    }
    Arrays.sort(keys);
    int[] a = new int[keys.length];
    int[] b = new int[keys.length];
    for (int i = 0; i < keys.length; i++) {
      a[i] = (int) (keys[i] >>> 32);
      b[i] = (int) keys[i];
    }
    return new JellyfishWiring(a, b, (int) totalFree, n);
  }
}
