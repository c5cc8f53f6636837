package org.fabriclab.sim.collective;

import java.util.function.IntFunction;
import org.fabriclab.graph.Topology;

/**
 * How a scheme's multicasts and aggregations travel on the flow engine when the union of hashed
 * ECMP paths ({@link FlowCollective}'s default) is not the fabric's tree: the scheme names, per
 * group node, the directed links its bytes cross (each once) and the latency of its last packet.
 * A system whose data plane replicates along a tree of its own (optical splitters and relay ToRs)
 * supplies it beside its {@link GroupBinding}, so both engines put a group node's bytes on the same
 * links. Bound once per run, before it starts.
 */
@FunctionalInterface
public interface FlowTrees {
  /**
   * A group node's tree on the flow engine.
   *
   * @param links the directed links that carry the node's bytes, each once
   * @param latencyPs the latency of its last packet after the fluid transfer drains (propagation
   *     and store-and-forward of the branch that ends last)
   */
  record Tree(int[] links, long latencyPs) {}

  /**
   * The tree of each multicast or aggregation node of {@code s} with rank {@code r} on host {@code
   * hostOfRank[r]} of {@code topo}, packets as {@code framing} cuts them.
   */
  IntFunction<Tree> bind(CollectiveSchedule s, Topology topo, int[] hostOfRank, Framing framing);
}
