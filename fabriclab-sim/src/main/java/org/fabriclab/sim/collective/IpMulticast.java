package org.fabriclab.sim.collective;

import java.util.EnumSet;
import java.util.Set;

/**
 * {@code ipmulticast}: switch replication along a multicast tree (Deering's IP multicast, RFC 1112;
 * the baseline of seed 000 §VI-A(a) and seed 002 §1): the sender transmits each byte once and
 * every switch copies it to the branches with receivers, so a tree link carries {@code S} once.
 * No reliability (loss is not repaired). The tree is the union of the sender's hashed ECMP paths
 * to its receivers.
 *
 * <ul>
 *   <li>broadcast: one multicast of {@code S} from the root to every other rank;
 *   <li>allgather: every rank multicasts its block ({@code S / n}) to all others at once
 *       (multicast-based allgather).
 * </ul>
 * On the flow engine a multicast is one fluid transfer over its tree's links; on the packet engine
 * the tree's switches copy each packet ({@link org.fabriclab.sim.element.MulticastReplication}) and
 * the source sends at its NIC's rate.
 */
public final class IpMulticast implements CollectiveScheme {
  @Override
  public String name() {
    return "ipmulticast";
  }

  @Override
  public String description() {
    return "IP multicast: switches replicate along the ECMP tree, S once per tree link, no reliability";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.BROADCAST, CollectiveOp.ALLGATHER);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    return MulticastSchedules.of(spec);
  }

  @Override
  public String unsupported(org.fabriclab.graph.Topology topo, CollectiveSpec spec) {
    return SwitchRoles.circuitSwitch(topo, "IP multicast", "replicates packets");
  }
}
