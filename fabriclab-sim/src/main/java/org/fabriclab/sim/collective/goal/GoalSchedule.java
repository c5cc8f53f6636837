package org.fabriclab.sim.collective.goal;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.CollectiveSchedule;

/**
 * A GOAL file read as a {@link CollectiveSchedule}, with the way back from each node to the GOAL
 * operation it came from (rank, label, line).
 *
 * <p>Semantics:
 *
 * <ul>
 *   <li><b>Matching</b> is MPI's for a static schedule: the k-th send from rank a to rank b with
 *       tag t (in a's posting order, the order of its block) matches the k-th recv posted on b
 *       from a with tag t. A send or recv left without a partner is an error naming it.
 *   <li>A matched pair is <b>one transfer node</b> of the send's bytes from a to b whose
 *       dependencies are the send's. The recv completes at a zero-duration step node on b that
 *       depends on the transfer and on the recv's own dependencies. A calc of D ns is a step of
 *       D × 1000 ps.
 *   <li>{@code A requires B}: A's node depends on B's node (a send's node is its transfer, so
 *       work after a send waits until the message has arrived, as under a rendezvous protocol).
 *       {@code A irequires B} (A may start once B has started): A's node depends on B's own
 *       dependencies, those whose completion starts B (for a recv, without its transfer).
 *   <li>Nodes are added in a topological order of all operations of all ranks, each receive after
 *       its send; a cycle (a deadlock) is an error naming one operation on it and the way round.
 * </ul>
 *
 * <p>Node ids therefore differ from file order; {@link #rank}, {@link #label} and {@link #line}
 * map a node back, and {@link #endTimesPs} gives each rank's end time as LogGOPSim prints it
 * ({@code Host i: t}).
 */
public final class GoalSchedule {
  private final CollectiveSchedule schedule;
  private final GoalOps ops;
  private final int[] nodeOp;
  private final int[] opNode;

  GoalSchedule(CollectiveSchedule schedule, GoalOps ops, int[] nodeOp, int[] opNode) {
    this.schedule = schedule;
    this.ops = ops;
    this.nodeOp = nodeOp;
    this.opNode = opNode;
  }

  public CollectiveSchedule schedule() {
    return schedule;
  }

  /** The file name used in messages. */
  public String source() {
    return ops.source;
  }

  /** Operations read (sends + recvs + calcs), which is also the number of nodes. */
  public int operations() {
    return ops.size();
  }

  /** The rank whose operation {@code node} is: a transfer's sender, a step's rank. */
  public int rank(int node) {
    return ops.rank.getInt(op(node));
  }

  /** The label of the operation of {@code node}, or null when it has none. */
  public String label(int node) {
    return ops.label(op(node));
  }

  /** The line of the file where the operation of {@code node} is. */
  public int line(int node) {
    return ops.line.getInt(op(node));
  }

  /** Whether {@code node} is the completion of a recv (a zero-duration step after a transfer). */
  public boolean isReceive(int node) {
    return ops.kind.getInt(op(node)) == GoalOps.RECV;
  }

  /**
   * The node of the operation labelled {@code label} on {@code rank} (the transfer of a send),
   * or −1 when there is none. O(operations).
   */
  public int node(int rank, String label) {
    for (int v = 0; v < ops.size(); v++) {
      if (ops.rank.getInt(v) == rank && label.equals(ops.label(v))) {
        return opNode[v];
      }
    }
    return -1;
  }

  /**
   * Each rank's end time: the latest completion, in {@code completionPs} (one entry per node),
   * of the nodes of its operations, a send counting when its message has arrived; 0 for a rank
   * without operations.
   */
  public long[] endTimesPs(long[] completionPs) {
    if (completionPs.length != schedule.size()) {
      throw new InvalidParameterException("completionPs", completionPs.length,
          "one completion time per node: " + schedule.size());
    }
    long[] end = new long[schedule.ranks()];
    for (int v = 0; v < completionPs.length; v++) {
      int r = ops.rank.getInt(nodeOp[v]);
      end[r] = Math.max(end[r], completionPs[v]);
    }
    return end;
  }

  /**
   * The end times of {@link #endTimesPs} one line per rank as LogGOPSim prints them, {@code Host
   * i: t} with {@code t} in nanoseconds (three decimals when not whole).
   */
  public String formatEndTimes(long[] completionPs) {
    long[] end = endTimesPs(completionPs);
    StringBuilder b = new StringBuilder(end.length * 16);
    for (int r = 0; r < end.length; r++) {
      b.append("Host ").append(r).append(": ").append(end[r] / 1000);
      if (end[r] % 1000 != 0) {
        b.append('.').append(String.format("%03d", end[r] % 1000));
      }
      b.append('\n');
    }
    return b.toString();
  }

  private int op(int node) {
    if (node < 0 || node >= nodeOp.length) {
      throw new InvalidParameterException("node", node, "valid range 0.." + (nodeOp.length - 1));
    }
    return nodeOp[node];
  }
}
