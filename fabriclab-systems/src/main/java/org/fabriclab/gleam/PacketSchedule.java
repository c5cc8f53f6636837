package org.fabriclab.gleam;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.gleam.baseline.Transfer;
import org.fabriclab.gleam.baseline.TransferSchedule;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.RdmaCompletions;
import org.fabriclab.units.Time;

/**
 * Runs a {@link TransferSchedule} (seed 002's HPL and broadcast baselines, §5.1, §5.2.1) on the
 * packet engine, on the testbed of §4: rank {@code r} is server {@code r} of one switch, every link
 * at {@code linkGbps}, 10 ns. The same semantics as the analytic {@code StarJctModel}, at packet
 * level: a transfer is posted {@code hostNs} after its last dependency completes (host software per
 * message, a model input); unicasts between the same two ranks share one RC QP (in order); a
 * multicast from rank {@code s} to every other rank is one message of Gleam group {@code s} (one
 * group per source rank over all ranks, so holders may multicast at once, e.g. HPL's uniform row
 * swap). A unicast completes when its receiver holds every byte (its receive completion), a
 * multicast when the source's send completes (Gleam's aggregated ACK: every receiver has it). The
 * unmodified RoCEv2 RC, no ECN; lossless (decision: RoCE fabrics run with PFC; here every port's
 * buffer exceeds what any rank receives, so concurrent multicasts into one rank queue instead of
 * dropping; the engine's PFC pause frames are not used). Cost: O(packets × receivers) events.
 */
public final class PacketSchedule {
  private PacketSchedule() {}

  /** The completion time of the last transfer, in picoseconds. */
  public static long jctPs(TransferSchedule s, double linkGbps, double hostNs) {
    int p = s.ranks();
    if (p < 2 || p > PacketBcast.MAX_SERVERS) {
      throw new InvalidParameterException("ranks", p, "valid range 2.." + PacketBcast.MAX_SERVERS);
    }
    if (!(hostNs >= 0 && hostNs <= 1e9)) {
      throw new InvalidParameterException("hostNs", hostNs, "valid range [0, 1e9]");
    }
    double[] gbps = new double[p];
    java.util.Arrays.fill(gbps, linkGbps);
    Topology topo = PacketGroup.testbed(gbps, Time.ns(10));
    int[] members = new int[p];
    for (int i = 0; i < p; i++) {
      members[i] = i;
    }
    boolean anyMulticast = s.transfers().stream().anyMatch(x -> x.dstCount() > 1);
    // lossless, as RoCE runs with PFC: a port buffer no schedule can fill (a rank receives at most
    // the schedule's bytes), checked below
    long buffer = Math.max(64L << 20, 2 * s.deliveredBytes() + (64L << 20));
    NetworkConfig nc = new NetworkConfig(buffer, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1);
    PacketGroup g = new PacketGroup(topo, nc, RcConfig.defaults(), members, anyMulticast ? p : 1);
    int n = s.transfers().size();
    int[] missing = new int[n];
    int[][] dependents = new int[n][];
    int[] count = new int[n];
    for (Transfer x : s.transfers()) {
      missing[x.id()] = x.dependencyCount();
      for (int d = 0; d < x.dependencyCount(); d++) {
        count[x.dependency(d)]++;
      }
    }
    for (int i = 0; i < n; i++) {
      dependents[i] = new int[count[i]];
      count[i] = 0;
    }
    for (Transfer x : s.transfers()) {
      for (int d = 0; d < x.dependencyCount(); d++) {
        int u = x.dependency(d);
        dependents[u][count[u]++] = x.id();
      }
    }
    Long2IntOpenHashMap qpOf = new Long2IntOpenHashMap();
    qpOf.defaultReturnValue(-1);
    boolean[] multicastQp = new boolean[1 << 16];
    long[] last = {0};
    int[] done = {0};
    var sim = g.simulator();
    long hostPs = Math.round(hostNs * 1000);
    int post = sim.register((id, unused) -> {
      Transfer x = s.transfers().get(id);
      if (x.dstCount() > 1) {
        if (x.dstCount() != p - 1) {
          throw new InvalidParameterException("schedule", s.name(),
              "a multicast must reach every other rank at packet level");
        }
        g.multicast(x.src(), x.src(), x.bytes(), id);
        multicastQp[g.txQp(x.src(), x.src())] = true;
      } else {
        long key = (long) x.src() * p + x.dst(0);
        int q = qpOf.get(key);
        if (q < 0) {
          q = g.unicastQp(x.src(), x.dst(0));
          qpOf.put(key, q);
        }
        g.unicast(q, x.bytes(), id);
      }
    });
    java.util.function.IntConsumer onDone = id -> {
      last[0] = Math.max(last[0], sim.now());
      done[0]++;
      for (int v : dependents[id]) {
        if (--missing[v] == 0) {
          sim.after(hostPs, post, v, 0);
        }
      }
    };
    g.setCompletions(new RdmaCompletions() {
      @Override
      public void sendComplete(int qpn, long wrId, long nowPs) {
        if (qpn < multicastQp.length && multicastQp[qpn]) {
          onDone.accept((int) wrId);
        }
      }

      @Override
      public void receiveComplete(int qpn, long wrId, long nowPs) {
        if (qpn >= multicastQp.length || !multicastQp[qpn]) {
          onDone.accept((int) wrId);
        }
      }
    });
    for (Transfer x : s.transfers()) {
      if (x.dependencyCount() == 0) {
        sim.after(hostPs, post, x.id(), 0);
      }
    }
    g.run(Time.ms(600_000), 4_000_000_000L);
    if (g.network().totalDrops() > 0) {
      throw new IllegalStateException("schedule " + s.name() + " dropped packets in a lossless run");
    }
    if (done[0] < n) {
      throw new IllegalStateException("schedule " + s.name() + " did not finish: " + done[0] + " of " + n);
    }
    return last[0];
  }
}
