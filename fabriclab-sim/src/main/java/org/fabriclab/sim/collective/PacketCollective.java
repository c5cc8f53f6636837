package org.fabriclab.sim.collective;

import java.util.Arrays;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.Transport;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.traffic.FlowTrace;

/**
 * A {@link CollectiveSchedule} on the packet-level engine: each transfer is a flow of the given
 * transport (RoCEv2 RC by default: one queue pair per transfer), launched the moment its last
 * dependency completes — a transfer completes when its receiver holds its last byte, a step
 * {@link CollectiveSchedule#durationPs} after it starts (a timer event). Multicasts and
 * aggregations run in the fabric ({@code PacketGroups}): switches replicate a multicast along its
 * ECMP tree (IP multicast, RFC 1112) and combine an aggregation's streams (SHARP), the senders at
 * their NICs' rate with no reliability; their elements are bound to the trees' nodes only, so a
 * schedule of transfers runs on the default switches.
 *
 * <p>Launching costs O(1) plus the dependents of the completed node; the schedule's arrays are
 * built before the run, so nothing is allocated per transfer or packet while it runs.
 */
public final class PacketCollective {
  private final CollectiveSchedule s;
  private final PacketSimulation ps;
  private final Simulator sim;
  private final Transport transport;
  private final FlowRecords rec;
  private final int[] flowOf; // node -> flow (-1: a step)
  private final int[] nodeOf; // flow -> node
  private final int[] waiting;
  private final int[] depOff;
  private final int[] dependents;
  private final long[] endPs;
  private final int[] stack;
  private int done; // nodes completed
  private final int stepHandler;
  private final long hashSeed;
  private final GroupCarrier groups;
  private final int launchHandler;
  private boolean deferLaunches;
  private boolean inTimer;

  /**
   * Prepares a run of {@code s} on {@code topo} with rank {@code r} on host {@code hostOfRank[r]},
   * multicasts and aggregations carried by IP multicast and stream aggregation ({@link
   * GroupBinding#IP}).
   */
  public PacketCollective(Topology topo, EcmpTable ecmp, CollectiveSchedule s, int[] hostOfRank,
      TransportSpec transport, NetworkConfig netCfg, Progress progress) {
    this(topo, ecmp, s, hostOfRank, transport, netCfg, GroupBinding.IP, progress);
  }

  /** As above, multicasts and aggregations carried by {@code binding}. */
  public PacketCollective(Topology topo, EcmpTable ecmp, CollectiveSchedule s, int[] hostOfRank,
      TransportSpec transport, NetworkConfig netCfg, GroupBinding binding, Progress progress) {
    this.s = s;
    int n = s.size();
    flowOf = new int[n];
    int flows = 0;
    boolean groupNodes = false;
    for (int v = 0; v < n; v++) {
      groupNodes |= s.kind(v) == CollectiveSchedule.Kind.MULTICAST || s.kind(v) == CollectiveSchedule.Kind.AGGREGATE;
      flowOf[v] = s.kind(v) == CollectiveSchedule.Kind.TRANSFER ? flows++ : -1;
    }
    long[] id = new long[flows];
    int[] src = new int[flows];
    int[] dst = new int[flows];
    long[] bytes = new long[flows];
    nodeOf = new int[flows];
    for (int v = 0; v < n; v++) {
      int f = flowOf[v];
      if (f >= 0) {
        id[f] = f;
        src[f] = hostOfRank[s.rank(v)];
        dst[f] = hostOfRank[s.receiver(v)];
        bytes[f] = s.bytes(v);
        nodeOf[f] = v;
      }
    }
    FlowTrace trace = new FlowTrace(id, src, dst, new long[flows], bytes);
    ps = new PacketSimulation(topo, ecmp, trace, transport, netCfg, progress);
    hashSeed = netCfg.hashSeed();
    sim = ps.simulator();
    this.transport = ps.transportImpl();
    // the run ends when the last node completes, which may be a step or a group node after the
    // transport's last flow: the transport does not stop the simulator itself
    this.transport.setStopWhenDone(false);
    rec = ps.records();
    waiting = new int[n];
    for (int v = 0; v < n; v++) {
      waiting[v] = s.dependencyCount(v);
    }
    int[][] rev = s.dependents();
    depOff = rev[0];
    dependents = rev[1];
    endPs = new long[n];
    Arrays.fill(endPs, -1);
    stack = new int[n];
    stepHandler = sim.register((v, unused) -> {
      inTimer = true;
      completed(v, sim.now());
      inTimer = false;
    });
    launchHandler = sim.register((v, unused) -> launch(v));
    rec.setListener((f, t) -> completed(nodeOf[f], t));
    ps.setStart(this::begin);
    groups = groupNodes ? binding.bind(new GroupBinding.Context(s, topo, ecmp, hostOfRank, hashSeed, ps,
        Framing.rocev2(), this::completed)) : null;
  }

  /**
   * Launches a transfer that becomes ready at the start or when a transfer completes from an
   * event of its own at that instant (after what is already due then), as an application posts
   * its send from its completion handler; a transfer made ready by a step's end is launched in
   * that step's timer event. Without it (the default) a transfer is launched inside the event
   * that made it ready. Call before {@link #run}; returns this executor.
   */
  public PacketCollective deferLaunches() {
    deferLaunches = true;
    return this;
  }

  /**
   * Each node's completion time in ps (−1: not completed), by node id: the schedule's start is
   * time 0, and a node starts the moment its last dependency completed.
   */
  public long[] nodeEndPs() {
    return endPs.clone();
  }

  /** Node {@code v}'s completion time in ps so far (−1: not completed); for probes during a run. */
  public long nodeEndPs(int v) {
    return endPs[v];
  }

  /** The packet simulation (its network and transport), e.g. to add probes before {@link #run}. */
  public PacketSimulation simulation() {
    return ps;
  }

  private void begin() {
    // the roots by their dependency count: a root that completes at once (a step of 0) already
    // counts its dependents down, which must not start them a second time here
    for (int v = 0; v < s.size(); v++) {
      if (s.dependencyCount(v) == 0) {
        start(v);
      }
    }
  }

  private void start(int v) {
    int f = flowOf[v];
    if (f >= 0) {
      if (deferLaunches && !inTimer) {
        sim.after(0, launchHandler, v, 0);
      } else {
        launch(v);
      }
    } else if (groups != null && groups.handles(v)) {
      groups.start(v);
    } else if (s.durationPs(v) > 0) {
      sim.after(s.durationPs(v), stepHandler, v, 0);
    } else {
      completed(v, sim.now());
    }
  }

  private void launch(int v) {
    int f = flowOf[v];
    rec.launched(f, sim.now());
    transport.launch(f);
  }

  /** Node {@code v} completed at {@code t}: start the dependents it was the last wait of. */
  private void completed(int v, long t) {
    int top = 0;
    stack[top++] = v;
    endPs[v] = t;
    while (top > 0) {
      int u = stack[--top];
      if (++done == endPs.length) {
        sim.stop();
      }
      for (int i = depOff[u]; i < depOff[u + 1]; i++) {
        int w = dependents[i];
        if (--waiting[w] == 0) {
          if (s.kind(w) == CollectiveSchedule.Kind.STEP && s.durationPs(w) == 0) {
            endPs[w] = t;
            stack[top++] = w;
          } else {
            start(w);
          }
        }
      }
    }
  }

  /**
   * Runs to the end of the schedule (or {@code untilPs}). A node that never completed (the time
   * limit, or a multicast or aggregation that lost a packet) leaves the JCT and its rank's end
   * unknown: they are reported as −1.
   */
  public CollectiveResult run(long untilPs, long eventBudget, int root, int[] hostOfRank) {
    ps.run(untilPs, eventBudget);
    return result(root, hostOfRank);
  }

  /** Continues a run that {@link #run} stopped at its time limit, up to {@code untilPs}. */
  public CollectiveResult resume(long untilPs, long eventBudget, int root, int[] hostOfRank) {
    sim.run(untilPs, eventBudget);
    return result(root, hostOfRank);
  }

  private CollectiveResult result(int root, int[] hostOfRank) {
    Network net = ps.network();
    Topology topo = net.topology();
    boolean done = true;
    long jct = 0;
    for (long e : endPs) {
      done &= e >= 0;
      jct = Math.max(jct, e);
    }
    long[] ranks = RankEnds.of(s, endPs);
    long wire = 0;
    long retx = 0;
    java.util.BitSet used = new java.util.BitSet(topo.linkCount());
    for (int f = 0; f < nodeOf.length; f++) {
      int v = nodeOf[f];
      // the flow's hashed ECMP path: the links its data crossed (per-flow ECMP)
      int[] path = org.fabriclab.sim.flow.FlowLevelSimulation.path(topo, net.ecmp(), f,
          topo.server(hostOfRank[s.rank(v)]), topo.server(hostOfRank[s.receiver(v)]), hashSeed);
      wire += s.bytes(v) * path.length;
      for (int e : path) {
        used.set(e);
      }
      retx += rec.retransmissions(f);
    }
    if (groups != null) {
      wire += groups.wireBytes();
      used.or(groups.usedLinks());
      retx += groups.retransmissions();
    }
    long link = 0;
    for (int e = 0; e < topo.linkCount(); e++) {
      link += net.bytesSent(e);
    }
    long rootUp = 0;
    int rootNode = topo.server(hostOfRank[root]);
    for (int p = 0; p < topo.degree(rootNode); p++) {
      rootUp += net.bytesSent(topo.link(rootNode, p));
    }
    return new CollectiveResult(done ? jct : -1, ranks, wire, link, used.cardinality(), rootUp, net.maxQueueBytes(),
        net.totalDrops(), retx, sim.events(), endPs.clone());
  }
}
