package org.fabriclab.sim.transport.rocev2;

/** Work-request completions of {@link Rocev2Transport} queue pairs, reported to the application. */
public interface RdmaCompletions {
  /** Every packet of work request {@code wrId} on {@code qpn} is acknowledged (sender side). */
  default void sendComplete(int qpn, long wrId, long nowPs) { }

  /** The receiver holds every byte of work request {@code wrId} in order (receiver side). */
  void receiveComplete(int qpn, long wrId, long nowPs);

  /**
   * A NACK naming {@code psn} reached the sender of {@code qpn}, before the sender goes back
   * (observation only; e.g. the NACK stream a Gleam source sees, seed 002 Fig. 7).
   */
  default void nackReceived(int qpn, int psn, long nowPs) { }
}
