package org.fabriclab.sim.collective;

import org.fabriclab.graph.Topology;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.net.EcmpTable;

/**
 * How a scheme's multicasts and aggregations travel at packet level: the binding of engine parts
 * (switch elements on the nodes of a tree, senders behind the NICs, receivers, possibly a
 * transport of the scheme's own) that a system contributes, so the engine names no system. The
 * default, {@link #IP}, is switch replication and stream aggregation along ECMP trees. A binding is
 * applied once per run, after the network is built and before it starts.
 */
@FunctionalInterface
public interface GroupBinding {
  /** Reports a carried node's completion to the run. */
  @FunctionalInterface
  interface Done {
    void completed(int node, long timePs);
  }

  /**
   * What a binding may use: the schedule, the fabric, its ECMP table and hash seed, each rank's
   * host, the packet simulation (its network, NICs, simulator), the framing, and the completion
   * callback.
   */
  record Context(CollectiveSchedule schedule, Topology topology, EcmpTable ecmp, int[] hostOfRank, long hashSeed,
      PacketSimulation simulation, Framing framing, Done done) {}

  /** Installs the carrier of {@code ctx.schedule()}'s group nodes. */
  GroupCarrier bind(Context ctx);

  /** IP multicast (RFC 1112) and SHARP-like stream aggregation along the ECMP trees. */
  GroupBinding IP = ctx -> new PacketGroups(ctx.schedule(), ctx.topology(), ctx.ecmp(), ctx.hostOfRank(),
      ctx.hashSeed(), ctx.simulation().network(), ctx.simulation().nics(), ctx.framing(), ctx.done()::completed);
}
