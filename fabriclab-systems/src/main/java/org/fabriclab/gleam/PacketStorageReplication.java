package org.fabriclab.gleam;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.RdmaCompletions;
import org.fabriclab.units.Time;

/**
 * Storage data replication on the packet engine (seed 002, §5.2.2, Fig. 12/13): the client (server
 * 0 of the testbed, §4) writes each IO to three storage servers (1..3) — "3-unicasts" (three RC
 * QPs, one WRITE each), "gleam" (one group QP: the per-request MR-update message then one WRITE,
 * {@link PacketGroup#write}, §3.3) — or to one server ("one-copy", the paper's ideal baseline).
 * An IO completes when every copy is acknowledged (the client's CQE; for Gleam the aggregated ACK
 * says every server has it).
 *
 * <p>Host-stack model (the paper gives no costs; these are stated model inputs): the client runs
 * the storage stack once per copy it sends, {@code stackNs} of one client core each, serially (the
 * paper: 3-unicasts "experiences the same storage stacks three times", Gleam runs it "only once");
 * the copy's work request is posted when its pass ends. Gleam's MR update is posted in the same
 * pass. Servers' stacks are not on the critical path of a WRITE (one-sided). {@code queueDepth} IOs
 * are outstanding at once (a new one is submitted when one completes). The engine: 100 Gb/s, 10 ns
 * links, store-and-forward, no switching delay, the unmodified RoCEv2 RC (1024 B payload + 64 B
 * headers, an ACK per 4 packets; every WRITE's first packet a 16 B RETH more), no loss, no ECN. Cost: O(IOs × packets × copies) events.
 */
public final class PacketStorageReplication {
  /** IOPS over the measured IOs, and the latency of each IO. */
  public record Result(String method, long ioBytes, double iops, double meanLatencyUs, long clientTxBytes,
      long ios) {
    /** Application goodput in Gb/s (IO payload bytes per second). */
    public double goodputGbps() {
      return iops * ioBytes * 8 / 1e9;
    }
  }

  public static final java.util.List<String> METHODS = java.util.List.of("3-unicasts", "one-copy", "gleam");
  private final long stackPs;
  private final int queueDepth;

  /** @param stackNs client storage-stack time per copy, ≥ 0; @param queueDepth IOs in flight, ≥ 1 */
  public PacketStorageReplication(double stackNs, int queueDepth) {
    if (!(stackNs >= 0 && stackNs <= 1e6)) {
      throw new InvalidParameterException("stackNs", stackNs, "valid range [0, 1e6]");
    }
    InvalidParameterException.requireRange("queueDepth", queueDepth, 1, 1024);
    this.stackPs = Math.round(stackNs * 1000);
    this.queueDepth = queueDepth;
  }

  /** Runs {@code ios} IOs of {@code ioBytes}; IOPS counts the IOs after the first {@code warmup}. */
  public Result run(String method, long ioBytes, int ios, int warmup) {
    int replicas = switch (method) {
      case "3-unicasts", "gleam" -> 3;
      case "one-copy" -> 1;
      default -> throw new InvalidParameterException("method", method, "3-unicasts, one-copy or gleam");
    };
    if (ioBytes < 1 || ioBytes > 1L << 30) {
      throw new InvalidParameterException("ioBytes", ioBytes, "valid range 1..2^30");
    }
    if (ios < 1 || warmup < 0 || warmup >= ios) {
      throw new InvalidParameterException("ios", ios, "ios >= 1 and 0 <= warmup < ios");
    }
    Topology topo = PacketGroup.testbed(new double[] {100, 100, 100, 100}, Time.ns(10));
    NetworkConfig nc = new NetworkConfig(16L << 20, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1);
    PacketGroup g = new PacketGroup(topo, nc, RcConfig.defaults(), new int[] {0, 1, 2, 3});
    boolean gleam = method.equals("gleam");
    int copies = gleam ? 1 : replicas;
    int[] qp = new int[copies];
    for (int c = 0; c < copies && !gleam; c++) {
      qp[c] = g.unicastQp(0, c + 1);
    }
    long[] va = {0, 0x1000_0000L, 0x2000_0000L, 0x3000_0000L};
    int[] rkey = {0, 11, 12, 13};
    long[] submitted = new long[ios];
    int[] acked = new int[ios];
    long[] cpuFree = {0};
    int[] nextIo = {0};
    int[] completed = {0};
    long[] warmAt = {0};
    long[] endAt = {0};
    double[] latencySum = {0};
    var sim = g.simulator();
    // event (io, copy): the stack pass of that copy ended, post its work request(s)
    int post = sim.register((io, c) -> {
      if (gleam) {
        g.write(0, ioBytes, va, rkey, io);
      } else {
        g.unicastWrite(qp[c], ioBytes, io);
      }
    });
    Runnable submit = () -> {
      int io = nextIo[0]++;
      submitted[io] = sim.now();
      for (int c = 0; c < copies; c++) {
        cpuFree[0] = Math.max(cpuFree[0], sim.now()) + stackPs;
        sim.schedule(cpuFree[0], post, io, c);
      }
    };
    g.setCompletions(new RdmaCompletions() {
      @Override
      public void sendComplete(int qpn, long wrId, long nowPs) {
        if (wrId < 0 || ++acked[(int) wrId] < copies) {
          return;
        }
        int io = (int) wrId;
        completed[0]++;
        if (completed[0] == warmup) {
          warmAt[0] = nowPs;
        }
        if (io >= warmup) {
          latencySum[0] += nowPs - submitted[io];
        }
        if (completed[0] == ios) {
          endAt[0] = nowPs;
          sim.stop();
        } else if (nextIo[0] < ios) {
          submit.run();
        }
      }

      @Override
      public void receiveComplete(int qpn, long wrId, long nowPs) { }
    });
    for (int i = 0; i < Math.min(queueDepth, ios); i++) {
      submit.run();
    }
    g.run(Time.ms(60_000), 2_000_000_000L);
    if (completed[0] < ios) {
      throw new IllegalStateException("storage run did not finish: " + completed[0] + " of " + ios);
    }
    int measured = ios - warmup;
    double iops = measured / ((endAt[0] - warmAt[0]) / 1e12);
    return new Result(method, ioBytes, iops, latencySum[0] / measured / 1e6,
        g.network().bytesSent(topo.firstLink(g.host(0))), ios);
  }
}
