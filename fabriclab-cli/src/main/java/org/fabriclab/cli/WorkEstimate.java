package org.fabriclab.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.traffic.FlowTrace;

/**
 * How long a packet-level run will take, said before it starts when that is more than {@value
 * #ANNOUNCE_SECONDS} s (docs/errors.md, "Long runs"): the packet engine does one event per packet per link, so its work is
 * the packet-hops of the trace or the collective's schedule — per flow, its data packets (at most {@value #PAYLOAD_BYTES} B of
 * payload each, the smallest payload of the built-in transports' framings) times its ECMP hop
 * count, doubled for the acknowledgements and control packets coming back — at about {@value
 * #PACKET_HOPS_PER_SECOND} packet-hops per second on one core (docs/benchmarks-engine.md). An
 * estimate, not a refusal: the run goes on, bounded by {@code --until-ms} or {@code --max-events}
 * if given. O(flows).
 */
public final class WorkEstimate {
  /** Payload per data packet the estimate assumes: RoCEv2's 1024 B (TCP's MSS is larger). */
  static final long PAYLOAD_BYTES = 1024;

  /** The packet engine's measured speed on one core (FT8-WS30-10k, DCTCP). */
  static final double PACKET_HOPS_PER_SECOND = 8e6;

  /**
   * Runs estimated above this many seconds (ten minutes) are announced: {@code gleam hpl --scale
   * 128 --engine packet} (24 min of ring + long, docs/benchmarks-gleam.md) is, its 64 × 64 (an
   * estimated 6 min) is not.
   */
  static final double ANNOUNCE_SECONDS = 600;

  private WorkEstimate() {}

  /** Estimated packet-hops of {@code trace} on {@code topo} (data and returning packets). */
  public static double packetHops(Topology topo, EcmpTable ecmp, FlowTrace trace) {
    double hops = 0;
    for (int f = 0; f < trace.size(); f++) {
      int d = ecmp.distance(topo.server(trace.src(f)), topo.server(trace.dst(f)));
      long packets = Math.max(1, (trace.sizeBytes(f) + PAYLOAD_BYTES - 1) / PAYLOAD_BYTES);
      hops += 2.0 * packets * Math.max(1, d);
    }
    return hops;
  }

  /**
   * Estimated packet-hops of a collective's schedule with rank {@code r} on host {@code
   * hostOfRank[r]}: a transfer as a flow; a multicast or an aggregation as one flow per receiver
   * (or source), an upper bound of what replication or aggregation in the fabric sends; steps
   * nothing.
   */
  public static double packetHops(Topology topo, EcmpTable ecmp,
      org.fabriclab.sim.collective.CollectiveSchedule s, int[] hostOfRank) {
    double hops = 0;
    for (int v = 0; v < s.size(); v++) {
      if (s.kind(v) == org.fabriclab.sim.collective.CollectiveSchedule.Kind.STEP) {
        continue;
      }
      long packets = Math.max(1, (s.bytes(v) + PAYLOAD_BYTES - 1) / PAYLOAD_BYTES);
      int a = topo.server(hostOfRank[s.rank(v)]);
      for (int other : s.receivers(v)) {
        int d = ecmp.distance(a, topo.server(hostOfRank[other]));
        hops += 2.0 * packets * Math.max(1, d);
      }
    }
    return hops;
  }

  /** The line announcing a long run, or null when the estimate is under ten minutes. */
  public static String announcement(double packetHops) {
    return announcement(packetHops, "--until-ms or --max-events bound it; --engine flow gives max-min rates in far less");
  }

  /** The line announcing a long run, ending with {@code hint} in parentheses, or null. */
  public static String announcement(double packetHops, String hint) {
    double seconds = packetHops / PACKET_HOPS_PER_SECOND;
    if (seconds <= ANNOUNCE_SECONDS) {
      return null;
    }
    String time = seconds < 7200 ? String.format(Locale.ROOT, "%.0f minutes", seconds / 60)
        : seconds < 2 * 86400 ? String.format(Locale.ROOT, "%.1f hours", seconds / 3600)
        : String.format(Locale.ROOT, "%.0f days", seconds / 86400);
    return String.format(Locale.ROOT, "fabriclab: estimate: this run moves about %.2g packet-hops;"
        + " at about 8 million per second on one core it takes %s (%s)", packetHops, time, hint);
  }

  /** Prints the announcement of a long run on {@code err}, if any. */
  public static void announce(Topology topo, EcmpTable ecmp, FlowTrace trace, PrintWriter err) {
    String line = announcement(packetHops(topo, ecmp, trace));
    if (line != null) {
      err.println(line);
      err.flush();
    }
  }
}
