package org.fabriclab.sim.collective;

import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.flow.FlowLevelSimulation;
import org.fabriclab.sim.flow.FluidTransfers;
import org.fabriclab.sim.net.EcmpTable;

/**
 * A {@link CollectiveSchedule} on the flow-level engine ({@link FluidTransfers}): each transfer a
 * fluid flow over its hashed ECMP path (the path the packet engine's per-flow ECMP takes for the
 * same flow id), each multicast over the union of its receivers' paths (every tree link once) or
 * over the tree the scheme's {@link FlowTrees} names (a fabric that replicates along a tree of its
 * own), each
 * aggregation over the union of its sources' paths to its destination (every link once: the
 * switches combine what they receive),
 * each step a barrier of its duration. Rates are max-min fair over link capacities and change
 * at every start and drain.
 *
 * <p>A message carries its {@link Framing#wireBytes} (payload and headers) and completes, after
 * draining at its fluid rate, the latency of its last packet: the propagation delay of its path
 * plus the store-and-forward of one packet at every hop but the slowest (the tail of a pipeline
 * of packets), for a multicast the largest of its branches. No queueing, loss or control packets.
 * O(nodes · hops) to build; the run costs what {@link FluidTransfers} costs.
 */
public final class FlowCollective {
  private FlowCollective() {}

  /** Runs {@code s} with rank {@code r} on host {@code hostOfRank[r]} of {@code topo}. */
  public static CollectiveResult run(Topology topo, EcmpTable ecmp, CollectiveSchedule s, int[] hostOfRank,
      int root, Framing framing, long seed, Progress progress) {
    return run(topo, ecmp, s, hostOfRank, root, framing, seed, null, progress);
  }

  /**
   * As above, each multicast and aggregation over the tree {@code trees} gives it ({@code null}:
   * the union of its ECMP paths).
   */
  public static CollectiveResult run(Topology topo, EcmpTable ecmp, CollectiveSchedule s, int[] hostOfRank,
      int root, Framing framing, long seed, FlowTrees trees, Progress progress) {
    java.util.function.IntFunction<FlowTrees.Tree> tree = trees == null ? null
        : trees.bind(s, topo, hostOfRank, framing);
    FluidTransfers ft = new FluidTransfers(topo);
    long wire = 0;
    long link = 0;
    long rootUp = 0;
    int rootNode = topo.server(hostOfRank[root]);
    // flow ids as the packet engine's: a transfer its index among the transfers (its trace
    // index), a multicast or aggregation its index among the messages (PacketGroups)
    int message = 0;
    int transfer = 0;
    java.util.BitSet used = new java.util.BitSet(topo.linkCount());
    for (int v = 0; v < s.size(); v++) {
      int[] deps = new int[s.dependencyCount(v)];
      for (int i = 0; i < deps.length; i++) {
        deps[i] = s.dependency(v, i);
      }
      int id;
      if (s.kind(v) == CollectiveSchedule.Kind.STEP) {
        id = ft.add(new int[0], 0, 0, s.durationPs(v));
      } else {
        FlowTrees.Tree given = tree != null && s.kind(v) != CollectiveSchedule.Kind.TRANSFER ? tree.apply(v) : null;
        int src = topo.server(hostOfRank[s.rank(v)]);
        IntOpenHashSet set = new IntOpenHashSet();
        long latency = 0;
        long b = s.bytes(v);
        long pkt = framing.packetWireBytes(b);
        boolean up = s.kind(v) == CollectiveSchedule.Kind.AGGREGATE; // sources -> rank(v)
        for (int d : given != null ? new int[0] : s.receivers(v)) {
          int a = up ? topo.server(hostOfRank[d]) : src;
          int z = up ? src : topo.server(hostOfRank[d]);
          int flowId = s.kind(v) == CollectiveSchedule.Kind.TRANSFER ? transfer : message;
          int[] p = FlowLevelSimulation.path(topo, ecmp, flowId, a, z, seed);
          long prop = 0;
          long sf = 0;
          long slowest = 0;
          for (int e : p) {
            set.add(e);
            prop += topo.delayPs(e);
            long hop = Math.round(pkt * 8e12 / topo.capacityBps(e));
            sf += hop;
            slowest = Math.max(slowest, hop);
          }
          latency = Math.max(latency, prop + sf - slowest);
        }
        message++;
        transfer += s.kind(v) == CollectiveSchedule.Kind.TRANSFER ? 1 : 0;
        int[] links = given != null ? given.links().clone() : set.toIntArray();
        latency = given != null ? given.latencyPs() : latency;
        java.util.Arrays.sort(links);
        for (int e : links) {
          used.set(e);
        }
        long w = framing.wireBytes(b);
        wire += b * links.length;
        link += w * links.length;
        for (int e : links) {
          if (topo.source(e) == rootNode) {
            rootUp += w;
          }
        }
        // an aggregation's tree is the union of its sources' paths to the destination: each
        // link carries the combined bytes once
        id = ft.add(links, w, 0, latency);
      }
      for (int d : deps) {
        ft.after(id, d);
      }
    }
    FluidTransfers.Result r = ft.run(progress);
    long[] end = r.completionPs();
    return new CollectiveResult(r.makespanPs(), RankEnds.of(s, end), wire, link, used.cardinality(), rootUp,
        null, null, null, r.events(), end);
  }
}
