package org.fabriclab.shufflecast.dataplane;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.BitSet;
import org.fabriclab.graph.Topology;
import org.fabriclab.shufflecast.MulticastDelivery;
import org.fabriclab.shufflecast.RelayRules;
import org.fabriclab.shufflecast.ShufflecastTopology;
import org.fabriclab.sim.collective.FlowTrees;

/**
 * The links a multicast lights on a Shufflecast fabric (seed 000_9b2589b0d55d7b52.txt §III-A1,
 * §III-A3, §III-B1) and the latency of its last packet: the source server's uplink; for the source
 * ToR and every ToR holding the static relay rule of that source ToR (its relay set, Algorithm 1,
 * Fig. 3 — the same for every group of that source ToR, since the ToR-to-ToR rules depend on the
 * source only), the ToR's link into its 1:p splitter and all p splitter outputs, for a passive
 * splitter puts the light on every output whether or not a member lies behind it; and the
 * ToR-to-server link of every member. Where the relays are is found by following the installed
 * rules over the splitter graph ({@link MulticastDelivery}), so a ToR is reached by the first
 * relay of the hop level before it.
 *
 * <p>Latency of a member's branch: the propagation of its links plus one packet's serialization at
 * every transmitting port (server NIC, ToR ports; a splitter output adds propagation only) but the
 * slowest, as {@link org.fabriclab.sim.collective.FlowCollective} counts it; the tree's latency is
 * its largest branch. O(N·p) per source ToR (cached), O(relays · p + members · hops) per tree.
 */
final class SplitterTrees {
  private final ShufflecastTopology t;
  private final Topology topo;
  private final RelayRules rules;
  private final MulticastDelivery delivery;
  private final int spt;
  private final int servers;
  private final int[] splitterLink; // ToR -> its link into its splitter
  private final int[] downLink; // server -> its ToR's link to it
  private final MulticastDelivery.Reach[] reach; // per source ToR, when used

  SplitterTrees(SplitterInstance in, Topology topo, RelayRules rules) {
    this.t = in.shufflecast();
    this.topo = topo;
    this.rules = rules;
    this.delivery = new MulticastDelivery(t);
    this.spt = in.serversPerTor();
    int n = t.tors();
    this.servers = n * spt;
    splitterLink = new int[n];
    downLink = new int[servers];
    for (int tor = 0; tor < n; tor++) {
      int node = servers + tor;
      for (int e = topo.firstLink(node); e < topo.firstLink(node + 1); e++) {
        int v = topo.target(e);
        if (v >= servers + n) {
          splitterLink[tor] = e;
        } else {
          downLink[v] = e;
        }
      }
    }
    reach = new MulticastDelivery.Reach[n];
  }

  /** The rules' one-to-all delivery from source ToR {@code tor}: its transmitters and hops. */
  MulticastDelivery.Reach reach(int tor) {
    if (reach[tor] == null) {
      reach[tor] = delivery.follow(rules, tor, null);
    }
    return reach[tor];
  }

  /** Adds to {@code out} the links lit by a multicast from server {@code src} to servers {@code members}. */
  void lit(int src, int[] members, BitSet out) {
    out.set(topo.firstLink(src));
    for (int u : reach(src / spt).transmitters()) {
      out.set(splitterLink[u]);
      int sp = splitterNode(u);
      out.set(topo.firstLink(sp), topo.firstLink(sp + 1));
    }
    for (int m : members) {
      out.set(downLink[m]);
    }
  }

  /** The flow engine's tree of a multicast from server {@code src} to {@code members}, packets of {@code packetBytes}. */
  FlowTrees.Tree tree(int src, int[] members, long packetBytes) {
    BitSet lit = new BitSet(topo.linkCount());
    lit(src, members, lit);
    long latency = 0;
    IntArrayList branch = new IntArrayList();
    for (int m : members) {
      branch.clear();
      branch(src, m, branch);
      long prop = 0;
      long ser = 0;
      long slowest = 0;
      for (int i = 0; i < branch.size(); i++) {
        int e = branch.getInt(i);
        prop += topo.delayPs(e);
        if (topo.source(e) < servers + t.tors()) { // a splitter output is passive: no serialization
          long hop = Math.round(packetBytes * 8e12 / topo.capacityBps(e));
          ser += hop;
          slowest = Math.max(slowest, hop);
        }
      }
      latency = Math.max(latency, prop + ser - slowest);
    }
    return new FlowTrees.Tree(lit.stream().toArray(), latency);
  }

  /** The links from server {@code src} to server {@code m} along the relays, in reverse order. */
  void branch(int src, int m, IntArrayList out) {
    int from = src / spt;
    int v = m / spt;
    MulticastDelivery.Reach r = reach(from);
    out.add(downLink[m]);
    while (v != from) {
      int u = parent(r, v);
      out.add(outputTo(u, v));
      out.add(splitterLink[u]);
      v = u;
    }
    out.add(topo.firstLink(src));
  }

  /** The transmitter one hop level before ToR {@code v} whose splitter feeds it. */
  private int parent(MulticastDelivery.Reach r, int v) {
    for (int q = 0; q < t.p(); q++) {
      int u = t.predecessor(v, q);
      if (r.hops()[u] == r.hops()[v] - 1 && (u == r.source() || rules.has(u, r.source()))) {
        return u;
      }
    }
    throw new IllegalStateException("ToR " + v + " is not reached from ToR " + r.source());
  }

  private int outputTo(int u, int v) {
    int sp = splitterNode(u);
    for (int e = topo.firstLink(sp); e < topo.firstLink(sp + 1); e++) {
      if (topo.target(e) == servers + v) {
        return e;
      }
    }
    throw new IllegalStateException("ToR " + v + " is not on the splitter of ToR " + u);
  }

  private int splitterNode(int tor) {
    return servers + t.tors() + tor;
  }
}
