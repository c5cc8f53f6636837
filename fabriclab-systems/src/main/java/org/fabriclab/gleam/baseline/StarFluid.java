package org.fabriclab.gleam.baseline;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/** The event loop of {@link StarJctModel}: connections in order, max-min fair link sharing. */
final class StarFluid {
  private final StarJctModel m;
  private final TransferSchedule s;
  private final int n;
  private final int ranks;
  private final double bitsPerPs;

  StarFluid(StarJctModel m, TransferSchedule s) {
    this.m = m;
    this.s = s;
    this.n = s.transfers().size();
    this.ranks = s.ranks();
    this.bitsPerPs = m.linkBps() / 1e12;
  }

  private long connection(Transfer t) {
    if (t.dstCount() == 1) {
      return (long) t.src() * ranks + t.dst(0);
    }
    return -1L - t.src() - (long) ranks * java.util.Arrays.hashCode(t.dsts());
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
    for (Transfer t : s.transfers()) {
      missing[t.id()] = t.dependencyCount();
      remaining[t.id()] = 8.0 * m.wireBytes(t.bytes());
      for (int k = 0; k < t.dependencyCount(); k++) {
        dependents.get(t.dependency(k)).add(t.id());
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
        ArrayDeque<Integer> q = queues.computeIfAbsent(connection(s.transfers().get(i)), k -> new ArrayDeque<>());
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
        ArrayDeque<Integer> q = queues.get(connection(s.transfers().get(i)));
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
      Transfer t = s.transfers().get(i);
      users[t.src()]++;
      for (int k = 0; k < t.dstCount(); k++) {
        users[ranks + t.dst(k)]++;
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
        Transfer t = s.transfers().get(i);
        boolean frozen = full[t.src()];
        for (int k = 0; k < t.dstCount() && !frozen; k++) {
          frozen = full[ranks + t.dst(k)];
        }
        if (frozen) {
          users[t.src()]--;
          for (int k = 0; k < t.dstCount(); k++) {
            users[ranks + t.dst(k)]--;
          }
        } else {
          still.add(i);
        }
      }
      open = still;
    }
  }
}
