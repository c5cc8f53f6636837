package org.fabriclab.gleam.baseline;

import it.unimi.dsi.fastutil.ints.IntHeapPriorityQueue;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.flow.MaxMinProgressiveFilling;

/**
 * The event loop of {@link StarJctModel}: connections in order, max-min fair link sharing. The
 * head transfer of every connection is a flow of the engine's {@link MaxMinProgressiveFilling}
 * over the sender's uplink (link {@code rank}) and every receiver's downlink (link {@code ranks +
 * receiver}), refilled once per event; primitive arrays, no allocation per event.
 */
final class StarFluid {
  private final StarJctModel m;
  private final CollectiveSchedule s;
  private final int n;
  private final int ranks;
  private final double bitsPerPs;
  private final int[][] links; // node -> its uplink, then its receivers' downlinks
  private final int[] conn; // node -> its connection (same sender, same receivers)
  private final int conns;

  StarFluid(StarJctModel m, CollectiveSchedule s) {
    this.m = m;
    this.s = s;
    this.n = s.size();
    this.ranks = s.ranks();
    this.bitsPerPs = m.linkBps() / 1e12;
    links = new int[n][];
    conn = new int[n];
    Long2IntOpenHashMap ids = new Long2IntOpenHashMap();
    ids.defaultReturnValue(-1);
    for (int v = 0; v < n; v++) {
      CollectiveSchedule.Kind k = s.kind(v);
      if (k != CollectiveSchedule.Kind.TRANSFER && k != CollectiveSchedule.Kind.MULTICAST) {
        throw new IllegalArgumentException("schedule " + s.name() + ": node " + v + " is a " + k
            + "; the star model runs transfers and multicasts");
      }
      int[] dsts = s.receivers(v);
      int[] l = new int[1 + dsts.length];
      l[0] = s.rank(v);
      for (int i = 0; i < dsts.length; i++) {
        l[1 + i] = ranks + dsts[i];
      }
      links[v] = l;
      long key = dsts.length == 1 ? (long) s.rank(v) * ranks + dsts[0]
          : -1L - s.rank(v) - (long) ranks * Arrays.hashCode(dsts);
      int c = ids.get(key);
      if (c < 0) {
        c = ids.size();
        ids.put(key, c);
      }
      conn[v] = c;
    }
    conns = ids.size();
  }

  long[] run() {
    long[] done = new long[n];
    double[] remaining = new double[n];
    long[] ready = new long[n];
    int[] missing = new int[n];
    // dependents of every node, compressed rows
    int[] depStart = new int[n + 1];
    for (int t = 0; t < n; t++) {
      missing[t] = s.dependencyCount(t);
      remaining[t] = 8.0 * m.wireBytes(s.bytes(t));
      for (int k = 0; k < missing[t]; k++) {
        depStart[s.dependency(t, k) + 1]++;
      }
    }
    for (int i = 0; i < n; i++) {
      depStart[i + 1] += depStart[i];
    }
    int[] dependents = new int[depStart[n]];
    int[] fill = Arrays.copyOf(depStart, n);
    for (int t = 0; t < n; t++) {
      for (int k = 0; k < s.dependencyCount(t); k++) {
        dependents[fill[s.dependency(t, k)]++] = t;
      }
    }
    // ready transfers by (ready time, id)
    IntHeapPriorityQueue pending = new IntHeapPriorityQueue(
        (a, b) -> ready[a] != ready[b] ? Long.compare(ready[a], ready[b]) : Integer.compare(a, b));
    for (int i = 0; i < n; i++) {
      if (missing[i] == 0) {
        ready[i] = m.messageOverheadPs();
        pending.enqueue(i);
      }
    }
    // per connection a FIFO of admitted transfers (a linked list); its head is active
    int[] head = new int[conns];
    int[] tail = new int[conns];
    int[] next = new int[n];
    Arrays.fill(head, -1);
    int[] active = new int[n];
    int activeCount = 0;
    int[] added = new int[n];
    int[] removed = new int[n];
    int na = 0;
    int nr = 0;
    double[] capacity = new double[2 * ranks];
    Arrays.fill(capacity, bitsPerPs);
    MaxMinProgressiveFilling fair = new MaxMinProgressiveFilling(capacity, links);
    long lat = m.latencyPs();
    double now = 0;
    int finished = 0;
    while (finished < n) {
      if (activeCount == 0 && pending.isEmpty()) {
        throw new IllegalStateException("schedule " + s.name() + " has a dependency cycle");
      }
      // admit transfers that are ready now
      while (!pending.isEmpty() && (activeCount == 0 || ready[pending.firstInt()] <= now)) {
        int i = pending.dequeueInt();
        now = Math.max(now, ready[i]);
        int c = conn[i];
        next[i] = -1;
        if (head[c] < 0) {
          head[c] = i;
          active[activeCount++] = i;
          added[na++] = i;
        } else {
          next[tail[c]] = i;
        }
        tail[c] = i;
      }
      if (na + nr > 0) {
        fair.update(removed, nr, added, na);
        na = 0;
        nr = 0;
      }
      double dt = Double.MAX_VALUE;
      for (int a = 0; a < activeCount; a++) {
        int i = active[a];
        dt = Math.min(dt, remaining[i] / fair.rate(i));
      }
      double nextReady = pending.isEmpty() ? Double.MAX_VALUE : ready[pending.firstInt()];
      if (nextReady < now + dt) {
        for (int a = 0; a < activeCount; a++) {
          int i = active[a];
          remaining[i] -= fair.rate(i) * (nextReady - now);
        }
        now = nextReady;
        continue;
      }
      now += dt;
      int ended = 0; // the ended transfers, moved to active[activeCount - ended ..)
      for (int a = 0; a < activeCount - ended; ) {
        int i = active[a];
        remaining[i] -= fair.rate(i) * dt;
        if (remaining[i] <= 1e-6 * fair.rate(i) * dt + 1e-9) {
          ended++;
          active[a] = active[activeCount - ended];
          active[activeCount - ended] = i;
        } else {
          a++;
        }
      }
      activeCount -= ended;
      for (int e = 0; e < ended; e++) {
        int i = active[activeCount + e];
        removed[nr++] = i;
        finished++;
        done[i] = Math.round(now) + lat;
        int c = conn[i];
        head[c] = next[i];
        if (head[c] >= 0) {
          added[na++] = head[c];
        }
        for (int k = depStart[i]; k < depStart[i + 1]; k++) {
          int d = dependents[k];
          ready[d] = Math.max(ready[d], done[i] + m.messageOverheadPs());
          if (--missing[d] == 0) {
            pending.enqueue(d);
          }
        }
      }
      for (int e = 0; e < na; e++) {
        active[activeCount++] = added[e];
      }
    }
    return done;
  }
}
