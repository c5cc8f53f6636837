package org.fabriclab.sim.transport;

/** What a runner needs from any transport: start the flows, end progress, count packets. */
public interface Transport {
  /** Schedules the flows' starts at their trace times. */
  void begin();

  /**
   * Starts flow {@code f} of the trace now instead (an application triggers it; do not also call
   * {@link #begin}). Each flow is launched at most once.
   */
  void launch(int f);

  /**
   * Whether the transport stops the simulator when its last flow completes (default true); a run
   * that has more to do after its flows (an application's steps, other carriers) turns it off
   * and stops the simulator itself.
   */
  void setStopWhenDone(boolean stop);

  /** Ends the progress task. */
  void progressEnd();

  long dataPackets();

  long controlPackets();
}
