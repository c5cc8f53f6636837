package org.fabriclab.topology.tworandom;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.SplittableRandom;

/**
 * Stage 2 of the two-stage random graph read as a bipartite graph between the Pod super nodes and
 * the core switches (Flat-tree, seed 001_5e703544cea19579.txt §3.1, second reading; see
 * {@link TwoStageRandomGraph.Stage2#POD_CORE}): every uplink port of a Pod switch is joined to a
 * port of a uniformly random core switch, with no Pod–Pod and no core–core link, and no two links
 * joining the same pair of switches. It is the configuration model: the core ports are shuffled
 * (Fisher–Yates) and paired in order with the Pod ports; a pair that repeats a switch pair already
 * placed swaps its core port with a random other position, kept only if both resulting pairs are
 * new. The port totals must be equal. O(ports) expected.
 */
final class PodCoreRandomWiring {
  private PodCoreRandomWiring() {}

  /**
   * @param podPort Pod switch (stage-2 index) of each Pod-side port
   * @param corePort core switch (stage-2 index) of each core-side port, same length; permuted in
   *     place so that {@code (podPort[i], corePort[i])} are the links
   * @throws IllegalStateException when the repairs fail (a switch needs more distinct cores than
   *     exist)
   */
  static void wire(int[] podPort, int[] corePort, SplittableRandom rnd) {
    int n = podPort.length;
    if (corePort.length != n) {
      throw new IllegalArgumentException("port totals differ: " + n + " vs " + corePort.length);
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int x = corePort[i];
      corePort[i] = corePort[j];
      corePort[j] = x;
    }
    LongOpenHashSet used = new LongOpenHashSet(2 * n);
    for (int i = 0; i < n; i++) {
      int tries = 0;
      while (used.contains(key(podPort[i], corePort[i]))) {
        if (++tries > 100 * n + 1000) {
          throw new IllegalStateException("two-stage random graph: no simple Pod-core wiring found");
        }
        int j = rnd.nextInt(n);
        if (j == i) {
          continue;
        }
        long mine = key(podPort[i], corePort[j]);
        long theirs = key(podPort[j], corePort[i]);
        if (mine == theirs || used.contains(mine)) {
          continue;
        }
        if (j < i) {
          // j is placed: its pair changes too
          if (used.contains(theirs)) {
            continue;
          }
          used.remove(key(podPort[j], corePort[j]));
          used.add(theirs);
        }
        int x = corePort[i];
        corePort[i] = corePort[j];
        corePort[j] = x;
      }
      used.add(key(podPort[i], corePort[i]));
    }
  }

  private static long key(int pod, int core) {
    return ((long) pod << 32) | core;
  }
}
