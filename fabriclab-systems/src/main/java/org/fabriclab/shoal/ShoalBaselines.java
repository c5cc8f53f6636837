package org.fabriclab.shoal;

import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.flow.DelayedRecomputation;
import org.fabriclab.sim.flow.FlowLevelSimulation;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.tcp.TcpConfig;
import org.fabriclab.topology.clos.Clos;
import org.fabriclab.topology.torus.Torus;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;

/**
 * The baselines of seed 003 §7.3 on the project's other engines — the ONE place where Shoal
 * touches them (the packet engine is being rebuilt; adapt here at merge).
 *
 * <p>PSN: a full-bisection two-tier Clos of 32-port switches (512 nodes; the §5 count of 24
 * 64-port switches is the same fabric with fewer, larger switches), 50 Gb/s links, 10 ns per
 * link, 1,500 B packets (1,380 B payload + 120 B headers, the engine's benchmark profile).
 * DCTCP: per-flow ECMP, initial window 35 packets, 100-packet (150,000 B) queues, ECN mark at
 * 30,000 B. DCQCN: the engine's RoCEv2 RC + DCQCN profile with the same queues. NDP: spraying,
 * 12-packet trimming queues, the engine's NDP profile for its window.
 *
 * <p>Torus (R2C2-style, our own rate model): 8×8×8 direct-connect torus, each node's 100 Gb/s split
 * over its 6 links (16.7 Gb/s each); rates are max-min fair over each flow's shortest path (the
 * fluid engine), computed from R2C2's rack-wide view of the active flows and recomputed at flow
 * arrivals and departures after a broadcast delay ({@link DelayedRecomputation}): the events of
 * one window are applied together {@link #TORUS_BROADCAST_DELAY_PS} ≈ 489 ns after the first of
 * them — the diameter (12 hops) times one 64 B broadcast packet's serialisation at 100/6 Gb/s
 * (30.7 ns) plus 10 ns per hop; until then a new flow waits and a finished flow's share stays
 * unused. To each flow's fluid completion we add one 1,500 B store-and-forward per hop of its path
 * (multi-hop latency); queueing is not modelled.
 *
 * <p>Torus multipath (a what-if, {@link #torusMultipath}): R2C2 (Costa et al., SIGCOMM 2015) lets
 * each node "dynamically choose the routing protocol for each flow" (its abstract), multipath ones
 * included, whereas §7.3 of seed 003 says only "We use R2C2 [15] for congestion control" and
 * nothing about routing. Decision: the graded baseline stays single-path (one ECMP-hashed shortest
 * path, above); the what-if splits each flow over {@link #TORUS_MULTIPATH_SUBFLOWS} minimal paths —
 * subflow s takes candidate (hash + s) mod c among the c minimal next hops at every hop
 * ({@link FlowLevelSimulation}'s multipath mode), so a pair that differs in d dimensions spreads
 * over its d first hops and d last hops. Each subflow gets its own max-min share (uncoupled,
 * like MPTCP subflows: optimistic for the torus, since a flow on several paths claims several
 * shares) and the flow's bytes drain at the sum of its subflows' rates. Our model, not R2C2's
 * published allocation (which we have not checked in its text).
 */
public final class ShoalBaselines {
  /** The torus's 100 Gb/s per node over 6 links. */
  static final long TORUS_LINK_BPS = 100_000_000_000L / 6;

  /**
   * R2C2's broadcast delay on the 8×8×8 torus: diameter 3 × (8 / 2) = 12 hops × (64 B at
   * 100/6 Gb/s = 30,721 ps + 10 ns) = 488,652 ps.
   */
  public static final long TORUS_BROADCAST_DELAY_PS =
      DelayedRecomputation.broadcastDelayPs(12, 64, TORUS_LINK_BPS, Time.ns(10));

  /** Subflows per flow of the torus multipath what-if: 6 = 3! dimension orders of a 3-D offset. */
  public static final int TORUS_MULTIPATH_SUBFLOWS = 6;

  private ShoalBaselines() {}

  /** The flows of {@code fl} as a trace (ids = indices, starts rounded down to ns). */
  static FlowTrace trace(ShoalFlows fl) {
    int n = fl.size();
    long[] id = new long[n];
    long[] start = new long[n];
    for (int f = 0; f < n; f++) {
      id[f] = f;
      start[f] = fl.startPs(f) / 1000;
    }
    return new FlowTrace(id, fl.src.clone(), fl.dst.clone(), start, fl.bytes.clone());
  }

  /** Copies the completions of {@code rec} into a fresh ShoalFlows (for {@link ShoalMetrics}). */
  private static ShoalFlows results(ShoalFlows fl, FlowTrace tr, FlowRecords rec, long[] extraPs) {
    long[] start = new long[fl.size()];
    for (int f = 0; f < fl.size(); f++) {
      start[f] = tr.startNs(f) * 1000;
    }
    ShoalFlows out = new ShoalFlows(fl.src, fl.dst, fl.bytes, start);
    for (int f = 0; f < fl.size(); f++) {
      long fct = rec.fctPs(f);
      out.endPs[f] = fct < 0 ? -1 : start[f] + fct + (extraPs == null ? 0 : extraPs[f]);
    }
    return out;
  }

  /**
   * PFC of the what-if "dcqcn-pfc" (DCQCN as its authors deploy it, on a lossless fabric; §7.3 does
   * not say whether its DCQCN ran lossless): a switch pauses an upstream port when the bytes that
   * arrived over it reach 30 packets and resumes at 20 (model inputs, chosen by us).
   */
  static final long PFC_XOFF_BYTES = 30 * 1500;
  static final long PFC_XON_BYTES = 20 * 1500;

  /**
   * Runs the flows on the 50 Gb/s PSN with {@code transport} = dctcp, dcqcn, ndp or dcqcn-pfc (the
   * what-if: DCQCN with PFC, {@link #PFC_XOFF_BYTES}).
   */
  public static ShoalFlows psn(ShoalFlows fl, String transport, long seed, long untilPs) {
    return psn(fl, transport, seed, untilPs, Integer.MAX_VALUE);
  }

  /**
   * As {@link #psn(ShoalFlows, String, long, long)}, ending after the {@code maxCompleted}-th
   * completion (§7.3's rule: "each simulation ends when one million flows have completed"; flows
   * still running stay unfinished). With DCQCN a flow is one RC queue pair carrying messages of at
   * most 2 GiB, its PSNs wrapping past 2^24 packets (a Pareto(1.05) draw of 1 M flows can exceed
   * 16 GiB; see the engine's {@code Rocev2Transport}).
   */
  public static ShoalFlows psn(ShoalFlows fl, String transport, long seed, long untilPs, int maxCompleted) {
    Clos clos = new Clos(2, 32, 1, 1);
    TopologyBuilder b = new TopologyBuilder("clos", "tiers=2, ports=32, 50G",
        (int) clos.estimate().nodes(), (int) clos.estimate().directedLinks());
    b.defaults(50_000_000_000L, Time.ns(10));
    Topology topo = clos.build(b);
    boolean stopRule = maxCompleted < fl.size();
    FlowTrace tr = trace(fl);
    NetworkConfig nc;
    String t;
    switch (transport) {
      case "dctcp" -> {
        nc = new NetworkConfig(150_000, 30_000, NetworkConfig.Routing.ECMP_PER_FLOW, seed);
        t = "dctcp";
      }
      case "dcqcn" -> {
        nc = new NetworkConfig(150_000, 30_000, NetworkConfig.Routing.ECMP_PER_FLOW, seed);
        t = "rocev2";
      }
      case "dcqcn-pfc" -> {
        nc = new NetworkConfig(150_000, 30_000, NetworkConfig.Routing.ECMP_PER_FLOW, seed, 0, 0, false,
            PFC_XOFF_BYTES, PFC_XON_BYTES);
        t = "rocev2";
      }
      case "ndp" -> {
        nc = new NetworkConfig(12 * 1500, Long.MAX_VALUE, NetworkConfig.Routing.SPRAY_PER_PACKET, seed, 12, 64);
        t = "ndp";
      }
      default -> throw new IllegalArgumentException("transport " + transport);
    }
    TcpConfig tcp = new TcpConfig(1380, 120, 35, 1 << 20, Time.ms(1), Time.ms(64), 1.0 / 16, 1.0, false);
    PacketSimulation sim = new PacketSimulation(topo, new EcmpTable(topo), tr, t, nc, tcp, Progress.NONE);
    if (stopRule) {
      sim.stopAfterCompletions(maxCompleted);
    }
    sim.run(untilPs, Long.MAX_VALUE);
    return results(fl, tr, sim.records(), null);
  }

  /** Runs the flows on the 8×8×8 torus with the R2C2-style rate model above. */
  public static ShoalFlows torus(ShoalFlows fl, long seed) {
    return torus(fl, seed, TORUS_BROADCAST_DELAY_PS);
  }

  /**
   * As {@link #torus(ShoalFlows, long)} with another broadcast delay (ps, ≥ 0); 0 recomputes the
   * rates at every arrival and departure (the exact fluid engine, this baseline's earlier model).
   */
  public static ShoalFlows torus(ShoalFlows fl, long seed, long broadcastDelayPs) {
    return torus(fl, seed, broadcastDelayPs, 1);
  }

  /**
   * The torus multipath what-if (class comment): each flow over {@link #TORUS_MULTIPATH_SUBFLOWS}
   * minimal paths, R2C2's broadcast delay.
   */
  public static ShoalFlows torusMultipath(ShoalFlows fl, long seed) {
    return torus(fl, seed, TORUS_BROADCAST_DELAY_PS, TORUS_MULTIPATH_SUBFLOWS);
  }

  /**
   * The torus baseline with {@code subflows} minimal paths per flow (1 = the graded single-path
   * model, 1..64) and the given broadcast delay (ps, ≥ 0).
   */
  public static ShoalFlows torus(ShoalFlows fl, long seed, long broadcastDelayPs, int subflows) {
    return torus(fl, seed, broadcastDelayPs, subflows, Integer.MAX_VALUE);
  }

  /** As above, ending at the {@code maxCompleted}-th completion (§7.3's rule, see {@link #psn}). */
  public static ShoalFlows torus(ShoalFlows fl, long seed, long broadcastDelayPs, int subflows, int maxCompleted) {
    Torus torus = new Torus(new int[] {8, 8, 8}, 0);
    TopologyBuilder b = new TopologyBuilder("torus", "8x8x8, 100G/6",
        (int) torus.estimate().nodes(), (int) torus.estimate().directedLinks());
    long linkBps = TORUS_LINK_BPS;
    b.defaults(linkBps, Time.ns(10));
    Topology topo = torus.build(b);
    FlowTrace tr = trace(fl);
    FlowLevelSimulation fls = new FlowLevelSimulation(topo, tr, seed, subflows, broadcastDelayPs, Progress.NONE);
    if (maxCompleted < fl.size()) {
      fls.stopAfterCompletions(maxCompleted);
    }
    FlowRecords rec = fls.run(Long.MAX_VALUE).flows();
    EcmpTable ecmp = new EcmpTable(topo);
    long[] extra = new long[fl.size()];
    long perHopPs = 1500L * 8 * 1_000_000_000_000L / linkBps;
    for (int f = 0; f < fl.size(); f++) {
      int hops = ecmp.distance(topo.server(tr.src(f)), topo.server(tr.dst(f)));
      extra[f] = Math.max(0, hops) * perHopPs;
    }
    return results(fl, tr, rec, extra);
  }
}
