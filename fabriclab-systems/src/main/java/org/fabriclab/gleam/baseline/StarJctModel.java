package org.fabriclab.gleam.baseline;

import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.units.Time;

/**
 * An analytic (fluid) job-completion-time model of a {@link CollectiveSchedule} of transfers and
 * multicasts on the paper's
 * testbed shape (seed 002, §4, Fig. 8): hosts on one switch, every link at the same rate. It is a
 * first comparison for Fig. 9 and Fig. 11, NOT the packet-level evaluation the issue asks for,
 * which needs the packet engine ({@code PacketSchedule}: switch elements, RoCE QPs, group flows, triggers).
 *
 * <p>Model: a transfer becomes ready {@code messageOverheadPs} after its last dependency completes
 * (host software cost per message: posting the work request, its completion, MPI progress).
 * Transfers between the same sender and the same receiver set share one RC connection and are
 * served in order of readiness (a QP executes its work requests in order); the head transfers of
 * all connections share the links max-min fairly (progressive filling: a sender's uplink and
 * every receiver's downlink, each of capacity {@code linkBps}; RNICs round-robin their QPs). A
 * transfer's wire bytes are its payload plus {@value RoceHeaders#PACKET_OVERHEAD_BYTES} B of
 * RoCEv2 headers per MTU-sized packet; it completes one store-and-forward latency after its last
 * byte leaves (one MTU packet's serialisation at the switch, the switch latency, two propagation
 * delays). A Gleam multicast is one transfer whose downlinks are all its receivers' (the switch
 * replicates; ACK aggregation is off the data's critical path); a multicast to one rank is a
 * unicast. No loss, no congestion control; a schedule with steps or aggregations is refused.
 * Cost: per event (E = 2·transfers at most) one refill of the engine's max-min progressive
 * filling ({@code sim.flow.MaxMinProgressiveFilling}) plus O(A) for the A active connections.
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
    return payload + (payload + mtuBytes - 1) / mtuBytes * RoceHeaders.PACKET_OVERHEAD_BYTES;
  }

  /** Store-and-forward latency added to a transfer's serialisation. */
  public long latencyPs() {
    return Time.serialization(mtuBytes + RoceHeaders.PACKET_OVERHEAD_BYTES, linkBps) + switchLatencyPs + 2 * propagationPs;
  }

  /** Completion time of every node, by id, in picoseconds. */
  public long[] completions(CollectiveSchedule s) {
    return new StarFluid(this, s).run();
  }

  /** The job completion time: the last transfer's completion. */
  public long jctPs(CollectiveSchedule s) {
    long max = 0;
    for (long c : completions(s)) {
      max = Math.max(max, c);
    }
    return max;
  }
}
