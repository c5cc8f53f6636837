package org.fabriclab.gleam.baseline;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.fabriclab.sim.collective.CollectiveSchedule;

/** The event loop of {@link StarJctModel}: connections in order, max-min fair link sharing. */
final class StarFluid {
  private final StarJctModel m;
  private final CollectiveSchedule s;
  private final int[][] dsts; // node -> receivers (a transfer's one)
  private final int n;
  private final int ranks;
  private final double bitsPerPs;

  StarFluid(StarJctModel m, CollectiveSchedule s) {
    this.m = m;
    this.s = s;
    this.n = s.size();
    dsts = new int[n][];
    for (int v = 0; v < n; v++) {
      CollectiveSchedule.Kind k = s.kind(v);
      if (k != CollectiveSchedule.Kind.TRANSFER && k != CollectiveSchedule.Kind.MULTICAST) {
        throw new IllegalArgumentException("schedule " + s.name() + ": node " + v + " is a " + k
            + "; the star model runs transfers and multicasts");
      }
      dsts[v] = s.receivers(v);
    }
    this.ranks = s.ranks();
    this.bitsPerPs = m.linkBps() / 1e12;
  }

  private long connection(int t) {
    if (dsts[t].length == 1) {
      return (long) s.rank(t) * ranks + dsts[t][0];
    }
    return -1L - s.rank(t) - (long) ranks * java.util.Arrays.hashCode(dsts[t]);
  }

  long[] run() {
    long[] done = new long[n];
    double[] remaining = new double[n];
    long[] ready = new long[n];
    int[] missing = new int[n];
    List<List<Integer>> dependents = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      dependents.add(new ArrayList<>());
    }
    for (int t = 0; t < n; t++) {
      missing[t] = s.dependencyCount(t);
      remaining[t] = 8.0 * m.wireBytes(s.bytes(t));
      for (int k = 0; k < s.dependencyCount(t); k++) {
        dependents.get(s.dependency(t, k)).add(t);
      }
    }
    PriorityQueue<long[]> pending = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    for (int i = 0; i < n; i++) {
      if (missing[i] == 0) {
        ready[i] = m.messageOverheadPs();
        pending.add(new long[] {ready[i], i});
      }
    }
    Map<Long, ArrayDeque<Integer>> queues = new HashMap<>();
    List<Integer> active = new ArrayList<>();
    long lat = m.latencyPs();
    double now = 0;
    int finished = 0;
    double[] rate = new double[n];
    while (finished < n) {
      if (active.isEmpty() && pending.isEmpty()) {
        throw new IllegalStateException("schedule " + s.name() + " has a dependency cycle");
      }
      // admit transfers that are ready now
      while (!pending.isEmpty() && (active.isEmpty() || pending.peek()[0] <= now)) {
        long[] e = pending.poll();
        now = Math.max(now, e[0]);
        int i = (int) e[1];
        ArrayDeque<Integer> q = queues.computeIfAbsent(connection(i), k -> new ArrayDeque<>());
        q.add(i);
        if (q.size() == 1) {
          active.add(i);
        }
      }
      fairRates(active, rate);
      double dt = Double.MAX_VALUE;
      for (int i : active) {
        dt = Math.min(dt, remaining[i] / rate[i]);
      }
      double nextReady = pending.isEmpty() ? Double.MAX_VALUE : pending.peek()[0];
      if (nextReady < now + dt) {
        for (int i : active) {
          remaining[i] -= rate[i] * (nextReady - now);
        }
        now = nextReady;
        continue;
      }
      now += dt;
      List<Integer> ended = new ArrayList<>();
      for (int i : active) {
        remaining[i] -= rate[i] * dt;
        if (remaining[i] <= 1e-6 * rate[i] * dt + 1e-9) {
          ended.add(i);
        }
      }
      for (int i : ended) {
        active.remove(Integer.valueOf(i));
        finished++;
        done[i] = Math.round(now) + lat;
        ArrayDeque<Integer> q = queues.get(connection(i));
        q.poll();
        if (!q.isEmpty()) {
          active.add(q.peek());
        }
        for (int d : dependents.get(i)) {
          ready[d] = Math.max(ready[d], done[i] + m.messageOverheadPs());
          if (--missing[d] == 0) {
            pending.add(new long[] {ready[d], d});
          }
        }
      }
    }
    return done;
  }

  /** Progressive filling over uplinks (0..ranks-1) and downlinks (ranks..2·ranks-1). */
  private void fairRates(List<Integer> active, double[] rate) {
    double[] cap = new double[2 * ranks];
    int[] users = new int[2 * ranks];
    java.util.Arrays.fill(cap, bitsPerPs);
    for (int i : active) {
      rate[i] = 0;
      users[s.rank(i)]++;
      for (int d : dsts[i]) {
        users[ranks + d]++;
      }
    }
    List<Integer> open = new ArrayList<>(active);
    while (!open.isEmpty()) {
      double inc = Double.MAX_VALUE;
      for (int r = 0; r < cap.length; r++) {
        if (users[r] > 0) {
          inc = Math.min(inc, cap[r] / users[r]);
        }
      }
      boolean[] full = new boolean[cap.length];
      for (int r = 0; r < cap.length; r++) {
        if (users[r] > 0) {
          cap[r] -= inc * users[r];
          full[r] = cap[r] <= 1e-12 * bitsPerPs;
        }
      }
      List<Integer> still = new ArrayList<>();
      for (int i : open) {
        rate[i] += inc;
        int[] to = dsts[i];
        boolean frozen = full[s.rank(i)];
        for (int k = 0; k < to.length && !frozen; k++) {
          frozen = full[ranks + to[k]];
        }
        if (frozen) {
          users[s.rank(i)]--;
          for (int d : to) {
            users[ranks + d]--;
          }
        } else {
          still.add(i);
        }
      }
      open = still;
    }
  }
}
