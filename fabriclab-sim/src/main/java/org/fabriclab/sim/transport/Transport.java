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

  /** Ends the progress task. */
  void progressEnd();

  long dataPackets();

  long controlPackets();
}
