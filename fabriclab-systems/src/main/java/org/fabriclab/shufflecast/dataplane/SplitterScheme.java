package org.fabriclab.shufflecast.dataplane;

import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.shufflecast.RelayRules;
import org.fabriclab.shufflecast.ShufflecastRouting;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.FlowTrees;
import org.fabriclab.sim.collective.GroupBinding;

/**
 * {@code splitter}: group communication over Shufflecast's optical splitters (seed
 * 000_9b2589b0d55d7b52.txt §III-A, §III-B, §VI-A(a)). Each multicast leaves the source server
 * once; its source ToR transmits it into its 1:p splitter, the relays of that source ToR — one
 * partition per column, the static rules of Algorithm 1 — re-transmit it into theirs, and every
 * ToR hands it to the group's servers under it, so it reaches every ToR within 2k − 1 splitter
 * hops (Lemma 1) at the line rate of one port.
 *
 * <ul>
 *   <li>broadcast: one multicast of {@code S} from the root to every other rank;
 *   <li>allgather: every rank multicasts its block ({@code S / n}) to all others at once; sources
 *       in one column share its relays (Lemma 3), so at packet level, where the senders are not
 *       rate-controlled, concurrent groups may overflow a relay's splitter port.
 * </ul>
 *
 * <p>Packet engine: {@link SplitterCarrier} (the paper's ToRs and passive splitters, the
 * unreliable line-rate sender of Fig. 6(a)). Flow engine: each multicast is one fluid transfer over
 * the links the construction lights ({@link SplitterTrees}: every output of every relay's
 * splitter, not the union of ECMP shortest paths). Runs on a full p,k-Shufflecast instance only
 * ({@link SplitterInstance}).
 */
public final class SplitterScheme implements CollectiveScheme {
  @Override
  public String name() {
    return "splitter";
  }

  @Override
  public String description() {
    return "Shufflecast optical splitters: source ToR and relay ToRs (Algorithm 1) transmit once each, S once per"
        + " lit link, no reliability (Shufflecast paper)";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.BROADCAST, CollectiveOp.ALLGATHER);
  }

  @Override
  public String unsupported(Topology topo, CollectiveSpec spec) {
    return SplitterInstance.why(topo);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    return org.fabriclab.sim.collective.MulticastSchedules.of(spec);
  }

  @Override
  public GroupBinding packetBinding() {
    return ctx -> {
      SplitterInstance in = instance(ctx.topology());
      return new SplitterCarrier(ctx, in, rules(in));
    };
  }

  @Override
  public FlowTrees flowTrees() {
    return (s, topo, hosts, framing) -> {
      SplitterInstance in = instance(topo);
      SplitterTrees trees = new SplitterTrees(in, topo, rules(in));
      return v -> {
        int[] rs = s.receivers(v);
        int[] members = new int[rs.length];
        for (int i = 0; i < rs.length; i++) {
          members[i] = topo.server(hosts[rs[i]]);
        }
        return trees.tree(topo.server(hosts[s.rank(v)]), members, framing.packetWireBytes(s.bytes(v)));
      };
    };
  }

  private static SplitterInstance instance(Topology topo) {
    SplitterInstance in = SplitterInstance.of(topo);
    if (in == null) {
      throw new InvalidParameterException("scheme", "scheme 'splitter' cannot run on " + topo.family() + ": "
          + SplitterInstance.why(topo));
    }
    return in;
  }

  private static RelayRules rules(SplitterInstance in) {
    return new ShufflecastRouting(in.shufflecast()).rules();
  }
}
