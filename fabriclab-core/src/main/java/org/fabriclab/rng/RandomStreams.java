package org.fabriclab.rng;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * One master seed, named independent substreams. {@code stream("jellyfish")} always returns a
 * generator in the same state for the same master seed and name, whatever other streams were
 * drawn before, so adding a random component never perturbs another one's draws. Never use
 * {@code new Random()} in fabriclab: ask the streams of the experiment point instead.
 */
public final class RandomStreams {
  private final long masterSeed;

  public RandomStreams(long masterSeed) {
    this.masterSeed = masterSeed;
  }

  public long masterSeed() {
    return masterSeed;
  }

  /** A fresh generator for {@code name}; the same name gives the same sequence. */
  public SplittableRandom stream(String name) {
    return new SplittableRandom(mix(masterSeed, name));
  }

  /** A fresh generator for {@code name} and an index (e.g. the i-th round of an experiment). */
  public SplittableRandom stream(String name, long index) {
    return new SplittableRandom(mix(mix(masterSeed, name) ^ (index * 0x9E3779B97F4A7C15L), ""));
  }

  private static long mix(long seed, String name) {
    // scramble the seed first: XOR-ing it raw into the name hash made (seed 1, "b") and
    // (seed 2, "a") the same stream
    long h = splitmix(seed ^ 0x5DEECE66DL);
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xFF)) * 0x100000001B3L;
    }
    return splitmix(h);
  }

  private static long splitmix(long h) {
    h += 0x9E3779B97F4A7C15L;
    h = (h ^ (h >>> 30)) * 0xBF58476D1CE4E5B9L;
    h = (h ^ (h >>> 27)) * 0x94D049BB133111EBL;
    return h ^ (h >>> 31);
  }
}
