package org.fabriclab.gleam;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.graph.Topology;

/**
 * The Gleam multicast trees of an {@link HplWorkload}: every multicast transfer is one group
 * registered by {@link EnvelopeRegistration} (Alg. 4, seed 002 Appendix A; one registration for
 * all groups, so group-level load balancing spreads them), and its tree is read back from the
 * switches' tables: from the source's first-hop switch, every entry but the ingress port, down to
 * the receivers. The flow-level run puts a transfer on exactly these links, the packet-level run
 * forwards by the same tables, so both engines use the same trees.
 *
 * <p>QPNs: transfer {@code t}'s source QP is {@code qpBase(t)}, receiver {@code k}'s
 * {@code qpBase(t) + 1 + k} (the packet run creates QPs in this order). Cost: registration (one
 * BFS per member) plus O(tree links) per group.
 */
final class HplTrees {
  final EnvelopeRegistration registration;
  final int[][] links;
  final int[] depth;
  final int[] qpBase;

  private HplTrees(EnvelopeRegistration reg, int[][] links, int[] depth, int[] qpBase) {
    this.registration = reg;
    this.links = links;
    this.depth = depth;
    this.qpBase = qpBase;
  }

  static HplTrees register(Topology topo, HplWorkload w) {
    int n = w.size();
    EnvelopeRegistration reg = new EnvelopeRegistration(topo, n, 0);
    int[] qpBase = new int[n];
    int q = 0;
    for (int t = 0; t < n; t++) {
      qpBase[t] = q;
      if (w.barrier(t)) {
        continue;
      }
      int srcNode = topo.server(w.src(t));
      List<GroupMember> members = new ArrayList<>();
      members.add(new GroupMember(srcNode, q++));
      for (int d : w.dsts(t)) {
        members.add(new GroupMember(topo.server(d), q++));
      }
      reg.register(GleamAddresses.groupIp(t), srcNode, members, 0);
    }
    int[][] links = new int[n][];
    int[] depth = new int[n];
    for (int t = 0; t < n; t++) {
      if (w.barrier(t)) {
        links[t] = new int[0];
        continue;
      }
      IntArrayList acc = new IntArrayList();
      int first = topo.firstLink(topo.server(w.src(t)));
      acc.add(first);
      depth[t] = walk(topo, reg, GleamAddresses.groupIp(t), topo.target(first),
          topo.port(topo.reverse(first)), acc, 1);
      links[t] = acc.toIntArray();
    }
    return new HplTrees(reg, links, depth, qpBase);
  }

  /** Adds the tree links below {@code sw} (entered by {@code ingress}); returns the deepest hop count. */
  private static int walk(Topology topo, EnvelopeRegistration reg, int groupIp, int sw, int ingress,
      IntArrayList acc, int hops) {
    MulticastForwardingTable table = reg.table(sw);
    int g = table == null ? -1 : table.slot(groupIp);
    if (g < 0) {
      throw new IllegalStateException("switch " + sw + " on a tree has no table for the group");
    }
    int deepest = hops;
    for (int k = 0; k < table.entryCount(g); k++) {
      int port = table.entryPort(g, k);
      if (port == ingress) {
        continue;
      }
      int link = topo.link(sw, port);
      acc.add(link);
      int v = topo.target(link);
      deepest = Math.max(deepest, topo.isServer(v) ? hops + 1
          : walk(topo, reg, groupIp, v, topo.port(topo.reverse(link)), acc, hops + 1));
    }
    return deepest;
  }
}
