package org.fabriclab.sim.net;

import org.fabriclab.rng.RandomStreams;

/**
 * Seeded random packet loss per output port (Gleam's loss experiments): each packet offered to a
 * lossy port is lost with the port's probability. The coin is a counter-based hash of (salt, link,
 * offers on that link) with the salt drawn from {@code RandomStreams(seed).stream("loss")}, so a
 * run is a pure function of its seed and unaffected by other ports. O(1) per packet.
 */
final class RandomLoss {
  private final long salt;
  private final int links;
  private double[] probability;
  private long[] offered;

  RandomLoss(int links, long seed) {
    this.links = links;
    salt = new RandomStreams(seed).stream("loss").nextLong();
  }

  /** The network's loss: {@code cfg.lossProbability()} on every switch and direct-connect port. */
  static RandomLoss onSwitchPorts(PortRole[] roles, NetworkConfig cfg) {
    RandomLoss loss = new RandomLoss(roles.length, cfg.hashSeed());
    if (cfg.lossProbability() > 0) {
      for (int e = 0; e < roles.length; e++) {
        if (roles[e] == PortRole.SWITCH || roles[e] == PortRole.DIRECT) {
          loss.set(e, cfg.lossProbability());
        }
      }
    }
    return loss;
  }

  /** Probability {@code p} on links {@code from..to-1} (a node's output ports). */
  void set(int from, int to, double p) {
    for (int e = from; e < to; e++) {
      set(e, p);
    }
  }

  void set(int link, double p) {
    if (!(p >= 0 && p < 1)) {
      throw new org.fabriclab.error.InvalidParameterException("loss", p, "valid range [0, 1)");
    }
    if (probability == null) {
      probability = new double[links];
      offered = new long[links];
    }
    probability[link] = p;
  }

  boolean enabled() {
    return probability != null;
  }

  boolean lose(int link) {
    double p = probability[link];
    return p > 0 && uniform(salt, link, offered[link]++) < p;
  }

  /** A uniform double in [0, 1) from (salt, link, serial): SplitMix64 finalisation. */
  static double uniform(long salt, int link, long serial) {
    long z = salt + link * 0xD6E8FEB86659FD93L + serial * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z ^= z >>> 31;
    return (z >>> 11) * 0x1.0p-53;
  }
}
