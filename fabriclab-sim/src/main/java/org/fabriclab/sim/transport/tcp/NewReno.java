package org.fabriclab.sim.transport.tcp;

/**
 * TCP NewReno window growth (RFC 5681 slow start and congestion avoidance; RFC 6582 fast recovery
 * is in {@link TcpTransport}): +1 segment per acked segment below ssthresh, +1/cwnd above; on
 * loss ssthresh = max(flight/2, 2). ECN echoes are ignored. O(1) per ACK.
 */
public class NewReno implements CongestionControl {
  @Override
  public void init(TcpTransport t, int flows) {}

  @Override
  public void onAck(TcpTransport t, int f, int newlyAcked, boolean ece, boolean inRecovery) {
    if (!inRecovery && newlyAcked > 0) {
      grow(t, f, newlyAcked);
    }
  }

  /** Slow start below ssthresh, additive increase above. */
  protected static void grow(TcpTransport t, int f, int acked) {
    double c = t.cwnd(f);
    if (c < t.ssthresh(f)) {
      t.setCwnd(f, c + acked);
    } else {
      t.setCwnd(f, c + (double) acked / c);
    }
  }

  @Override
  public void onFastRetransmit(TcpTransport t, int f) {
    t.setSsthresh(f, Math.max(t.flight(f) / 2.0, 2));
  }

  @Override
  public void onTimeout(TcpTransport t, int f) {
    t.setSsthresh(f, Math.max(t.flight(f) / 2.0, 2));
  }
}
