package org.fabriclab.sim.transport;

/** What a runner needs from any transport: start the flows, end progress, count packets. */
public interface Transport {
  /** Schedules the flows' starts. */
  void begin();

  /** Ends the progress task. */
  void progressEnd();

  long dataPackets();

  long controlPackets();
}
