package org.fabriclab.shufflecast;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.PacketCollective;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.probe.ByteSeries;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.sim.transport.tcp.TcpSpec;
import org.fabriclab.sim.transport.tcp.TcpConfig;
import org.fabriclab.units.Time;

/**
 * The application-layer broadcast baselines of Fig. 6(a) (seed 000_9b2589b0d55d7b52.txt §V
 * testbed, §VI-A(a)) on the packet engine: MPI_Bcast ({@link MpiBcastPlan}) and Spark-Cornet
 * ({@link CornetPlan}) run as unicast DCTCP transfers by the collective executor ({@link
 * PacketCollective}) on the comparison network (the
 * same ToRs and servers as the Shufflecast instance under one non-blocking core, {@link
 * IpMulticastFabric}'s topology, ECMP unicast; the paper runs both baselines "on full-bisection
 * bandwidth network to measure their ideal maximal performance").
 *
 * <p>Decisions: DCTCP with 1460 B of payload in 1500 B packets (the same framing as the multicast
 * senders), initial window 10, RTO floor 1 ms, 150 KB drop-tail ports with ECN marking at 30 KB
 * (the engine's DCTCP preset network); each transfer opens its own connection (handshake
 * included). A transfer starts when its plan's dependencies have completed at their receivers,
 * plus its delay (Cornet's locate cost), and not before its group's request time
 * {@code g · stagger}. {@code startNs} = request time; {@code endNs} = the last transfer's
 * completion; {@code throughputGbps} = object bytes · 8 / (endNs − startNs) (the paper's data size
 * over reading time); {@code memberBytes[j]} = payload of the transfers member j received (MPI's
 * scatter hands a subtree's blocks through its root, so a member may receive more than the
 * object). The throughput series spreads each transfer's bytes evenly over its lifetime.
 * O(packets · hops) events.
 */
public final class OverlayBroadcastRun {
  /** Which baseline. */
  public enum Baseline {
    /** {@link MpiBcastPlan#openMpi}. */
    MPI_BCAST,
    /** {@link CornetPlan}. */
    CORNET
  }

  /** Cornet's default locate cost (a model input): 1 ms, the order of a driver RPC round trip. */
  public static final long DEFAULT_LOCATE_NS = 1_000_000;

  private final int tors;
  private final int serversPerTor;
  private final double linkGbps;
  private final long locateNs;
  private final long blockBytes;

  /**
   * @param locateNs Cornet's locate cost per block, ns (ignored by MPI_Bcast)
   * @param blockBytes Cornet's block size
   */
  public OverlayBroadcastRun(int p, int k, int serversPerTor, double linkGbps, long locateNs,
      long blockBytes) {
    ShufflecastMulticastRun shape = new ShufflecastMulticastRun(p, k, serversPerTor, linkGbps);
    this.tors = shape.topology().tors();
    this.serversPerTor = serversPerTor;
    this.linkGbps = linkGbps;
    InvalidParameterException.requireRange("--locate-ms (ns)", locateNs, 0, 60_000_000_000L);
    InvalidParameterException.requireRange("--block-bytes", blockBytes, 1024, 1L << 34);
    this.locateNs = locateNs;
    this.blockBytes = blockBytes;
  }

  /** The plan {@code baseline} runs for a group of {@code ranks} (source = rank 0). */
  CollectiveSchedule plan(Baseline baseline, int ranks, long bytes, int group) {
    return baseline == Baseline.MPI_BCAST ? MpiBcastPlan.openMpi(ranks, bytes)
        : CornetPlan.plan(ranks, bytes, blockBytes, locateNs, 1 + group);
  }

  /** The TCP settings of every transfer. */
  static TcpConfig tcp() {
    return new TcpConfig(ShufflecastMulticastRun.PAYLOAD_BYTES,
        ShufflecastMulticastRun.WIRE_BYTES - ShufflecastMulticastRun.PAYLOAD_BYTES, 10, 1 << 20,
        Time.ms(1), Time.ms(64), 1.0 / 16, 1.0, false);
  }

  /** Runs one broadcast per group (members exclude the source), group g requested at g · stagger. */
  public ShufflecastMulticastRun.Result run(Baseline baseline, int[] sources, int[][] members,
      long bytes, long staggerNs, long binNs) {
    return run(baseline, sources, members, bytes, staggerNs, binNs, Progress.NONE);
  }

  /** {@link #run(Baseline, int[], int[][], long, long, long)}, reporting the unicast transfers done. */
  public ShufflecastMulticastRun.Result run(Baseline baseline, int[] sources, int[][] members,
      long bytes, long staggerNs, long binNs, Progress progress) {
    int servers = tors * serversPerTor;
    InvalidParameterException.requireRange("--size", bytes, 1, ShufflecastMulticastRun.MAX_BYTES);
    InvalidParameterException.requireRange("--groups", sources.length, 1, servers);
    InvalidParameterException.requireRange("stagger (ns)", staggerNs, 0, 3_600_000_000_000L);
    InvalidParameterException.requireRange("time-series bin (ns)", binNs, 1_000, 3_600_000_000_000L);
    int g = sources.length;
    int[][] host = new int[g][];
    // every group's plan over the servers (rank = server), group i as phase i
    CollectiveSchedule all = new CollectiveSchedule(servers).named(baseline.name().toLowerCase());
    long[] requestPs = new long[g];
    for (int i = 0; i < g; i++) {
      InvalidParameterException.requireRange("--sources", sources[i], 0, servers - 1);
      boolean[] seen = new boolean[servers];
      seen[sources[i]] = true;
      host[i] = new int[members[i].length + 1];
      host[i][0] = sources[i];
      for (int j = 0; j < members[i].length; j++) {
        int m = members[i][j];
        InvalidParameterException.requireRange("member", m, 0, servers - 1);
        if (seen[m]) {
          throw new InvalidParameterException("member",
              "group " + i + " lists server " + m + " twice or as its own source");
        }
        seen[m] = true;
        host[i][j + 1] = m;
      }
      if (members[i].length == 0) {
        throw new InvalidParameterException("--group-size", "group " + i + " has no member");
      }
      requestPs[i] = i * staggerNs * 1000L;
      all.beginPhase("group " + i);
      appendRequested(all, plan(baseline, host[i].length, bytes, i), host[i], requestPs[i]);
    }
    IpMulticastFabric fabric = new IpMulticastFabric(tors, serversPerTor);
    Topology topo = fabric.build(Math.round(linkGbps * 1e9));
    int[] identity = new int[servers];
    java.util.Arrays.setAll(identity, h -> h);
    // each transfer posted from its own event when its dependencies complete (a completion
    // handler's send), or at the end of its locate step
    PacketCollective pc = new PacketCollective(topo, new EcmpTable(topo), all, identity,
        new TcpSpec(tcp(), true), NetworkConfig.dctcpBenchmark(1), progress).deferLaunches();
    PacketSimulation ps = pc.simulation();
    ps.run(Long.MAX_VALUE, Long.MAX_VALUE);
    return result(all, host, pc.nodeEndPs(), requestPs, bytes, binNs, ps);
  }

  /**
   * Appends {@code plan} (ranks mapped to {@code host}) requested at {@code requestPs}: its first
   * steps last that much longer, its first transfers wait for a step of that length (none at 0).
   */
  private static void appendRequested(CollectiveSchedule all, CollectiveSchedule plan, int[] host, long requestPs) {
    int[] id = new int[plan.size()];
    for (int v = 0; v < plan.size(); v++) {
      int n = plan.dependencyCount(v);
      int[] deps = new int[n];
      for (int i = 0; i < n; i++) {
        deps[i] = id[plan.dependency(v, i)];
      }
      if (plan.kind(v) == CollectiveSchedule.Kind.STEP) {
        id[v] = all.step(host[plan.rank(v)], plan.durationPs(v) + (n == 0 ? requestPs : 0), deps);
      } else if (plan.kind(v) == CollectiveSchedule.Kind.TRANSFER) {
        if (n == 0 && requestPs > 0) {
          deps = new int[] {all.step(host[plan.rank(v)], requestPs)};
        }
        id[v] = all.transfer(host[plan.rank(v)], host[plan.receiver(v)], plan.bytes(v), deps);
      } else {
        throw new IllegalArgumentException("an overlay broadcast is unicasts: no " + plan.kind(v));
      }
    }
  }

  private static ShufflecastMulticastRun.Result result(CollectiveSchedule all, int[][] host, long[] endPs,
      long[] requestPs, long bytes, long binNs, PacketSimulation ps) {
    int g = host.length;
    ByteSeries series = new ByteSeries(g, binNs * 1000);
    List<ShufflecastMulticastRun.GroupResult> out = new ArrayList<>();
    double planned = 0;
    double done = 0;
    int[] member = new int[all.ranks()]; // server -> member index + 1 in the current group
    FlowRecords rec = ps.records();
    int v = 0;
    int flow = 0;
    for (int i = 0; i < g; i++) {
      int ranks = host[i].length;
      java.util.Arrays.fill(member, 0);
      for (int j = 1; j < ranks; j++) {
        member[host[i][j]] = j;
      }
      long[] got = new long[ranks - 1];
      long[] count = new long[ranks - 1];
      long end = 0;
      long sent = 0;
      for (; v < all.size() && all.phase(v) == i; v++) {
        if (all.kind(v) != CollectiveSchedule.Kind.TRANSFER) {
          continue;
        }
        int f = flow++;
        long b = all.bytes(v);
        planned += b;
        sent++;
        if (endPs[v] < 0) {
          continue;
        }
        done += b;
        int m = member[all.receiver(v)];
        if (m > 0) { // MPI's ring also hands the root blocks it holds
          got[m - 1] += b;
          count[m - 1]++;
        }
        end = Math.max(end, endPs[v]);
        spread(series, i, rec.startPs(f), endPs[v], b, binNs * 1000);
      }
      long min = Long.MAX_VALUE;
      for (long x : got) {
        min = Math.min(min, x);
      }
      int[] members = java.util.Arrays.copyOfRange(host[i], 1, ranks);
      double gbps = end > requestPs[i] ? bytes * 8.0 / ((end - requestPs[i]) / 1e12) / 1e9 : 0;
      out.add(new ShufflecastMulticastRun.GroupResult(host[i][0], members, bytes,
          requestPs[i] / 1000, requestPs[i] / 1000, end / 1000, gbps, min, 0, got, count,
          new long[ranks - 1], sent, 0));
    }
    var net = ps.network();
    long packets = (bytes + ShufflecastMulticastRun.PAYLOAD_BYTES - 1)
        / ShufflecastMulticastRun.PAYLOAD_BYTES;
    return new ShufflecastMulticastRun.Result(out, planned == 0 ? 0 : 1 - done / planned,
        net.totalDrops(), net.accounting(), packets, new long[0], new long[0], binNs,
        series.toArrays(), null);
  }

  /** Adds {@code bytes} spread evenly over [fromPs, toPs] to the group's bins. */
  private static void spread(ByteSeries s, int group, long fromPs, long toPs, long bytes, long binPs) {
    long span = Math.max(1, toPs - fromPs);
    long left = bytes;
    long at = fromPs;
    while (at < toPs) {
      long next = Math.min(toPs, (at / binPs + 1) * binPs);
      long part = (long) ((double) bytes * (next - at) / span);
      part = Math.min(part, left);
      s.add(group, at, part);
      left -= part;
      at = next;
    }
    if (left > 0) {
      s.add(group, Math.max(fromPs, toPs - 1), left);
    }
  }
}
