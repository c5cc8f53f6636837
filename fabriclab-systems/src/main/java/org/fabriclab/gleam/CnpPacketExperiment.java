package org.fabriclab.gleam;

import java.util.function.Consumer;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.RdmaCompletions;
import org.fabriclab.units.Time;

/**
 * CNP filtering at packet level (seed 002, §3.5): one Gleam multicast on the testbed (§4: one
 * switch, the source on server 0 at {@code sourceGbps}, receiver {@code i} on server {@code i + 1}
 * at {@code receiverGbps[i]}), the switch's ports marking ECN, the receivers' unmodified RoCEv2 RC
 * answering CE-marked packets with CNPs (at most one per QP per 50 µs), the Gleam switch passing
 * only the most congested link's CNPs ({@link CnpFilter}), and the source's unmodified DCQCN
 * ({@code org.fabriclab.sim.transport.rocev2.Dcqcn}) reacting to what arrives.
 *
 * <p>Model inputs (the paper gives none for its CC): step ECN marking at {@code ecnBytes} on every
 * port (DCTCP-style; RED with kmin = kmax), 16 MiB buffers (no drops), 10 ns links, the engine's
 * DCQCN defaults (g = 1/256, 55 µs timer, 10 MB byte counter, F = 5, R_AI 40 Mb/s, R_HAI 200 Mb/s),
 * CNP aging period 50 µs. A receiver link slower than the source's is congested by the multicast
 * itself (the switch replicates at the source's rate), so the tree's bottleneck share is the
 * slowest receiver link. Cost: O(packets × receivers) events.
 */
public final class CnpPacketExperiment {
  /**
   * @param sourceCnps CNPs the source host received (its DCQCN's input)
   * @param cnpsGenerated CNPs all receivers generated
   * @param doneAtPs when each receiver held the whole message
   * @param halfAtPs when each receiver held the first half
   */
  public record Result(long bytes, long sourceCnps, long cnpsGenerated, long[] doneAtPs,
      long[] halfAtPs, long[] acceptedBytes, long jctPs) {
    /** Payload rate in Gb/s at which receiver {@code i} got the second half of the message. */
    public double secondHalfGbps(int i) {
      return (bytes - bytes / 2) * 8e3 / (doneAtPs[i] - halfAtPs[i]);
    }
  }

  private CnpPacketExperiment() {}

  /**
   * The same message on one unicast RC QP from a {@code sourceGbps} server to one {@code
   * receiverGbps} server through the same switch: when the receiver holds it all, and the CNPs the
   * source received (the unicast reference for the multicast's bottleneck path).
   */
  public static long[] unicast(double sourceGbps, double receiverGbps, long bytes, long ecnBytes, long seed) {
    Topology topo = PacketGroup.testbed(new double[] {sourceGbps, receiverGbps}, Time.ns(10));
    NetworkConfig nc = new NetworkConfig(16L << 20, ecnBytes, NetworkConfig.Routing.ECMP_PER_FLOW, seed);
    PacketGroup g = new PacketGroup(topo, nc, RcConfig.defaults(), new int[] {0, 1});
    long[] done = {-1};
    g.setCompletions((q, id, now) -> {
      done[0] = now;
      g.simulator().stop();
    });
    g.unicast(g.unicastQp(0, 1), bytes, 1);
    g.run(Time.ms(60_000), 50_000_000L + 200L * g.packetsOf(bytes));
    return new long[] {done[0], g.cnpsAtHost(g.host(0))};
  }

  /** Runs one broadcast of {@code bytes}; {@code hook} (may be null) sees the group before the start. */
  public static Result run(double sourceGbps, double[] receiverGbps, long bytes, long ecnBytes,
      boolean filtering, long seed, Consumer<PacketGroup> hook) {
    return run(sourceGbps, receiverGbps, bytes, ecnBytes, filtering, seed, hook, org.fabriclab.progress.Progress.NONE);
  }

  /**
   * {@link #run(double, double[], long, long, boolean, long, Consumer)} reporting the payload bytes
   * delivered to the receivers on {@code progress} (reporting never changes the run).
   */
  public static Result run(double sourceGbps, double[] receiverGbps, long bytes, long ecnBytes,
      boolean filtering, long seed, Consumer<PacketGroup> hook, org.fabriclab.progress.Progress progress) {
    if (bytes < 2) {
      throw new InvalidParameterException("--size", bytes, "valid range 2.." + PacketBcast.MAX_BYTES);
    }
    double[] gbps = new double[receiverGbps.length + 1];
    gbps[0] = sourceGbps;
    System.arraycopy(receiverGbps, 0, gbps, 1, receiverGbps.length);
    Topology topo = PacketGroup.testbed(gbps, Time.ns(10));
    int[] members = new int[gbps.length];
    for (int i = 0; i < members.length; i++) {
      members[i] = i;
    }
    NetworkConfig nc = new NetworkConfig(16L << 20, ecnBytes, NetworkConfig.Routing.ECMP_PER_FLOW, seed);
    PacketGroup g = new PacketGroup(topo, nc, RcConfig.defaults(), members);
    g.setCnpFiltering(filtering);
    int r = receiverGbps.length;
    long[] done = new long[r];
    long[] half = new long[r];
    long[] doneAt = {-1};
    // progress per receiver from its accepted bytes, sampled on every packet it accepts
    org.fabriclab.sim.packet.PacketKinds kinds = g.network().kinds();
    int kindData = g.transport().kinds().data();
    org.fabriclab.sim.packet.PacketKinds.KindReceiver data = kinds.receiver(kindData);
    kinds.setReceiver(kindData, (p, node) -> {
      data.deliver(p, node);
      for (int i = 0; i < r; i++) {
        if (node == g.host(i + 1)) {
          long a = g.acceptedBytes(i + 1);
          if (half[i] == 0 && a >= bytes / 2) {
            half[i] = g.simulator().now();
          }
          if (done[i] == 0 && a >= bytes) {
            done[i] = g.simulator().now();
          }
        }
      }
    });
    g.setCompletions(new RdmaCompletions() {
      @Override
      public void sendComplete(int qpn, long wrId, long nowPs) {
        doneAt[0] = nowPs;
        g.simulator().stop();
      }

      @Override
      public void receiveComplete(int qpn, long wrId, long nowPs) { }
    });
    if (hook != null) {
      hook.accept(g);
    }
    g.multicast(0, bytes, 1);
    long expected = bytes * r;
    long before = g.network().deliveredBytes();
    double share = g.payloadBytes() / (double) (g.payloadBytes() + RcConfig.defaults().headerBytes());
    progress.begin("broadcast, bytes delivered", expected, org.fabriclab.progress.Progress.Unit.BYTES);
    try {
      org.fabriclab.sim.probe.RunProgress.run(g.simulator(), Time.ms(60_000), 50_000_000L + 200L * g.packetsOf(bytes) * (r + 1),
          progress, () -> Math.min(expected, (long) ((g.network().deliveredBytes() - before) * share)));
    } finally {
      progress.end();
    }
    if (doneAt[0] < 0) {
      throw new IllegalStateException("the multicast did not finish");
    }
    long[] accepted = new long[r];
    for (int i = 0; i < r; i++) {
      accepted[i] = g.acceptedBytes(i + 1);
    }
    return new Result(bytes, g.cnpsAtHost(g.host(0)), g.transport().cnps(), done, half, accepted, doneAt[0]);
  }
}
