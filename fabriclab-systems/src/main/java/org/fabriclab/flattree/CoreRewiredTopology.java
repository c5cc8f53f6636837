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
    return rewire(t, rnd, false);
  }

  /**
   * The other control: every core gets exactly one cable into every Pod (the super-node reading of
   * the two-stage graph's second stage, §3.1: a simple random graph "with the Pods as super nodes"
   * has at most one link between a Pod and a core, and with k²/4 cores of k ports each, one for each
   * of the k Pods, exactly one), the Pod switch holding it drawn at random: per Pod, a random
   * bijection between the Pod's core-cable ends and the cores. Requires as many core cables per Pod
   * as there are cores, each core with one port per Pod (fat-tree(k) equipment).
   */
  static Topology onePerPod(Topology t, SplittableRandom rnd) {
    return rewire(t, rnd, true);
  }

  private static Topology rewire(Topology t, SplittableRandom rnd, boolean onePerPod) {
    Labels l = t.labels();
    int podField = l.fieldIndex("pod");
    List<int[]> keep = new ArrayList<>();
    List<Integer> podEnd = new ArrayList<>();
    List<Integer> coreEnd = new ArrayList<>();
    for (int e = 0; e < t.linkCount(); e++) {
      int a = t.source(e);
      int b = t.target(e);
      boolean aCore = !t.isServer(a) && l.get(a, podField) < 0;
      boolean bCore = !t.isServer(b) && l.get(b, podField) < 0;
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
    if (onePerPod) {
      return onePerPod(t, keep, podEnd, rnd);
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
    List<Integer> ends = new ArrayList<>();
    for (int x : core) {
      ends.add(x);
    }
    return build(t, keep, podEnd, ends, "-core-rewired");
  }

  private static Topology onePerPod(Topology t, List<int[]> keep, List<Integer> podEnd, SplittableRandom rnd) {
    Labels l = t.labels();
    int podField = l.fieldIndex("pod");
    List<Integer> cores = new ArrayList<>();
    int pods = 0;
    for (int v = 0; v < t.nodeCount(); v++) {
      if (!t.isServer(v) && l.get(v, podField) < 0) {
        cores.add(v);
      }
      pods = Math.max(pods, l.get(v, podField) + 1);
    }
    List<List<Integer>> perPod = new ArrayList<>();
    for (int p = 0; p < pods; p++) {
      perPod.add(new ArrayList<>());
    }
    for (int a : podEnd) {
      perPod.get(l.get(a, podField)).add(a);
    }
    List<Integer> from = new ArrayList<>();
    List<Integer> to = new ArrayList<>();
    for (int p = 0; p < pods; p++) {
      List<Integer> ends = perPod.get(p);
      if (ends.size() != cores.size()) {
        throw new IllegalArgumentException("Pod " + p + " has " + ends.size() + " core cables for " + cores.size() + " cores");
      }
      for (int i = ends.size() - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        Integer x = ends.get(i);
        ends.set(i, ends.get(j));
        ends.set(j, x);
      }
      for (int i = 0; i < ends.size(); i++) {
        from.add(ends.get(i));
        to.add(cores.get(i));
      }
    }
    return build(t, keep, from, to, "-one-core-link-per-pod");
  }

  private static Topology build(Topology t, List<int[]> keep, List<Integer> podEnd, List<Integer> coreEnd, String suffix) {
    Labels l = t.labels();
    TopologyBuilder b = new TopologyBuilder(t.family() + suffix, t.parameters());
    b.labelFields(l.fields().toArray(new String[0]));
    for (int v = 0; v < t.nodeCount(); v++) {
      b.addNode(t.role(v), l.of(v));
    }
    for (int[] cable : keep) {
      b.addCable(cable[0], cable[1]);
    }
    for (int i = 0; i < podEnd.size(); i++) {
      b.addCable(podEnd.get(i), coreEnd.get(i));
    }
    return b.build();
  }
}
