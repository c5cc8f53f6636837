package org.fabriclab.sim.parallel;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A reusable barrier for the threads of a partitioned run: the last thread to arrive runs the
 * barrier action alone, then releases the others, who spin briefly and then yield (the windows of
 * a packet run are short, so parking would cost more than the window). Everything a thread wrote
 * before arriving is visible to the action, and everything the action wrote to every thread after
 * it is released (the arrival counter is atomic, the generation volatile).
 */
final class SpinBarrier {
  private static final int SPINS = 2_000;
  private final int parties;
  private final AtomicInteger arrived = new AtomicInteger();
  private volatile int generation;

  SpinBarrier(int parties) {
    this.parties = parties;
  }

  /** Waits for every party; the last one runs {@code action} first. */
  void await(Runnable action) {
    int g = generation;
    if (arrived.incrementAndGet() == parties) {
      arrived.set(0);
      try {
        action.run();
      } finally {
        generation = g + 1;
      }
      return;
    }
    int spins = 0;
    while (generation == g) {
      if (++spins < SPINS) {
        Thread.onSpinWait();
      } else {
        Thread.yield();
      }
    }
  }
}
