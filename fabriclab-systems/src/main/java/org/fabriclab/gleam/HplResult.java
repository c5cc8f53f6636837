package org.fabriclab.gleam;

/**
 * One HPL run ({@link HplExperiment}): JCT = end of the last row swap; {@code pbPs} = end of the
 * last panel broadcast (the row swap phase takes {@code jctPs − pbPs}); {@code sourcePackets}
 * the RoCE DATA packets the sources send (a multicast's once, plus retransmissions at packet
 * level); {@code sourcePayloadBytes} the payload of all transfers (a multicast once);
 * {@code deliveredPayloadBytes} the payload every receiver gets, summed; {@code events} the
 * engine's events.
 */
public record HplResult(String method, String engine, int scale, long messageBytes, long jctPs, long pbPs,
    int transfers, long sourcePackets, long sourcePayloadBytes, long deliveredPayloadBytes, long retransmittedPackets, long events,
    double wallSeconds) {
  public double jctMs() {
    return jctPs / 1e9;
  }

  public double pbMs() {
    return pbPs / 1e9;
  }

  public double rsMs() {
    return (jctPs - pbPs) / 1e9;
  }
}
