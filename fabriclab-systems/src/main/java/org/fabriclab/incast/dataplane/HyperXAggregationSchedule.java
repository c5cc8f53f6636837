package org.fabriclab.incast.dataplane;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.Arrays;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.Topology;
import org.fabriclab.incast.HyperXIncast;
import org.fabriclab.incast.IncastMethod;
import org.fabriclab.incast.IncastTree;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * The {@code aggtree} schedule on the switch-centric flat fabrics of seed 004 §V-C (FBFLY, HyperX):
 * the switch-level ARS tree with intra-stage optimisation of {@link HyperXIncast} over the
 * senders' agents (each server's switch), as transfers between servers. A switch of the tree
 * aggregates in a server of its own, the cache (§V-C: "using one of its servers as the cache";
 * decision: its first server, or the receiver on the receiver's switch): every sender sends
 * {@code S} to its switch's cache, every cache sends its output to its parent switch's cache once
 * it holds every input, and the root's cache sends to the receiver. A cache with at least two
 * inputs aggregates them to {@code max + α·(sum − max)} (§VI-D), taking the spec's reduction
 * time; one input is forwarded as it is.
 *
 * <p>Decision — the bytes on the wire: the paper's cost counts one link per hop and no cost for
 * the detour through the cache server; on the engines a sender's bytes cross its cable and the
 * cache's (two links), and a cache's output the cache's cable, the switch-to-switch link and the
 * parent cache's cable (three), so {@code wireBytes} exceeds the paper's cost by those cables.
 * Caches that are no rank become helper ranks after the spec's. O(tree switches + ranks).
 */
final class HyperXAggregationSchedule {
  private HyperXAggregationSchedule() {}

  /** Whether {@code topo} is a HyperX-family fabric this schedule reads (fbfly, hyperx). */
  static boolean applies(Topology topo) {
    return topo.family().equals("fbfly") || topo.family().equals("hyperx");
  }

  /** The placed schedule of {@code spec} on {@code topo} (trunk 1: one cable per switch pair). */
  static CollectiveScheme.Placed place(CollectiveSpec spec, Topology topo, int[] hostOfRank) {
    Labels lab = topo.labels();
    int dims = 0;
    while (lab.fieldIndex("x" + dims) >= 0) {
      dims++;
    }
    int servers = topo.serverCount();
    int switches = topo.nodeCount() - servers;
    int[] size = new int[dims];
    for (int w = 0; w < switches; w++) {
      for (int i = 0; i < dims; i++) {
        size[i] = Math.max(size[i], lab.get(servers + w, "x" + i) + 1);
      }
    }
    int perSwitch = servers / switches;
    HyperXIncast hx = new HyperXIncast(size, perSwitch);
    int receiver = hostOfRank[spec.root()];
    int[] senders = new int[spec.ranks() - 1];
    for (int r = 0, i = 0; r < spec.ranks(); r++) {
      if (r != spec.root()) {
        senders[i++] = hostOfRank[r];
      }
    }
    HyperXIncast.Result res = hx.build(receiver, senders, IncastMethod.ARS_INTRA, 1, spec.alpha());
    IncastTree tree = res.switchTree();
    // tree nodes: switch ids (the receiver's agent first); without a tree only the receiver's switch
    int[] sw = tree == null ? new int[] {hx.agent(receiver)} : new int[tree.size()];
    int[] parent = tree == null ? new int[] {-1} : tree.parent();
    if (tree != null) {
      for (int i = 0; i < sw.length; i++) {
        sw[i] = hx.switchOf(tree.nodes()[i]);
      }
    }
    Int2IntOpenHashMap nodeOfSwitch = new Int2IntOpenHashMap();
    nodeOfSwitch.defaultReturnValue(-1);
    for (int i = 0; i < sw.length; i++) {
      nodeOfSwitch.put(sw[i], i);
    }
    Int2IntOpenHashMap rankOfHost = new Int2IntOpenHashMap();
    rankOfHost.defaultReturnValue(-1);
    for (int r = 0; r < spec.ranks(); r++) {
      rankOfHost.put(hostOfRank[r], r);
    }
    int ranks = spec.ranks();
    int[] hosts = Arrays.copyOf(hostOfRank, spec.ranks() + sw.length);
    int[] cache = new int[sw.length]; // rank of each tree switch's cache
    for (int i = 0; i < sw.length; i++) {
      int h = i == 0 && hx.agent(receiver) == sw[0] ? receiver : sw[i] * perSwitch;
      int r = rankOfHost.get(h);
      if (r < 0) {
        r = ranks++;
        hosts[r] = h;
        rankOfHost.put(h, r);
      }
      cache[i] = r;
    }
    CollectiveSchedule s = new CollectiveSchedule(ranks);
    long[] maxIn = new long[sw.length];
    long[] sumIn = new long[sw.length];
    int[] count = new int[sw.length];
    int[][] arrivals = new int[sw.length][4];
    int[] arrivalCount = new int[sw.length];
    for (int r = 0; r < spec.ranks(); r++) {
      if (r == spec.root()) {
        continue;
      }
      int v = nodeOfSwitch.get(hx.agent(hostOfRank[r]));
      maxIn[v] = spec.sizeBytes();
      sumIn[v] += spec.sizeBytes();
      count[v]++;
      if (r != cache[v]) {
        arrive(arrivals, arrivalCount, v, s.transfer(r, cache[v], spec.sizeBytes()));
      }
    }
    int[] order = tree == null ? new int[] {0} : tree.bottomUpOrder();
    for (int v : order) {
      long out = count[v] >= 2 ? Math.round(maxIn[v] + spec.alpha() * (sumIn[v] - maxIn[v])) : sumIn[v];
      int[] deps = Arrays.copyOf(arrivals[v], arrivalCount[v]);
      if (count[v] >= 2 && spec.reducePs(sumIn[v]) > 0) {
        deps = new int[] {s.step(cache[v], spec.reducePs(sumIn[v]), deps)};
      }
      int p = parent[v];
      if (p < 0) {
        if (cache[v] != spec.root()) {
          s.transfer(cache[v], spec.root(), out, deps);
        } else if (deps.length > 0) {
          s.step(spec.root(), 0, deps); // the receiver holds its result once the last input is in
        }
        continue;
      }
      arrive(arrivals, arrivalCount, p, s.transfer(cache[v], cache[p], out, deps));
      maxIn[p] = Math.max(maxIn[p], out);
      sumIn[p] += out;
      count[p]++;
    }
    return new CollectiveScheme.Placed(s, Arrays.copyOf(hosts, ranks));
  }

  private static void arrive(int[][] arrivals, int[] count, int v, int transfer) {
    if (count[v] == arrivals[v].length) {
      arrivals[v] = Arrays.copyOf(arrivals[v], 2 * count[v]);
    }
    arrivals[v][count[v]++] = transfer;
  }
}
