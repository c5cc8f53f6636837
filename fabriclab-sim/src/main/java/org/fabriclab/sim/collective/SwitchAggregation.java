package org.fabriclab.sim.collective;

import java.util.EnumSet;
import java.util.Set;

/**
 * {@code switchagg}: in-network aggregation on a switched fabric, as Mellanox SHARP does it
 * (Graham et al., "Scalable Hierarchical Aggregation Protocol (SHArP)", COMHPC 2016, §III): each
 * switch of the reduction tree combines the streams of its children and forwards one, so every
 * tree link carries {@code S} once on the way up; for allreduce the result comes back down the
 * same tree by switch replication ({@link IpMulticast}'s tree). The tree is the union of the
 * ranks' hashed ECMP paths to the root.
 *
 * <ul>
 *   <li>reduce: one aggregation of {@code S} from every rank to the root;
 *   <li>allreduce: per segment ({@code --segment-bytes}, default the whole message) an
 *       aggregation to the root, then a multicast of the result back to all; the next segment's
 *       aggregation follows the previous one, so up- and downstream pipeline as SHARP's
 *       streaming aggregation does: about {@code S / B} for large {@code S}.
 * </ul>
 * On the flow engine an aggregation is one fluid transfer over its tree's links; on the packet
 * engine each switch of the tree forwards packet {@code i} once every child has delivered its
 * packet {@code i} ({@link org.fabriclab.sim.element.StreamAggregation}).
 */
public final class SwitchAggregation implements CollectiveScheme {
  @Override
  public String name() {
    return "switchagg";
  }

  @Override
  public String description() {
    return "switch aggregation (SHARP-like): switches combine children's streams, S once per tree link";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.REDUCE, CollectiveOp.ALLREDUCE);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    int n = spec.ranks();
    int root = spec.root();
    CollectiveSchedule out = new CollectiveSchedule(n);
    int[] others = new int[n - 1];
    for (int i = 0, k = 0; i < n; i++) {
      if (i != root) {
        others[k++] = i;
      }
    }
    if (spec.op() == CollectiveOp.REDUCE) {
      out.aggregate(others, root, spec.sizeBytes());
      return out;
    }
    long seg = spec.segmentBytes() <= 0 ? spec.sizeBytes() : Math.min(spec.segmentBytes(), spec.sizeBytes());
    int prevUp = -1;
    for (long off = 0; off < spec.sizeBytes(); off += seg) {
      long b = Math.min(seg, spec.sizeBytes() - off);
      int up = prevUp < 0 ? out.aggregate(others, root, b) : out.aggregate(others, root, b, prevUp);
      out.multicast(root, others, b, up);
      prevUp = up;
    }
    return out;
  }

  @Override
  public String unsupported(org.fabriclab.graph.Topology topo, CollectiveSpec spec) {
    return SwitchRoles.circuitSwitch(topo, "switch aggregation", "combines streams");
  }
}
