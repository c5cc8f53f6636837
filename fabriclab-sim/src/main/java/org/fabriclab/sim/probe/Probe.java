package org.fabriclab.sim.probe;

/**
 * A model's probe: sampled at every tick of a {@link TimeSeriesProbes}, it reports values as
 * (series, id, value) rows — a port's queue, a flow's throughput, a system's own counter.
 */
@FunctionalInterface
public interface Probe {
  /** Where a probe writes its samples. */
  @FunctionalInterface
  interface Sink {
    void value(String series, long id, double value);
  }

  /** Reports the values at simulated time {@code nowPs}; {@code intervalPs} since the last tick. */
  void sample(long nowPs, long intervalPs, Sink out);
}
