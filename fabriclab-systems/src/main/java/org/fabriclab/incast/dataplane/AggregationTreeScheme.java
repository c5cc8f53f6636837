package org.fabriclab.incast.dataplane;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.incast.BCubeLabels;
import org.fabriclab.incast.IncastMethod;
import org.fabriclab.incast.IncastTransfer;
import org.fabriclab.incast.IncastTree;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * {@code aggtree}: incast over an in-network aggregation tree on BCube (seed 004): the ARS-based
 * tree with intra-stage optimisation (§IV-B, §IV-C; {@link IncastMethod#ARS_INTRA}) from the
 * receiver (the root) to the senders (the other ranks), possibly through servers that are no
 * rank. Each tree edge child → parent is a transfer between one-hop neighbours (through the switch
 * of their differing digit, two links); a server sends its output once it holds every input: its
 * own data and its children's. A server with at least two inputs aggregates them to {@code max +
 * α·(sum − max)} (§VI-D; {@code --alpha}), taking the spec's reduction time over the inputs; one
 * input is forwarded as it is. So the bytes on the wire are the tree's cost of Def. 1 (§III-B),
 * for unit sizes and α = 0 the cost times {@code S}.
 *
 * <p>Inner servers that are no rank become helper ranks after the spec's, on their own hosts.
 * Runs on BCube (the tree is built from server labels) and, switch-centric, on FBFLY and HyperX
 * ({@link HyperXAggregationSchedule}, §V-C). O(tree servers · k).
 */
public final class AggregationTreeScheme implements CollectiveScheme {
  @Override
  public String name() {
    return "aggtree";
  }

  @Override
  public String description() {
    return "in-network aggregation tree on BCube, FBFLY and HyperX: ARS tree + intra-stage optimisation, servers merge flows (incast paper)";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.INCAST);
  }

  @Override
  public String unsupported(Topology topo, CollectiveSpec spec) {
    return topo.family().equals("bcube") || HyperXAggregationSchedule.applies(topo) ? null
        : "it builds its tree from BCube server labels or FBFLY/HyperX switch coordinates (a bcube, fbfly or hyperx topology)";
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    throw new InvalidParameterException("scheme", "aggtree needs the fabric: it runs through place()");
  }

  @Override
  public Placed place(CollectiveSpec spec, Topology topo, int[] hostOfRank) {
    String why = unsupported(topo, spec);
    if (why != null) {
      throw new InvalidParameterException("scheme", "scheme 'aggtree' cannot run on " + topo.family() + ": " + why);
    }
    if (HyperXAggregationSchedule.applies(topo)) {
      return HyperXAggregationSchedule.place(spec, topo, hostOfRank);
    }
    int k = topo.degree(topo.server(0)) - 1;
    int n = topo.degree(topo.neighbor(topo.server(0), 0));
    BCubeLabels labels = new BCubeLabels(n, k);
    int receiver = topo.server(hostOfRank[spec.root()]);
    int[] senders = new int[spec.ranks() - 1];
    for (int r = 0, i = 0; r < spec.ranks(); r++) {
      if (r != spec.root()) {
        senders[i++] = topo.server(hostOfRank[r]);
      }
    }
    IncastTree tree = IncastMethod.ARS_INTRA.builder(null, labels.dims(), 1, spec.alpha())
        .build(IncastTransfer.unit(labels, receiver, senders));
    // ranks of the tree's servers: the spec's where a server hosts one, helpers after
    Int2IntOpenHashMap rankOfServer = new Int2IntOpenHashMap();
    rankOfServer.defaultReturnValue(-1);
    for (int r = 0; r < spec.ranks(); r++) {
      rankOfServer.put(topo.server(hostOfRank[r]), r);
    }
    int[] rankOf = new int[tree.size()];
    int[] hosts = Arrays.copyOf(hostOfRank, spec.ranks() + tree.size());
    int ranks = spec.ranks();
    for (int i = 0; i < tree.size(); i++) {
      int r = rankOfServer.get(tree.nodes()[i]);
      if (r < 0) {
        r = ranks++;
        hosts[r] = tree.nodes()[i]; // BCube servers are nodes 0..N-1, host i = node i
      }
      rankOf[i] = r;
    }
    CollectiveSchedule s = new CollectiveSchedule(ranks);
    int[] order = tree.bottomUpOrder();
    // inputs per tree node: its own data (a sender) and its children's outputs
    long[] maxIn = new long[tree.size()];
    long[] sumIn = new long[tree.size()];
    int[] count = new int[tree.size()];
    int[][] arrivals = new int[tree.size()][];
    int[] arrivalCount = new int[tree.size()];
    for (int i = 0; i < tree.size(); i++) {
      arrivals[i] = new int[4];
      if (tree.ownSize()[i] > 0) {
        maxIn[i] = spec.sizeBytes();
        sumIn[i] = spec.sizeBytes();
        count[i] = 1;
      }
    }
    for (int i : order) {
      int p = tree.parent()[i];
      if (p < 0) {
        continue;
      }
      long out = count[i] >= 2 ? Math.round(maxIn[i] + spec.alpha() * (sumIn[i] - maxIn[i])) : sumIn[i];
      int[] deps = Arrays.copyOf(arrivals[i], arrivalCount[i]);
      if (count[i] >= 2 && spec.reducePs(sumIn[i]) > 0) {
        deps = new int[] {s.step(rankOf[i], spec.reducePs(sumIn[i]), deps)};
      }
      int t = s.transfer(rankOf[i], rankOf[p], out, deps);
      if (arrivalCount[p] == arrivals[p].length) {
        arrivals[p] = Arrays.copyOf(arrivals[p], 2 * arrivalCount[p]);
      }
      arrivals[p][arrivalCount[p]++] = t;
      maxIn[p] = Math.max(maxIn[p], out);
      sumIn[p] += out;
      count[p]++;
    }
    return new Placed(s, Arrays.copyOf(hosts, ranks));
  }
}
