package org.fabriclab.sim.flow;

import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.traffic.FlowTrace;

/**
 * The flow-level (fluid) engine: every flow follows one shortest path, chosen per hop by the same
 * per-flow ECMP hash as the packet engine (so both engines put a flow on the same path), and gets
 * its max-min fair rate over the link capacities ({@link MaxMinProgressiveFilling}), recomputed
 * at every arrival and departure. No latency, no headers: a flow of S bytes alone on 10 Gb/s
 * finishes in S·8/10^10 s. Outputs the same per-flow records as the packet engine.
 *
 * <p>Multipath: with {@code subflows = K > 1} each flow is split over K ECMP paths (subflow j
 * takes, at every hop, the candidate {@code hash + j} modulo the candidates, so the subflows
 * differ wherever the path can branch); each subflow gets its own max-min share, like uncoupled
 * MPTCP subflows, and the flow's rate is their sum. K = 1 is the single hashed path.
 *
 * <p>Rate updates: with {@code recomputeDelayPs = 0} (the default) rates are recomputed at every
 * arrival and departure, exactly; cost per event O(active flows · K) to advance the remaining
 * bytes and find the next departure, plus the incremental refill. With a delay D &gt; 0 the rates
 * are recomputed after D, as in R2C2 ({@link DelayedRecomputation}: the arrivals and departures of
 * one window of D are applied together D after the first of them; until then a new flow sends
 * nothing and a finished flow's share stays unused). That run is event-driven: each flow's bytes
 * are brought up to date only when its rate changes, the next departure comes from a heap of
 * completion times, so an event costs O(log flows) and a recomputation the refill plus O(log
 * flows) per flow whose rate changed — no scan over all active flows. Time is kept in ps, rounded
 * up at departures.
 */
public final class FlowLevelSimulation {
  private final FlowTrace trace;
  private final FlowRecords rec;
  private final Progress progress;
  private final MaxMinProgressiveFilling mm;
  private final double[] remaining;
  private final int subflows;
  private final long recomputeDelayPs;
  private long events;

  public FlowLevelSimulation(Topology topo, FlowTrace trace, long seed, Progress progress) {
    this(topo, trace, seed, 1, progress);
  }

  /**
   * @param subflows paths per flow, 1..64 (see the class comment)
   */
  public FlowLevelSimulation(
      Topology topo, FlowTrace trace, long seed, int subflows, Progress progress) {
    this(topo, trace, seed, subflows, 0, progress);
  }

  /**
   * @param subflows paths per flow, 1..64 (see the class comment)
   * @param recomputeDelayPs 0 = rates recomputed at every event (exact); &gt; 0 = R2C2's broadcast
   *     delay in ps ({@link DelayedRecomputation})
   */
  public FlowLevelSimulation(
      Topology topo, FlowTrace trace, long seed, int subflows, long recomputeDelayPs, Progress progress) {
    org.fabriclab.error.InvalidParameterException.requireRange("subflows", subflows, 1, 64);
    org.fabriclab.error.InvalidParameterException.requireRange("recomputeDelayPs", recomputeDelayPs, 0,
        Long.MAX_VALUE / 4);
    this.recomputeDelayPs = recomputeDelayPs;
    trace.requireHostsBelow(topo.serverCount());
    this.trace = trace;
    this.progress = progress;
    this.subflows = subflows;
    rec = new FlowRecords(trace);
    EcmpTable ecmp = new EcmpTable(topo);
    int n = trace.size();
    if ((long) n * subflows > Integer.MAX_VALUE - 8) {
      throw new org.fabriclab.error.InvalidParameterException(
          "subflows", subflows, "flows × subflows must stay below 2^31");
    }
    int[][] paths = new int[n * subflows][];
    for (int f = 0; f < n; f++) {
      int src = topo.server(trace.src(f));
      int dst = topo.server(trace.dst(f));
      for (int j = 0; j < subflows; j++) {
        paths[f * subflows + j] = path(topo, ecmp, f, src, dst, seed, j);
      }
    }
    double[] cap = new double[topo.linkCount()];
    for (int e = 0; e < cap.length; e++) {
      cap[e] = topo.capacityBps(e) / 8e12; // bytes per ps
    }
    mm = new MaxMinProgressiveFilling(cap, paths, recomputeDelayPs > 0);
    remaining = new double[n];
  }

  /** The hashed ECMP path of flow {@code f} (the packet engine's choice). O(hops · degree). */
  public static int[] path(Topology topo, EcmpTable ecmp, int f, int src, int dst, long seed) {
    return path(topo, ecmp, f, src, dst, seed, 0);
  }

  /** Subflow {@code j}'s path: candidate {@code hash + j} at every hop. */
  static int[] path(Topology topo, EcmpTable ecmp, int f, int src, int dst, long seed, int j) {
    int d = ecmp.distance(src, dst);
    if (d < 0) {
      throw new org.fabriclab.error.InvalidParameterException("trace", "flow " + f
          + ": no path between its hosts in " + topo.family());
    }
    int[] p = new int[d];
    int u = src;
    for (int i = 0; i < d; i++) {
      p[i] = ecmp.nextLink(u, dst, Network.flowHash(f, u, seed) + j);
      u = topo.target(p[i]);
    }
    return p;
  }

  public MaxMinProgressiveFilling rates() {
    return mm;
  }

  /** Current rate of flow {@code f} in bytes per ps: the sum over its subflows. */
  public double flowRate(int f) {
    double r = 0;
    for (int j = 0; j < subflows; j++) {
      r += mm.rate(f * subflows + j);
    }
    return r;
  }

  /**
   * Ends the run at the {@code n}-th completion (n ≥ 1; flows completing at the same instant after
   * it in the engine's order stay unfinished). Call before {@link #run}.
   */
  public FlowLevelSimulation stopAfterCompletions(int n) {
    rec.setCompletionLimit(n, () -> { });
    return this;
  }

  /** Runs until every flow is done, {@code untilPs}, or the completion limit. */
  public SimulationResult run(long untilPs) {
    return recomputeDelayPs == 0 ? runExact(untilPs) : runDelayed(untilPs);
  }

  /** Rates recomputed at every event; remaining bytes advanced for every active flow per event. */
  private SimulationResult runExact(long untilPs) {
    int n = trace.size();
    progress.begin("flows", n);
    long t0 = System.nanoTime();
    int[] activeList = new int[Math.max(1, n)];
    int activeCount = 0;
    int next = 0;
    long now = 0;
    try {
      while (next < n || activeCount > 0) {
        long arrival = next < n ? trace.startNs(next) * 1000L : Long.MAX_VALUE;
        double soonest = Double.MAX_VALUE;
        for (int i = 0; i < activeCount; i++) {
          int f = activeList[i];
          double r = flowRate(f);
          if (r > 0) {
            soonest = Math.min(soonest, remaining[f] / r);
          }
        }
        long departure = soonest == Double.MAX_VALUE ? Long.MAX_VALUE
            : now + (long) Math.ceil(soonest);
        long t = Math.min(arrival, departure);
        if (t > untilPs) {
          advance(activeList, activeCount, untilPs - now);
          now = untilPs;
          break;
        }
        advance(activeList, activeCount, t - now);
        now = t;
        events++;
        if (departure <= arrival) {
          for (int i = 0; i < activeCount; i++) {
            int f = activeList[i];
            if (remaining[f] <= flowRate(f) + 1e-6) { // less than one ps of sending left
              for (int j = 0; j < subflows; j++) {
                mm.remove(f * subflows + j);
              }
              rec.complete(f, now);
              progress.advance(1);
              activeList[i--] = activeList[--activeCount];
              if (rec.limitReached()) {
                break;
              }
            }
          }
          if (rec.limitReached()) {
            break;
          }
        } else {
          int f = next++;
          remaining[f] = trace.sizeBytes(f);
          for (int j = 0; j < subflows; j++) {
            mm.add(f * subflows + j);
          }
          activeList[activeCount++] = f;
        }
      }
    } finally {
      progress.end();
    }
    double loop = (System.nanoTime() - t0) / 1e9;
    return new SimulationResult("flow", "max-min", rec, null, now, events, 0, 0, 0, 0,
        deliveredBytes(next, now, null, null), loop);
  }

  /**
   * The event-driven run with R2C2's broadcast delay. Per flow: the bytes left at {@code last[f]},
   * its rate since then (the sum over its subflows, as of the last recomputation) and, while that
   * rate is above 0, its completion time in a heap. Events in time order, a recomputation first
   * on ties (an event at a window's end belongs to the next window), then departures, then
   * arrivals.
   */
  private SimulationResult runDelayed(long untilPs) {
    int n = trace.size();
    progress.begin("flows", n);
    long t0 = System.nanoTime();
    DelayedRecomputation dr = new DelayedRecomputation(mm, recomputeDelayPs);
    IndexedLongMinHeap done = new IndexedLongMinHeap(n);
    long[] last = new long[n];
    double[] rateNow = new double[n];
    boolean[] finished = new boolean[n];
    int[] seen = new int[n];
    int epoch = 0;
    int next = 0;
    int open = 0; // flows arrived and not finished
    long now = 0;
    try {
      while (next < n || open > 0) {
        long arrival = next < n ? trace.startNs(next) * 1000L : Long.MAX_VALUE;
        long departure = done.minKey();
        long flush = dr.dueAt();
        long t = Math.min(flush, Math.min(arrival, departure));
        if (t == Long.MAX_VALUE) {
          break; // open flows without a rate and nothing pending: no path can carry them
        }
        if (t > untilPs) {
          now = untilPs;
          break;
        }
        now = t;
        events++;
        if (flush == t) {
          dr.flush();
          epoch++;
          for (int i = 0; i < mm.changedCount(); i++) {
            int f = mm.changed(i) / subflows;
            if (seen[f] == epoch || finished[f]) {
              continue;
            }
            seen[f] = epoch;
            remaining[f] -= rateNow[f] * (now - last[f]);
            last[f] = now;
            double r = flowRate(f);
            rateNow[f] = r;
            if (r > 0) {
              done.set(f, now + completionPs(remaining[f], r));
            } else {
              done.remove(f);
            }
          }
        } else if (departure == t) {
          while (done.minKey() == t) {
            int f = done.pop();
            finished[f] = true;
            open--;
            remaining[f] = 0;
            rec.complete(f, now);
            progress.advance(1);
            for (int j = 0; j < subflows; j++) {
              dr.depart(f * subflows + j, now);
            }
            if (rec.limitReached()) {
              break;
            }
          }
          if (rec.limitReached()) {
            break;
          }
        } else {
          int f = next++;
          remaining[f] = trace.sizeBytes(f);
          last[f] = now;
          open++;
          for (int j = 0; j < subflows; j++) {
            dr.arrive(f * subflows + j, now);
          }
        }
      }
    } finally {
      progress.end();
    }
    double loop = (System.nanoTime() - t0) / 1e9;
    return new SimulationResult("flow", "max-min", rec, null, now, events, 0, 0, 0, 0,
        deliveredBytes(next, now, last, rateNow), loop);
  }

  /**
   * Payload bytes delivered by {@code now}: the size of every completed flow plus, for each flow
   * that has arrived (the first {@code arrived} of the trace) and not finished, its size less the
   * bytes it has left, rounded down to a whole byte. {@code last}/{@code rateNow}: the delayed
   * run's bytes-left time and rate per flow (its {@code remaining} is as of {@code last}); null in
   * the exact run, whose {@code remaining} is current. O(flows), once per run.
   */
  private long deliveredBytes(int arrived, long now, long[] last, double[] rateNow) {
    long bytes = 0;
    for (int f = 0; f < arrived; f++) {
      long size = trace.sizeBytes(f);
      if (rec.endPs(f) >= 0) {
        bytes += size;
        continue;
      }
      double left = remaining[f] - (last == null ? 0 : rateNow[f] * (now - last[f]));
      bytes += Math.max(0, Math.min(size, (long) Math.floor(size - left + 1e-6)));
    }
    return bytes;
  }

  /** Ps to send {@code bytes} at {@code rate} bytes/ps, rounded up; 0 below 10⁻⁶ B (rounding residue). */
  static long completionPs(double bytes, double rate) {
    return bytes <= 1e-6 ? 0 : (long) Math.ceil(bytes / rate);
  }

  private void advance(int[] list, int count, long dt) {
    if (dt <= 0) {
      return;
    }
    for (int i = 0; i < count; i++) {
      int f = list[i];
      remaining[f] -= flowRate(f) * dt;
    }
  }
}
