package org.fabriclab.sim.collective;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.util.BitSet;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.element.MulticastReplication;
import org.fabriclab.sim.element.StreamAggregation;
import org.fabriclab.sim.flow.FlowLevelSimulation;
import org.fabriclab.sim.net.EcmpTable;

/**
 * Builds the forwarding state of group nodes from the hashed ECMP paths the flow engine gives
 * them ({@link FlowLevelSimulation#path} with the node's message index as flow id, as {@link
 * FlowCollective}), so both engines put a group node's bytes on the same links.
 *
 * <ul>
 *   <li>a multicast's tree is the union of its source's paths to its receivers: at each node the
 *       ingress link by which the first path reaches it and the union's egress links there
 *       ({@link MulticastReplication});
 *   <li>an aggregation's tree is the union of its sources' paths to the destination. A path's next
 *       hop at a node depends only on the node (and the flow id and destination, the same for
 *       every source), so every node of the union has one egress link: an in-tree. Its children
 *       are the union's ingress links there, plus the node's own host when it is a source
 *       ({@link StreamAggregation}).
 * </ul>
 * O(endpoints · hops) per group node; records the links of each tree (for the bytes on the wire)
 * and the nodes that need the element.
 */
final class GroupTrees {
  private final Topology topo;
  private final EcmpTable ecmp;
  private final long seed;
  private final MulticastReplication mc;
  private final StreamAggregation agg;
  private final IntArrayList treeLinks = new IntArrayList(); // group - 1 -> links of its tree
  private final BitSet used;
  private final BitSet nodes;
  private boolean anyAggregation;

  GroupTrees(Topology topo, EcmpTable ecmp, long seed, MulticastReplication mc, StreamAggregation agg) {
    this.topo = topo;
    this.ecmp = ecmp;
    this.seed = seed;
    this.mc = mc;
    this.agg = agg;
    used = new BitSet(topo.linkCount());
    nodes = new BitSet(topo.nodeCount());
  }

  /** Installs multicast {@code group} of flow id {@code flow} from node {@code src} to {@code dsts}. */
  void multicast(int group, int flow, int src, int[] dsts) {
    Int2IntOpenHashMap idx = new Int2IntOpenHashMap();
    idx.defaultReturnValue(-1);
    IntArrayList node = new IntArrayList();
    IntArrayList in = new IntArrayList();
    IntArrayList member = new IntArrayList();
    java.util.List<IntArrayList> outs = new java.util.ArrayList<>();
    IntOpenHashSet links = new IntOpenHashSet();
    visit(idx, node, in, member, outs, src, -1);
    for (int d : dsts) {
      int[] p = FlowLevelSimulation.path(topo, ecmp, flow, src, d, seed);
      int u = src;
      for (int e : p) {
        if (links.add(e)) {
          outs.get(idx.get(u)).add(e);
        }
        u = topo.target(e);
        visit(idx, node, in, member, outs, u, e);
      }
      member.set(idx.get(d), 1);
    }
    for (int i = 0; i < node.size(); i++) {
      mc.install(group, node.getInt(i), in.getInt(i), outs.get(i).toIntArray(), member.getInt(i) != 0);
      nodes.set(node.getInt(i));
    }
    record(group, links);
  }

  private static void visit(Int2IntOpenHashMap idx, IntArrayList node, IntArrayList in, IntArrayList member,
      java.util.List<IntArrayList> outs, int u, int inLink) {
    if (idx.get(u) < 0) {
      idx.put(u, node.size());
      node.add(u);
      in.add(inLink);
      member.add(0);
      outs.add(new IntArrayList(2));
    }
  }

  /** Installs aggregation {@code group} of flow id {@code flow} from nodes {@code srcs} to {@code dst}. */
  void aggregate(int group, int flow, int[] srcs, int dst) {
    anyAggregation = true;
    Int2IntOpenHashMap idx = new Int2IntOpenHashMap();
    idx.defaultReturnValue(-1);
    IntArrayList node = new IntArrayList();
    IntArrayList out = new IntArrayList();
    java.util.List<IntArrayList> children = new java.util.ArrayList<>();
    IntOpenHashSet links = new IntOpenHashSet();
    for (int src : srcs) {
      int[] p = FlowLevelSimulation.path(topo, ecmp, flow, src, dst, seed);
      children.get(vertex(idx, node, out, children, src)).add(-1);
      int u = src;
      for (int e : p) {
        int i = vertex(idx, node, out, children, u);
        if (out.getInt(i) != -1 && out.getInt(i) != e) {
          throw new IllegalStateException("aggregation " + group + ": node " + u + " leaves by links "
              + out.getInt(i) + " and " + e);
        }
        out.set(i, e);
        u = topo.target(e);
        if (links.add(e)) {
          children.get(vertex(idx, node, out, children, u)).add(e);
        }
      }
    }
    vertex(idx, node, out, children, dst);
    for (int i = 0; i < node.size(); i++) {
      agg.install(group, node.getInt(i), children.get(i).toIntArray(), out.getInt(i));
      nodes.set(node.getInt(i));
    }
    record(group, links);
  }

  private static int vertex(Int2IntOpenHashMap idx, IntArrayList node, IntArrayList out,
      java.util.List<IntArrayList> children, int u) {
    int i = idx.get(u);
    if (i < 0) {
      i = node.size();
      idx.put(u, i);
      node.add(u);
      out.add(-1);
      children.add(new IntArrayList(2));
    }
    return i;
  }

  private void record(int group, IntOpenHashSet links) {
    while (treeLinks.size() < group) {
      treeLinks.add(0);
    }
    treeLinks.set(group - 1, links.size());
    links.forEach((int e) -> used.set(e));
  }

  /** Links of the tree of group {@code group}. */
  int links(int group) {
    return treeLinks.getInt(group - 1);
  }

  /** Payload bytes times tree links, over the group nodes of {@code s} ({@code slotOf}: node → group − 1). */
  long wireBytes(CollectiveSchedule s, int[] slotOf) {
    long w = 0;
    for (int v = 0; v < s.size(); v++) {
      if (slotOf[v] >= 0) {
        w += s.bytes(v) * links(slotOf[v] + 1);
      }
    }
    return w;
  }

  BitSet usedLinks() {
    return used;
  }

  /** Nodes on some tree (hosts included): where the element is bound. */
  BitSet treeNodes() {
    return nodes;
  }

  boolean anyAggregation() {
    return anyAggregation;
  }
}
