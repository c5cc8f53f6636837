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
 * <p>Cost per event: O(active flows) to advance the remaining bytes and find the next departure,
 * plus the incremental refill. Time is kept in ps, rounded up at departures.
 */
public final class FlowLevelSimulation {
  private final FlowTrace trace;
  private final FlowRecords rec;
  private final Progress progress;
  private final MaxMinProgressiveFilling mm;
  private final double[] remaining;
  private long events;

  public FlowLevelSimulation(Topology topo, FlowTrace trace, long seed, Progress progress) {
    trace.requireHostsBelow(topo.serverCount());
    this.trace = trace;
    this.progress = progress;
    rec = new FlowRecords(trace);
    EcmpTable ecmp = new EcmpTable(topo);
    int n = trace.size();
    int[][] paths = new int[n][];
    for (int f = 0; f < n; f++) {
      paths[f] = path(topo, ecmp, f, topo.server(trace.src(f)), topo.server(trace.dst(f)), seed);
    }
    double[] cap = new double[topo.linkCount()];
    for (int e = 0; e < cap.length; e++) {
      cap[e] = topo.capacityBps(e) / 8e12; // bytes per ps
    }
    mm = new MaxMinProgressiveFilling(cap, paths);
    remaining = new double[n];
  }

  /** The hashed ECMP path of flow {@code f} (the packet engine's choice). O(hops · degree). */
  public static int[] path(Topology topo, EcmpTable ecmp, int f, int src, int dst, long seed) {
    int d = ecmp.distance(src, dst);
    if (d < 0) {
      throw new org.fabriclab.error.InvalidParameterException("trace", "flow " + f
          + ": no path between its hosts in " + topo.family());
    }
    int[] p = new int[d];
    int u = src;
    for (int i = 0; i < d; i++) {
      p[i] = ecmp.nextLink(u, dst, Network.flowHash(f, u, seed));
      u = topo.target(p[i]);
    }
    return p;
  }

  public MaxMinProgressiveFilling rates() {
    return mm;
  }

  /** Runs until every flow is done or {@code untilPs}. */
  public SimulationResult run(long untilPs) {
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
          double r = mm.rate(f);
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
            if (remaining[f] <= mm.rate(f) + 1e-6) { // less than one ps of sending left
              mm.remove(f);
              rec.complete(f, now);
              progress.advance(1);
              activeList[i--] = activeList[--activeCount];
            }
          }
        } else {
          int f = next++;
          remaining[f] = trace.sizeBytes(f);
          mm.add(f);
          activeList[activeCount++] = f;
        }
      }
    } finally {
      progress.end();
    }
    double loop = (System.nanoTime() - t0) / 1e9;
    return new SimulationResult("flow", "max-min", rec, null, now, events, 0, 0, 0, 0,
        0, loop);
  }

  private void advance(int[] list, int count, long dt) {
    if (dt <= 0) {
      return;
    }
    for (int i = 0; i < count; i++) {
      int f = list[i];
      remaining[f] -= mm.rate(f) * dt;
    }
  }
}
