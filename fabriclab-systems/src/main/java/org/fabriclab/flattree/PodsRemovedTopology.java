package org.fabriclab.flattree;

import org.fabriclab.graph.Labels;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;

/**
 * A control topology for explaining the hybrid experiment of Flat-tree (seed
 * 001_5e703544cea19579.txt, §3.4), not a construction of the paper: a flat-tree logical topology with
 * every cable that touches a node of Pods {@code [fromPod, toPod)} removed (the nodes stay, isolated,
 * so node indices and demands carry over). Solving a zone's demands on the whole local network with
 * the other zone's Pods removed measures what the zone can reach without transit through the other
 * zone's Pods: λ(removed) ≤ λ(whole network) always (fewer links), and comparing it with the zone's λ
 * on the hybrid network says how much the whole network's idle Pods lend the zone. Cables keep their
 * capacity and delay. O(nodes + links).
 */
final class PodsRemovedTopology {
  private PodsRemovedTopology() {}

  /**
   * @param t a flat-tree logical topology (label {@code pod}; cores have pod −1 and stay)
   * @param fromPod first removed Pod
   * @param toPod one past the last removed Pod
   */
  static Topology of(Topology t, int fromPod, int toPod) {
    Labels l = t.labels();
    int pod = l.fieldIndex("pod");
    TopologyBuilder b = new TopologyBuilder(t.family() + "-pods-" + fromPod + "-" + toPod + "-removed", t.parameters());
    b.labelFields(l.fields().toArray(new String[0]));
    for (int v = 0; v < t.nodeCount(); v++) {
      b.addNode(t.role(v), l.of(v));
    }
    for (int e = 0; e < t.linkCount(); e++) {
      int a = t.source(e);
      int c = t.target(e);
      int pa = l.get(a, pod);
      int pc = l.get(c, pod);
      boolean removed = (pa >= fromPod && pa < toPod) || (pc >= fromPod && pc < toPod);
      if (a < c && !removed) {
        b.addCable(a, c, t.capacityBps(e), t.delayPs(e));
      }
    }
    return b.build();
  }
}
