package org.fabriclab.sim.host;

/**
 * A sender behind a host's NIC scheduler (a transport's queue pairs, an application's flows).
 * The scheduler polls it when the NIC can take a packet; the source sends at most one packet
 * (with {@code Network.send}) and answers what happened.
 */
@FunctionalInterface
public interface EgressSource {
  /** {@link #poll} answer: one packet was sent. */
  long SENT = 0;
  /** {@link #poll} answer: nothing to send until the source calls {@link NicScheduler#activate}. */
  long IDLE = -1;

  /**
   * Offers the NIC to queue pair / flow {@code id} at time {@code nowPs}: returns {@link #SENT},
   * {@link #IDLE}, or a time {@code > nowPs} before which it may not send (pacing).
   */
  long poll(int id, long nowPs);
}
