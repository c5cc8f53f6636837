package org.fabriclab.gleam;

/**
 * Multicast source switching inside a group, end-host side: the PSN synchronisation of seed 002,
 * Appendix B (Fig. 19). Every member's RC QP keeps a send-queue PSN ({@code sqPSN}, next PSN it
 * sends) and a receive-queue PSN ({@code rqPSN}, next PSN it accepts); a receiver accepts only the
 * packet whose PSN equals its {@code rqPSN} (others are dropped as out of sequence). When the
 * source changes, the old source sets its {@code rqPSN} to its {@code sqPSN} and the new source
 * its {@code sqPSN} to its {@code rqPSN}, so every member continues from the same PSN. The switch
 * side notices the new ingress port ({@link MulticastForwardingTable#setAckOutPort}) and records it
 * as {@code ack_out_port}. Departure: Appendix B says there is no other modification; this project
 * also forgets {@code min_port} there, because the old {@code min_port} may be the new source's
 * port, which leaves the minimum, and a stale one would keep Alg. 2 line 10 from firing.
 *
 * <p>A loss-free model of one group's QPs (members {@code 0..n-1}); O(members) per operation.
 */
public final class SourceSwitching {
  private final int[] sqPsn;
  private final int[] rqPsn;
  private final long[] accepted;

  public SourceSwitching(int members, int startPsn) {
    if (members < 2) {
      throw new IllegalArgumentException("a group has >= 2 members");
    }
    sqPsn = new int[members];
    rqPsn = new int[members];
    accepted = new long[members];
    java.util.Arrays.fill(sqPsn, startPsn);
    java.util.Arrays.fill(rqPsn, startPsn);
  }

  /**
   * {@code source} multicasts {@code packets} packets to every other member; each receiver accepts
   * those in sequence.
   *
   * @return packets accepted by all receivers together
   */
  public long multicast(int source, int packets) {
    long total = 0;
    for (int i = 0; i < packets; i++) {
      int psn = sqPsn[source]++;
      for (int r = 0; r < rqPsn.length; r++) {
        if (r != source && rqPsn[r] == psn) {
          rqPsn[r]++;
          accepted[r]++;
          total++;
        }
      }
    }
    return total;
  }

  /** Appendix B: the PSN synchronisation of the old and the new source. */
  public void synchronise(int oldSource, int newSource) {
    rqPsn[oldSource] = sqPsn[oldSource];
    sqPsn[newSource] = rqPsn[newSource];
  }

  public int sqPsn(int member) {
    return sqPsn[member];
  }

  public int rqPsn(int member) {
    return rqPsn[member];
  }

  /** Packets {@code member} has accepted as a receiver. */
  public long accepted(int member) {
    return accepted[member];
  }
}
