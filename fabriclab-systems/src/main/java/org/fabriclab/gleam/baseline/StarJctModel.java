package org.fabriclab.gleam.baseline;

import java.util.PriorityQueue;
import org.fabriclab.gleam.WriteMrUpdate;
import org.fabriclab.units.Time;

/**
 * An analytic job-completion-time model of a {@link TransferSchedule} on the paper's testbed shape
 * (seed 002, §4, Fig. 8): hosts on one switch, every link at the same rate. It is a first
 * comparison for Fig. 9 and Fig. 11, NOT the packet-level evaluation the issue asks for, which
 * needs the packet engine of issue 9 (switch elements, RoCE QPs, group flows and triggers).
 *
 * <p>Model: a transfer becomes ready {@code messageOverheadPs} after its last dependency completes
 * (host software cost per message: posting the work request, its completion, the MPI progress);
 * ready transfers are taken in order of readiness (ties by id) and each occupies its sender's
 * uplink and every receiver's downlink exclusively for the serialisation of its wire bytes at the
 * link rate (payload plus {@value WriteMrUpdate#PACKET_OVERHEAD_BYTES} B of RoCEv2 headers per
 * MTU-sized packet), starting when they are all free; it completes one store-and-forward latency
 * later (one MTU packet's serialisation at the switch, the switch latency, two propagation
 * delays). A Gleam multicast is one transfer whose downlinks are all its receivers' (the switch
 * replicates; ACK aggregation is not on the critical path of the data). Transfers sharing a link
 * are served one after another rather than fair-shared: the last completion is the same, earlier
 * ones differ. No loss, no congestion control. O(T log T + dependencies).
 *
 * @param linkBps rate of every link
 * @param propagationPs one-way delay of one link
 * @param switchLatencyPs per-packet switch latency
 * @param messageOverheadPs host software time per message
 * @param mtuBytes RoCE payload per packet
 */
public record StarJctModel(long linkBps, long propagationPs, long switchLatencyPs, long messageOverheadPs, int mtuBytes) {
  public StarJctModel {
    if (linkBps <= 0 || propagationPs < 0 || switchLatencyPs < 0 || messageOverheadPs < 0 || mtuBytes <= 0) {
      throw new IllegalArgumentException("linkBps > 0, mtuBytes > 0, times >= 0");
    }
  }

  /** Wire bytes of a message of {@code payload} bytes. */
  public long wireBytes(long payload) {
    return payload + (payload + mtuBytes - 1) / mtuBytes * WriteMrUpdate.PACKET_OVERHEAD_BYTES;
  }

  /** Store-and-forward latency added to a transfer's serialisation. */
  public long latencyPs() {
    return Time.serialization(mtuBytes + WriteMrUpdate.PACKET_OVERHEAD_BYTES, linkBps) + switchLatencyPs + 2 * propagationPs;
  }

  /** Completion time of every transfer, by id. */
  public long[] completions(TransferSchedule s) {
    int n = s.transfers().size();
    long[] done = new long[n];
    long[] ready = new long[n];
    int[] missing = new int[n];
    int[][] dependents = dependents(s, missing);
    long[] upFree = new long[s.ranks()];
    long[] downFree = new long[s.ranks()];
    PriorityQueue<long[]> q = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    for (int i = 0; i < n; i++) {
      if (missing[i] == 0) {
        ready[i] = messageOverheadPs;
        q.add(new long[] {ready[i], i});
      }
    }
    long lat = latencyPs();
    while (!q.isEmpty()) {
      int i = (int) q.poll()[1];
      Transfer t = s.transfers().get(i);
      long start = Math.max(ready[i], upFree[t.src()]);
      for (int k = 0; k < t.dstCount(); k++) {
        start = Math.max(start, downFree[t.dst(k)]);
      }
      long end = start + Time.serialization(wireBytes(t.bytes()), linkBps);
      upFree[t.src()] = end;
      for (int k = 0; k < t.dstCount(); k++) {
        downFree[t.dst(k)] = end;
      }
      done[i] = end + lat;
      for (int d : dependents[i]) {
        ready[d] = Math.max(ready[d], done[i] + messageOverheadPs);
        if (--missing[d] == 0) {
          q.add(new long[] {ready[d], d});
        }
      }
    }
    return done;
  }

  /** The job completion time: the last transfer's completion. */
  public long jctPs(TransferSchedule s) {
    long max = 0;
    for (long c : completions(s)) {
      max = Math.max(max, c);
    }
    return max;
  }

  private static int[][] dependents(TransferSchedule s, int[] missing) {
    int n = s.transfers().size();
    int[] count = new int[n];
    for (Transfer t : s.transfers()) {
      missing[t.id()] = t.dependencyCount();
      for (int k = 0; k < t.dependencyCount(); k++) {
        count[t.dependency(k)]++;
      }
    }
    int[][] out = new int[n][];
    for (int i = 0; i < n; i++) {
      out[i] = new int[count[i]];
      count[i] = 0;
    }
    for (Transfer t : s.transfers()) {
      for (int k = 0; k < t.dependencyCount(); k++) {
        int d = t.dependency(k);
        out[d][count[d]++] = t.id();
      }
    }
    return out;
  }
}
