package org.fabriclab.traffic;

import java.util.SplittableRandom;

/** Flow sizes in bytes, drawn from a caller's random stream (so workloads stay seeded). */
public interface SizeDistribution {
  /** One size, at least 1 byte. */
  long sample(SplittableRandom rnd);

  /** The distribution's mean in bytes. */
  double meanBytes();
}
