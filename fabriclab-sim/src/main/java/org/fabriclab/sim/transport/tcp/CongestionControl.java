package org.fabriclab.sim.transport.tcp;

/**
 * The pluggable part of {@link TcpTransport}: how the window reacts to ACKs, losses and
 * timeouts. Implementations read and write the transport's per-flow window
 * ({@link TcpTransport#cwnd(int)}, {@link TcpTransport#setCwnd(int, double)}, ssthresh alike).
 */
public interface CongestionControl {
  /** Called once before the run with the flow count. */
  void init(TcpTransport t, int flows);

  /**
   * An ACK arrived. {@code newlyAcked} segments were cumulatively acknowledged (0 for a duplicate),
   * {@code ece} is its ECN echo; {@code inRecovery} says fast recovery owns the window.
   */
  void onAck(TcpTransport t, int f, int newlyAcked, boolean ece, boolean inRecovery);

  /** Three duplicate ACKs: set ssthresh (the transport then sets cwnd = ssthresh + 3). */
  void onFastRetransmit(TcpTransport t, int f);

  /** Retransmission timeout: set ssthresh (the transport then sets cwnd = 1). */
  void onTimeout(TcpTransport t, int f);
}
