package org.fabriclab.gleam.dataplane;

import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.GroupBinding;

/**
 * {@code gleam}: RDMA multicast over unmodified RoCEv2 RC with in-fabric replication and feedback
 * aggregation (seed 002, Gleam). The schedule is a multicast's:
 *
 * <ul>
 *   <li>broadcast: one multicast of {@code S} from the root to every other rank (§5.1's MPI_Bcast);
 *   <li>allgather: every rank multicasts its block ({@code S / n}) to all others at once, each on a
 *       group of its own (many groups exist at once, §3.3).
 * </ul>
 *
 * <p>At packet level each multicast is carried by {@link GleamCarrier}: one RC QP at the sender,
 * the tree's switches replicating and rewriting headers (§3.3, Alg. 1), aggregating ACKs and
 * filtering NACKs (§3.4, Alg. 2/3) and CNPs (§3.5), so loss is repaired by the sender's go-back-N
 * and a multicast completes when the aggregated ACK of its last PSN reaches the sender. On the flow
 * engine a multicast is one fluid transfer over its ECMP tree, as {@code ipmulticast}'s: the bytes
 * on each tree link once, no ACKs, no loss.
 *
 * <p>The fabric must offer what a Gleam switch and a member are: every switch at most {@value
 * #MAX_PORTS} ports (a table's port array, §3.3) and every host single-homed (Alg. 4 registers a
 * member on the one port it hangs on); one RC message carries at most 2 GiB (Table 1).
 */
public final class GleamScheme implements CollectiveScheme {
  /** Ports of a Gleam table at most. */
  public static final int MAX_PORTS = 256;
  /** Largest message of one RC work request: 2 GiB (seed 002, Table 1). */
  public static final long MAX_MESSAGE_BYTES = 1L << 31;

  @Override
  public String name() {
    return "gleam";
  }

  @Override
  public String description() {
    return "Gleam RDMA multicast: one RC QP at the sender, switches replicate and aggregate ACKs/NACKs, reliable (seed 002)";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.BROADCAST, CollectiveOp.ALLGATHER);
  }

  @Override
  public String unsupported(Topology topo, CollectiveSpec spec) {
    for (int v = 0; v < topo.nodeCount(); v++) {
      if (!topo.isServer(v) && topo.role(v) != org.fabriclab.graph.NodeRole.PACKET_SWITCH) {
        return "Gleam's switches are packet switches (§3), and node " + v + " has role " + topo.role(v).id();
      }
      if (topo.isServer(v) && topo.degree(v) != 1) {
        return "a Gleam member hangs on one switch port, and host " + v + " has " + topo.degree(v) + " links";
      }
      if (!topo.isServer(v) && topo.degree(v) > MAX_PORTS) {
        return "a Gleam switch table has at most " + MAX_PORTS + " ports, and switch " + v + " has "
            + topo.degree(v);
      }
    }
    long message = spec == null ? 0 : spec.op() == CollectiveOp.BROADCAST ? spec.sizeBytes() : spec.blockBytes();
    if (message > MAX_MESSAGE_BYTES) {
      return "one RC message carries at most " + MAX_MESSAGE_BYTES + " bytes, the multicast has " + message;
    }
    return null;
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    return org.fabriclab.sim.collective.MulticastSchedules.of(spec);
  }

  /** Gleam's data plane on the tree's switches and a RoCEv2 RC QP per multicast ({@link GleamCarrier}). */
  @Override
  public GroupBinding packetBinding() {
    return GleamCarrier::new;
  }
}
