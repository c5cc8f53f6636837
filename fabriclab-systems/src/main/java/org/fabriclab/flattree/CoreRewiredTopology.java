package org.fabriclab.flattree;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;

/**
 * A control topology for explaining Fig. 8 of Flat-tree (seed 001_5e703544cea19579.txt, §3.3), not
 * a construction of the paper: flat-tree's local mode with its Pod-switch–core cables rewired at
 * random, as the two-stage random graph's second stage wires them (§3.1: "takes the Pods as super
 * nodes to form another layer of random graph together with core switches"). Everything else is
 * kept: nodes, labels, servers, every cable inside a Pod, and the number of core cables of every
 * switch and of every core. Only which core a Pod switch's core cable reaches changes, so a core may
 * now have several cables into one Pod, i.e. two-hop detours over a core inside a Pod, which the
 * Clos-derived wiring never has (each core keeps one cable per Pod). Comparing its λ with flat-tree
 * local on the same demands isolates that one difference.
 *
 * <p>Rewiring: the core ends of all Pod–core cables are shuffled (Fisher–Yates, the given random
 * stream), then a cable that repeats a (switch, core) pair swaps its core end with a random other
 * cable until no pair repeats. Cores are the switches of tier 3 (the {@code tier} label of flat-tree's
 * logical topology). O(n + m) expected.
 */
final class CoreRewiredTopology {
  private CoreRewiredTopology() {}

  /**
   * @param t a flat-tree logical topology (labels tier, pod, index; cores have tier 3)
   * @param rnd the random stream of the rewiring
   */
  static Topology of(Topology t, SplittableRandom rnd) {
    Labels l = t.labels();
    int tier = l.fieldIndex("tier");
    List<int[]> keep = new ArrayList<>();
    List<Integer> podEnd = new ArrayList<>();
    List<Integer> coreEnd = new ArrayList<>();
    for (int e = 0; e < t.linkCount(); e++) {
      int a = t.source(e);
      int b = t.target(e);
      boolean aCore = !t.isServer(a) && l.get(a, tier) == 3;
      boolean bCore = !t.isServer(b) && l.get(b, tier) == 3;
      if (aCore != bCore && !t.isServer(a) && !t.isServer(b)) {
        if (aCore) {
          continue; // each Pod–core cable once, from its Pod end
        }
        podEnd.add(a);
        coreEnd.add(b);
      } else if (a < b) {
        keep.add(new int[] {a, b});
      }
    }
    int c = coreEnd.size();
    int[] core = new int[c];
    for (int i = 0; i < c; i++) {
      core[i] = coreEnd.get(i);
    }
    for (int i = c - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int x = core[i];
      core[i] = core[j];
      core[j] = x;
    }
    Set<Long> pairs = new HashSet<>();
    for (int i = 0; i < c; i++) {
      long key = (long) podEnd.get(i) * t.nodeCount() + core[i];
      while (!pairs.add(key)) {
        int j = rnd.nextInt(c);
        long old = (long) podEnd.get(j) * t.nodeCount() + core[j];
        long swapped = (long) podEnd.get(j) * t.nodeCount() + core[i];
        if (j < i && !pairs.contains(swapped) && core[j] != core[i]) {
          pairs.remove(old);
          pairs.add(swapped);
          int x = core[i];
          core[i] = core[j];
          core[j] = x;
        } else if (j > i) {
          int x = core[i];
          core[i] = core[j];
          core[j] = x;
        }
        key = (long) podEnd.get(i) * t.nodeCount() + core[i];
      }
    }
    TopologyBuilder b = new TopologyBuilder(t.family() + "-core-rewired", t.parameters());
    b.labelFields(l.fields().toArray(new String[0]));
    for (int v = 0; v < t.nodeCount(); v++) {
      b.addNode(t.role(v), l.of(v));
    }
    for (int[] cable : keep) {
      b.addCable(cable[0], cable[1]);
    }
    for (int i = 0; i < c; i++) {
      b.addCable(podEnd.get(i), core[i]);
    }
    return b.build();
  }
}
