package org.fabriclab.sim.transport.rocev2;

/** Work-request completions of {@link Rocev2Transport} queue pairs, reported to the application. */
public interface RdmaCompletions {
  /** Every packet of work request {@code wrId} on {@code qpn} is acknowledged (sender side). */
  default void sendComplete(int qpn, long wrId, long nowPs) { }

  /** The receiver holds every byte of work request {@code wrId} in order (receiver side). */
  void receiveComplete(int qpn, long wrId, long nowPs);
}
