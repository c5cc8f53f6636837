package org.fabriclab.shufflecast;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.probe.ByteSeries;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.Transport;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.sim.transport.tcp.TcpConfig;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;

/**
 * The application-layer broadcast baselines of Fig. 6(a) (seed 000_9b2589b0d55d7b52.txt §V
 * testbed, §VI-A(a)) on the packet engine: MPI_Bcast ({@link MpiBcastPlan}) and Spark-Cornet
 * ({@link CornetPlan}) run as unicast DCTCP transfers with triggers on the comparison network (the
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
  BroadcastPlan plan(Baseline baseline, int ranks, long bytes, int group) {
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
    BroadcastPlan[] plans = new BroadcastPlan[g];
    int[][] host = new int[g][];
    int sum = 0;
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
      plans[i] = plan(baseline, host[i].length, bytes, i);
      sum = Math.addExact(sum, plans[i].size());
    }
    final int total = sum;
    int[] groupOf = new int[total];
    int[] local = new int[total];
    int[] first = new int[g + 1];
    long[] id = new long[total];
    int[] src = new int[total];
    int[] dst = new int[total];
    long[] st = new long[total];
    long[] size = new long[total];
    for (int i = 0, t = 0; i < g; i++) {
      first[i] = t;
      for (int x = 0; x < plans[i].size(); x++, t++) {
        groupOf[t] = i;
        local[t] = x;
        id[t] = t;
        src[t] = host[i][plans[i].src(x)];
        dst[t] = host[i][plans[i].dst(x)];
        size[t] = plans[i].bytes(x);
      }
    }
    first[g] = total;
    IpMulticastFabric fabric = new IpMulticastFabric(tors, serversPerTor);
    Topology topo = fabric.build(Math.round(linkGbps * 1e9));
    FlowTrace trace = new FlowTrace(id, src, dst, st, size);
    PacketSimulation ps = new PacketSimulation(topo, new EcmpTable(topo), trace,
        new TransportSpec.Tcp(tcp(), true), NetworkConfig.dctcpBenchmark(1), progress);
    Simulator sim = ps.simulator();
    Transport tr = ps.transportImpl();
    FlowRecords rec = ps.records();
    int[] flowOf = new int[total];
    for (int f = 0; f < total; f++) {
      flowOf[(int) rec.trace().id(f)] = f;
    }
    int[] waiting = new int[total];
    int[][] dependents = new int[total][];
    int[] nDep = new int[total];
    for (int t = 0; t < total; t++) {
      int[] d = plans[groupOf[t]].deps(local[t]);
      waiting[t] = d.length;
      for (int a : d) {
        nDep[first[groupOf[t]] + a]++;
      }
    }
    for (int t = 0; t < total; t++) {
      dependents[t] = new int[nDep[t]];
      nDep[t] = 0;
    }
    for (int t = 0; t < total; t++) {
      for (int a : plans[groupOf[t]].deps(local[t])) {
        int e = first[groupOf[t]] + a;
        dependents[e][nDep[e]++] = t;
      }
    }
    long[] requestPs = new long[g];
    for (int i = 0; i < g; i++) {
      requestPs[i] = i * staggerNs * 1000L;
    }
    long[] launchPs = new long[total];
    long[] endPs = new long[total];
    java.util.Arrays.fill(endPs, -1);
    int launch = sim.register((t, unused) -> {
      launchPs[t] = sim.now();
      rec.launched(flowOf[t], sim.now());
      tr.launch(flowOf[t]);
    });
    rec.setListener((f, timePs) -> {
      int t = (int) rec.trace().id(f);
      endPs[t] = timePs;
      for (int later : dependents[t]) {
        if (--waiting[later] == 0) {
          sim.schedule(Math.max(timePs, requestPs[groupOf[later]])
              + plans[groupOf[later]].delayNs(local[later]) * 1000L, launch, later, 0);
        }
      }
    });
    ps.setStart(() -> {
      for (int t = 0; t < total; t++) {
        if (waiting[t] == 0) {
          sim.schedule(requestPs[groupOf[t]] + plans[groupOf[t]].delayNs(local[t]) * 1000L,
              launch, t, 0);
        }
      }
    });
    ps.run(Long.MAX_VALUE, Long.MAX_VALUE);
    return result(plans, host, first, launchPs, endPs, requestPs, bytes, binNs, ps);
  }

  private static ShufflecastMulticastRun.Result result(BroadcastPlan[] plans, int[][] host,
      int[] first, long[] launchPs, long[] endPs, long[] requestPs, long bytes, long binNs,
      PacketSimulation ps) {
    int g = plans.length;
    ByteSeries series = new ByteSeries(g, binNs * 1000);
    List<ShufflecastMulticastRun.GroupResult> out = new ArrayList<>();
    double planned = 0;
    double done = 0;
    for (int i = 0; i < g; i++) {
      int ranks = host[i].length;
      long[] got = new long[ranks - 1];
      long[] count = new long[ranks - 1];
      long end = 0;
      long sent = 0;
      for (int x = 0; x < plans[i].size(); x++) {
        int t = first[i] + x;
        long b = plans[i].bytes(x);
        planned += b;
        sent++;
        if (endPs[t] < 0) {
          continue;
        }
        done += b;
        if (plans[i].dst(x) > 0) { // MPI's ring also hands the root blocks it holds
          got[plans[i].dst(x) - 1] += b;
          count[plans[i].dst(x) - 1]++;
        }
        end = Math.max(end, endPs[t]);
        spread(series, i, launchPs[t], endPs[t], b, binNs * 1000);
      }
      long min = Long.MAX_VALUE;
      for (long v : got) {
        min = Math.min(min, v);
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
