package org.fabriclab.gleam;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.RdmaCompletions;
import org.fabriclab.units.Time;

/**
 * One broadcast on a {@link PacketGroup} (the CLI's {@code gleam bcast --switch-source-at} and
 * {@code --verb write}): the message is cut at the given packet indices into parts, each sent by its
 * own source member after the previous part completed, with Appendix B's PSN synchronisation at each
 * change (seed 002 §3.5, Appendix B); with {@code write}, each part is a one-to-many WRITE preceded
 * by its MR-update message (§3.3; a RETH on both first packets). The unicast baseline with
 * {@code write}: one RC WRITE per receiver from the source, all posted at once.
 *
 * <p>The JCT here is the last part's send completion at its source (Gleam: the aggregated ACK says
 * every receiver holds it; unicast: the last QP's ACK), so it includes the ACK's way back — unlike
 * {@link PacketBcast}'s, which stops at the last receiver's last packet. Cost: as {@link PacketGroup}.
 */
public final class PacketGroupBcast {
  /** A change of source: from the message's packet {@code packet} on, member host {@code host} sends. */
  public record Switch(int packet, int host) { }

  /**
   * Result; {@code deliveredBytes[i]} is member {@code i}'s in-order message bytes (member 0 the
   * first source, then the receivers in order; MR updates not counted), {@code mrUpdateBytes} the
   * MR-update payload (16 B per receiver per WRITE request), {@code writeRequests} WRITEs posted.
   */
  public record Result(long jctPs, long sourceTxBytes, long[] deliveredBytes, long messagePackets,
      long dataPacketsSent, long retransmittedPackets, long mrUpdateBytes, int writeRequests,
      List<Switch> switches) {
    public double jctUs() {
      return jctPs / 1e6;
    }
  }

  private PacketGroupBcast() {}

  /**
   * @param members server indices: the first source, then the receivers (distinct)
   * @param switches source changes, packet indices strictly increasing in 1..packets − 1, each host a
   *     member other than the part's previous source (Gleam only)
   * @param write one-to-many WRITE (Gleam) or unicast WRITEs instead of SEND
   */
  public static Result run(String method, Topology topo, int[] members, long sizeBytes, double loss, long seed,
      List<Switch> switches, boolean write) {
    return run(method, topo, members, sizeBytes, loss, seed, switches, write, null);
  }

  /**
   * {@link #run(String, Topology, int[], long, double, long, List, boolean)}; {@code beforeStart}
   * (may be null) sees the network once it is built, before the first packet (a capture's tap).
   */
  public static Result run(String method, Topology topo, int[] members, long sizeBytes, double loss, long seed,
      List<Switch> switches, boolean write, java.util.function.Consumer<org.fabriclab.sim.net.Network> beforeStart) {
    return run(method, topo, members, sizeBytes, loss, seed, switches, write, beforeStart,
        org.fabriclab.progress.Progress.NONE);
  }

  /**
   * {@link #run(String, Topology, int[], long, double, long, List, boolean, java.util.function.Consumer)}
   * reporting the payload bytes delivered to the receivers on {@code progress} (reporting never
   * changes the run, {@link org.fabriclab.sim.probe.RunProgress}).
   */
  public static Result run(String method, Topology topo, int[] members, long sizeBytes, double loss, long seed,
      List<Switch> switches, boolean write, java.util.function.Consumer<org.fabriclab.sim.net.Network> beforeStart,
      org.fabriclab.progress.Progress progress) {
    boolean gleam = method.equals("gleam");
    if (!gleam && !method.equals("unicast")) {
      throw new InvalidParameterException("--method", method, "gleam or unicast with --engine packet");
    }
    if (!gleam && !switches.isEmpty()) {
      throw new InvalidParameterException("--switch-source-at", "--switch-source-at needs --method gleam"
          + " (source switching is a Gleam group's, Appendix B)");
    }
    RcConfig rc = RcConfig.defaults();
    NetworkConfig nc = new NetworkConfig(16L << 20, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, seed);
    if (loss > 0) {
      nc = nc.withLoss(loss);
    }
    PacketGroup g = new PacketGroup(topo, nc, rc, members);
    if (beforeStart != null) {
      beforeStart.accept(g.network());
    }
    int pay = rc.payloadBytes();
    long packets = (sizeBytes + pay - 1) / pay;
    // parts: [start packet, source member]
    List<int[]> parts = new ArrayList<>();
    parts.add(new int[] {0, 0});
    for (Switch s : switches) {
      int m = memberOf(members, s.host());
      int[] last = parts.get(parts.size() - 1);
      if (s.packet() <= last[0] || s.packet() >= packets) {
        throw new InvalidParameterException("--switch-source-at", s.packet() + ":" + s.host(), "PSN in "
            + (last[0] + 1) + ".." + (packets - 1) + " (increasing, inside the " + packets + "-packet message)");
      }
      if (m == last[1]) {
        throw new InvalidParameterException("--switch-source-at", s.packet() + ":" + s.host(),
            "HOST is already the source at that point; give another member");
      }
      parts.add(new int[] {s.packet(), m});
    }
    int n = members.length;
    long[] va = new long[n];
    int[] rkey = new int[n];
    for (int i = 0; i < n; i++) {
      va[i] = 0x1000_0000L * i;
      rkey[i] = 100 + i;
    }
    long[] delivered = new long[n];
    long[] doneAt = {-1};
    int[] next = {1};
    int[] unicastLeft = {n - 1};
    int[] unicastRx = new int[g.transport().queuePairs().size() + n];
    java.util.Arrays.fill(unicastRx, -1);
    long[] firstPackets = {0};
    int[] writesPosted = {0};
    Runnable[] postNext = new Runnable[1];
    postNext[0] = () -> {
      int k = next[0]++;
      int[] p = parts.get(k - 1);
      long from = (long) p[0] * pay;
      long to = k < parts.size() ? (long) parts.get(k)[0] * pay : sizeBytes;
      firstPackets[0] += (to - from + pay - 1) / pay;
      if (write) {
        g.write(p[1], to - from, va, rkey, k - 1);
        firstPackets[0] += ((n - 1L) * WriteMrUpdate.RECORD_BYTES + pay - 1) / pay; // the update's packets
        writesPosted[0]++;
      } else {
        g.multicast(p[1], to - from, k - 1);
      }
    };
    g.setCompletions(new RdmaCompletions() {
      @Override
      public void sendComplete(int qpn, long wrId, long nowPs) {
        if (wrId < 0) {
          return; // an MR update
        }
        if (!gleam) {
          if (--unicastLeft[0] == 0) {
            doneAt[0] = nowPs;
          }
        } else if (next[0] <= parts.size()) {
          postNext[0].run();
        } else {
          doneAt[0] = nowPs;
        }
      }

      @Override
      public void receiveComplete(int qpn, long wrId, long nowPs) {
        if (!gleam && qpn < unicastRx.length && unicastRx[qpn] >= 0) {
          delivered[unicastRx[qpn]] += sizeBytes;
        }
      }
    });
    if (gleam) {
      postNext[0].run();
    } else {
      for (int i = 1; i < n; i++) {
        int q = g.unicastQp(0, i);
        unicastRx[q] = i;
        if (write) {
          g.unicastWrite(q, sizeBytes, i);
          writesPosted[0]++;
        } else {
          g.unicast(q, sizeBytes, i);
        }
        firstPackets[0] += packets;
      }
    }
    long budget = 20_000_000L + 4_000L * packets * n;
    long expected = sizeBytes * (n - 1);
    long deliveredBefore = g.network().deliveredBytes();
    double payloadShare = rc.payloadBytes() / (double) (rc.payloadBytes() + rc.headerBytes());
    progress.begin("broadcast, bytes delivered", expected, org.fabriclab.progress.Progress.Unit.BYTES);
    try {
      org.fabriclab.sim.probe.RunProgress.run(g.simulator(), PacketBcast.TIME_CAP_PS, budget, progress,
          () -> Math.min(expected, (long) ((g.network().deliveredBytes() - deliveredBefore) * payloadShare)));
    } finally {
      progress.end();
    }
    if (doneAt[0] < 0) {
      throw new InvalidParameterException("--loss", loss, "the broadcast did not finish within "
          + PacketBcast.TIME_CAP_PS / Time.PS_PER_MS + " ms of simulated time or " + budget
          + " events: use a lower loss rate (go-back-N makes no progress at high loss)");
    }
    long updateBytes = write && gleam ? (long) (n - 1) * WriteMrUpdate.RECORD_BYTES : 0;
    if (gleam) {
      for (int m = 0; m < n; m++) {
        int received = 0;
        for (int[] p : parts) {
          received += p[1] == m ? 0 : 1;
        }
        delivered[m] = g.acceptedBytes(m) - received * updateBytes;
      }
    }
    long sent = g.transport().dataPackets();
    return new Result(doneAt[0], g.network().bytesSent(topo.firstLink(g.host(0))), delivered, packets, sent,
        sent - firstPackets[0], updateBytes * writesPosted[0], writesPosted[0], List.copyOf(switches));
  }

  private static int memberOf(int[] members, int server) {
    for (int i = 0; i < members.length; i++) {
      if (members[i] == server) {
        return i;
      }
    }
    throw new InvalidParameterException("--switch-source-at", server, "HOST must be the source or a receiver"
        + " (a member of the group)");
  }
}
