package org.fabriclab.shufflecast;

import static org.fabriclab.shufflecast.ShufflecastMulticastRun.PAYLOAD_BYTES;
import static org.fabriclab.shufflecast.ShufflecastMulticastRun.WIRE_BYTES;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.sim.probe.ByteSeries;
import org.fabriclab.sim.probe.RunProgress;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.GroupResult;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Result;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Scenario;

/**
 * The unreliable senders of {@link ShufflecastMulticastRun} (seed 000_9b2589b0d55d7b52.txt §VI-A(a),
 * Fig. 6(a)): each group's source paced at its NIC's line rate, or by the loss-feedback AIMD of
 * {@link LossFeedbackRate} (no retransmission), or, for {@link ShufflecastMulticastRun.Method#HTTP},
 * one unicast copy per member in turn. Members count payload bytes, arrivals and out-of-order
 * packets; a member that sees a sequence gap may send loss feedback to the source (rate control
 * only). The reliable NORM sender is {@link NormRun}. One run per instance; the parameters are
 * validated by {@link ShufflecastMulticastRun}.
 *
 * <p>O(packets × (ToRs + members)) events; memory O(groups × servers), nothing per packet.
 */
final class PacedRun {
  private final MulticastFabric fabric;
  private final Network net;
  private final int dataKind;
  private final int feedbackKind;
  private final int unicastKind;
  private final int[][] slot;
  private final int[] sources;
  private final int[][] members;
  private final long bytes;
  private final long packets;
  private final long[] requestPs;
  private final Scenario sc;
  private final long capacityBps;
  private final boolean rateControl;
  private final boolean http;
  private final int tors;

  /**
   * @param slot per group, each server's index among the group's members (−1: not a member)
   * @param packets data packets per group ({@code ceil(bytes / PAYLOAD_BYTES)})
   * @param requestPs per group, when it is requested (ps)
   */
  PacedRun(MulticastFabric fabric, Network net, int dataKind, int feedbackKind, int unicastKind,
      int[][] slot, int[] sources, int[][] members, long bytes, long packets, long[] requestPs,
      Scenario sc, long capacityBps, boolean rateControl, boolean http, int tors) {
    this.fabric = fabric;
    this.net = net;
    this.dataKind = dataKind;
    this.feedbackKind = feedbackKind;
    this.unicastKind = unicastKind;
    this.slot = slot;
    this.sources = sources;
    this.members = members;
    this.bytes = bytes;
    this.packets = packets;
    this.requestPs = requestPs;
    this.sc = sc;
    this.capacityBps = capacityBps;
    this.rateControl = rateControl;
    this.http = http;
    this.tors = tors;
  }

  /** Plays every group to its end, reporting payload bytes delivered to {@code progress}. */
  Result run(Progress progress) {
    Simulator sim = net.simulator();
    Packets pk = net.packets();
    int g = sources.length;
    long[][] got = new long[g][];
    int[][] lastSeq = new int[g][];
    long[][] lastPs = new long[g][];
    long[] outOfOrder = new long[g];
    long[] startPs = new long[g];
    for (int i = 0; i < g; i++) {
      got[i] = new long[members[i].length];
      lastSeq[i] = new int[members[i].length];
      Arrays.fill(lastSeq[i], -1);
      lastPs[i] = new long[members[i].length];
    }
    ByteSeries series = new ByteSeries(g, sc.seriesBinNs() * 1000);
    long[][] arrivals = new long[g][];
    for (int i = 0; i < g; i++) {
      arrivals[i] = new long[members[i].length];
    }
    long serPs = (WIRE_BYTES * 8L * 1_000_000_000_000L + capacityBps - 1) / capacityBps;
    int[] sizes = new int[g];
    for (int i = 0; i < g; i++) {
      sizes[i] = members[i].length;
    }
    LossFeedbackRate rc = rateControl ? new LossFeedbackRate(capacityBps, sizes) : null;
    java.util.SplittableRandom jitter =
        new org.fabriclab.rng.RandomStreams(1).stream("shufflecast.multicast.pacing");
    int[] send = new int[1];
    long[] tick = new long[g];
    send[0] = sim.register((grp, unused) -> {
      long tk = tick[grp]++;
      int copies = http ? members[grp].length : 1;
      int seq = (int) (tk / copies);
      long left = bytes - (long) seq * PAYLOAD_BYTES;
      int payload = (int) Math.min(PAYLOAD_BYTES, left);
      int dst = http ? members[grp][(int) (tk % copies)] : sources[grp];
      int q = pk.allocate(grp, http ? unicastKind : dataKind, seq, payload + (WIRE_BYTES - PAYLOAD_BYTES),
          sources[grp], dst, sim.now());
      pk.setPayload(q, payload);
      if (!http) {
        pk.setGroup(q, grp + 1);
      }
      net.send(q);
      if (tick[grp] < packets * copies) {
        long gapPs = rc == null ? serPs
            : (long) Math.ceil(serPs * (capacityBps / rc.rate(grp, sim.now()))
                * (1 + LossFeedbackRate.JITTER * jitter.nextDouble()));
        sim.schedule(sim.now() + gapPs, send[0], grp, 0);
      }
    });
    int install = sim.register((grp, unused) -> {
      startPs[grp] = sim.now() + fabric.join(grp + 1, sources[grp], members[grp]);
      sim.schedule(startPs[grp], send[0], grp, 0);
    });
    for (int i = 0; i < g; i++) {
      sim.schedule(requestPs[i], install, i, 0);
    }
    net.setSink((q, node) -> {
      int grp = pk.kind(q) == unicastKind ? pk.flow(q) : pk.group(q) - 1;
      if (grp < 0 && pk.kind(q) == feedbackKind && rc != null) {
        rc.onLoss(pk.flow(q), sim.now());
        pk.free(q);
        return;
      }
      int m = grp >= 0 && grp < g ? slot[grp][node] : -1;
      if (m >= 0) {
        got[grp][m] += pk.payload(q);
        series.add(grp, sim.now(), pk.payload(q));
        arrivals[grp][m]++;
        int seq = pk.seq(q);
        if (seq <= lastSeq[grp][m]) {
          outOfOrder[grp]++;
        } else if (rc != null && seq > lastSeq[grp][m] + 1 && rc.mayFeedBack(grp, m, sim.now())) {
          int f = pk.allocate(grp, feedbackKind, seq, LossFeedbackRate.FEEDBACK_BYTES, node,
              sources[grp], sim.now());
          net.send(f);
        }
        lastSeq[grp][m] = seq;
        lastPs[grp][m] = sim.now();
      }
      pk.free(q);
    });
    progress.begin("multicast, bytes delivered", ShufflecastMulticastRun.expectedBytes(members, bytes), Progress.Unit.BYTES);
    RunProgress.run(sim, Long.MAX_VALUE, progress, () -> {
      long d = 0;
      for (long[] gm : got) {
        for (long b : gm) {
          d += b;
        }
      }
      return d;
    });
    progress.end();

    List<GroupResult> out = new ArrayList<>();
    double expected = 0;
    double received = 0;
    for (int i = 0; i < g; i++) {
      long end = 0;
      long min = Long.MAX_VALUE;
      double sum = 0;
      for (int j = 0; j < members[i].length; j++) {
        end = Math.max(end, lastPs[i][j]);
        min = Math.min(min, got[i][j]);
        sum += got[i][j];
      }
      expected += (double) bytes * members[i].length;
      received += sum;
      double mean = sum / members[i].length;
      double gbps = end > startPs[i] ? mean * 8 / ((end - startPs[i]) / 1e12) / 1e9 : 0;
      out.add(new GroupResult(sources[i], members[i], bytes, requestPs[i] / 1000,
          startPs[i] / 1000, end / 1000, gbps, min, outOfOrder[i], got[i], arrivals[i],
          new long[members[i].length], tick[i], 0));
    }
    long[] portDrops = new long[tors];
    long[] portBytes = new long[tors];
    ShufflecastMulticastRun.splitterPorts(fabric, net, portDrops, portBytes);
    return new Result(out, 1 - received / expected, net.totalDrops(), net.accounting(), packets,
        portDrops, portBytes, sc.seriesBinNs(), series.toArrays(), null);
  }
}
