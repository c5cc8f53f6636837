package org.fabriclab.gleam;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.RdmaCompletions;
import org.fabriclab.units.Time;

/**
 * Runs a {@link CollectiveSchedule} of transfers and multicasts (seed 002's HPL and broadcast baselines, §5.1, §5.2.1) on the
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
  public static long jctPs(CollectiveSchedule s, double linkGbps, double hostNs) {
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
    int n = s.size();
    int[][] dsts = new int[n][];
    boolean anyMulticast = false;
    long delivered = 0;
    for (int v = 0; v < n; v++) {
      CollectiveSchedule.Kind k = s.kind(v);
      if (k != CollectiveSchedule.Kind.TRANSFER && k != CollectiveSchedule.Kind.MULTICAST) {
        throw new InvalidParameterException("schedule", s.name(), "node " + v + " is a " + k
            + "; this run takes transfers and multicasts");
      }
      dsts[v] = s.receivers(v);
      anyMulticast |= dsts[v].length > 1;
      delivered += s.bytes(v) * dsts[v].length;
    }
    // lossless, as RoCE runs with PFC: a port buffer no schedule can fill (a rank receives at most
    // the schedule's bytes), checked below
    long buffer = Math.max(64L << 20, 2 * delivered + (64L << 20));
    NetworkConfig nc = new NetworkConfig(buffer, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1);
    PacketGroup g = new PacketGroup(topo, nc, RcConfig.defaults(), members, anyMulticast ? p : 1);
    int[] missing = new int[n];
    int[][] dependents = new int[n][];
    int[] count = new int[n];
    for (int x = 0; x < n; x++) {
      missing[x] = s.dependencyCount(x);
      for (int d = 0; d < s.dependencyCount(x); d++) {
        count[s.dependency(x, d)]++;
      }
    }
    for (int i = 0; i < n; i++) {
      dependents[i] = new int[count[i]];
      count[i] = 0;
    }
    for (int x = 0; x < n; x++) {
      for (int d = 0; d < s.dependencyCount(x); d++) {
        int u = s.dependency(x, d);
        dependents[u][count[u]++] = x;
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
      int src = s.rank(id);
      if (dsts[id].length > 1) {
        if (dsts[id].length != p - 1) {
          throw new InvalidParameterException("schedule", s.name(),
              "a multicast must reach every other rank at packet level");
        }
        g.multicast(src, src, s.bytes(id), id);
        multicastQp[g.txQp(src, src)] = true;
      } else {
        long key = (long) src * p + dsts[id][0];
        int q = qpOf.get(key);
        if (q < 0) {
          q = g.unicastQp(src, dsts[id][0]);
          qpOf.put(key, q);
        }
        g.unicast(q, s.bytes(id), id);
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
    for (int x = 0; x < n; x++) {
      if (s.dependencyCount(x) == 0) {
        sim.after(hostPs, post, x, 0);
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
