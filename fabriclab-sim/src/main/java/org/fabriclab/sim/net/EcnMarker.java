package org.fabriclab.sim.net;

/**
 * ECN marking decision of a port: step marking (CE when the queue holds at least the threshold,
 * DCTCP's rule, Alizadeh et al. SIGCOMM 2010 §3.1) or RED-style marking as DCQCN uses it (Zhu et
 * al. SIGCOMM 2015 §3.1: no mark below kmin, probability rising linearly to pmax at kmax, always
 * above kmax). The RED coin is a hash of (seed, link, packets sent on the link), so runs repeat bit
 * for bit. FIFO ports decide on the queue seen at enqueue (their departure is fixed then);
 * explicit-queue ports decide at dequeue. O(1).
 */
final class EcnMarker {
  private final long threshold;
  private final long kmin;
  private final long kmax;
  private final double pmax;
  private final long salt;

  EcnMarker(NetworkConfig c) {
    threshold = c.ecnThresholdBytes();
    kmin = c.ecnKminBytes();
    kmax = c.ecnKmaxBytes();
    pmax = c.ecnPmax();
    salt = c.hashSeed() * 0x9E3779B97F4A7C15L + 0x5DEECE66DL;
  }

  /** True when marking happens at dequeue (RED) rather than at enqueue (step). */
  boolean red() {
    return kmin > 0;
  }

  boolean mark(long queuedBytes, int link, long serial) {
    if (kmin <= 0) {
      return queuedBytes >= threshold;
    }
    if (queuedBytes < kmin) {
      return false;
    }
    if (queuedBytes >= kmax) {
      return true;
    }
    double prob = pmax * (queuedBytes - kmin) / (double) (kmax - kmin);
    return RandomLoss.uniform(salt, link, serial) < prob;
  }
}
