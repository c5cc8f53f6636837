package org.fabriclab.shufflecast;

import java.util.Arrays;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.assembly.ElementBinding;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;

/**
 * The comparison network of the §V testbed (seed 000_9b2589b0d55d7b52.txt: "the 3rd OpenFlow
 * switch ... connects to the logical ToRs, creating a 2-layer full-bisection bandwidth network")
 * with IP multicast (§VI-A(a)): switch replication along the group's tree. The same ToRs and
 * servers as the Shufflecast instance; one core switch; each ToR's uplink carries
 * {@code serversPerTor ×} the server link rate (non-blocking). The source's ToR replicates to its
 * local members and, when any member is elsewhere, once up to the core; the core replicates once
 * to each other ToR with members; that ToR to its members. Membership is installed at once
 * (IGMP-snooped state is assumed in place: no update latency). Unicast (group 0) takes ECMP.
 * O(members under a switch) per packet.
 */
final class IpMulticastFabric implements MulticastFabric, SwitchElement {
  private static final int[] NONE = new int[0];
  private final int tors;
  private final int serversPerTor;
  private final int servers;
  private final int core;
  private int[] downLink;
  private int[] upLink;
  private int[] torUp;
  private int[] coreDown;
  private int[][] local = new int[0][];
  private int[][] coreOut = new int[0][];

  IpMulticastFabric(int tors, int serversPerTor) {
    this.tors = tors;
    this.serversPerTor = serversPerTor;
    this.servers = tors * serversPerTor;
    this.core = servers + tors;
  }

  @Override
  public Topology build(long capacityBps) {
    TopologyBuilder b = new TopologyBuilder("ip-multicast-core", "tors=" + tors, core + 1,
        4 * servers + 2 * tors);
    b.defaults(capacityBps, 1_000_000L);
    b.addNodes(NodeRole.SERVER, servers);
    b.addNodes(NodeRole.PACKET_SWITCH, tors + 1);
    for (int i = 0; i < servers; i++) {
      b.addCable(i, servers + i / serversPerTor);
    }
    for (int t = 0; t < tors; t++) {
      b.addCable(servers + t, core, capacityBps * serversPerTor, 1_000_000L);
    }
    Topology topo = b.build();
    downLink = new int[servers];
    upLink = new int[servers];
    torUp = new int[tors];
    coreDown = new int[tors];
    for (int e = 0; e < topo.linkCount(); e++) {
      int u = topo.source(e);
      int v = topo.target(e);
      if (u < servers) {
        upLink[u] = e;
      } else if (u < core && v < servers) {
        downLink[v] = e;
      } else if (u < core) {
        torUp[u - servers] = e;
      } else {
        coreDown[v - servers] = e;
      }
    }
    return topo;
  }

  @Override
  public ElementBinding binding() {
    return new ElementBinding((g, node) -> node <= core, (f, node) -> this);
  }

  /** IGMP-snooped state is assumed in place: no update latency. */
  @Override
  public long update(int group, int source, int[] before, int[] after) {
    return 0;
  }

  @Override
  public void install(int group, int source, int[] members) {
    int need = (group + 1) * tors;
    if (local.length < need) {
      local = Arrays.copyOf(local, Math.max(need, 2 * local.length));
    }
    if (coreOut.length <= group) {
      coreOut = Arrays.copyOf(coreOut, Math.max(group + 1, 2 * coreOut.length));
    }
    int[] count = new int[tors];
    for (int m : members) {
      count[m / serversPerTor]++;
    }
    int[] fill = new int[tors];
    int remote = 0;
    for (int t = 0; t < tors; t++) {
      local[group * tors + t] = new int[count[t]];
      if (count[t] > 0 && t != source / serversPerTor) {
        remote++;
      }
    }
    for (int m : members) {
      int t = m / serversPerTor;
      local[group * tors + t][fill[t]++] = downLink[m];
    }
    int[] out = new int[remote];
    int r = 0;
    for (int t = 0; t < tors; t++) {
      if (count[t] > 0 && t != source / serversPerTor) {
        out[r++] = coreDown[t];
      }
    }
    coreOut[group] = out;
  }

  @Override
  public void receive(Network net, int p, int node, int inLink) {
    Packets pk = net.packets();
    int group = pk.group(p);
    if (group == 0) {
      net.routeDefault(p, node);
      return;
    }
    if (node < servers) {
      if (inLink < 0) {
        net.forward(p, upLink[node]);
      } else {
        net.deliverLocal(p, node);
      }
      return;
    }
    int[] out;
    int extra = -1;
    if (node == core) {
      out = group < coreOut.length && coreOut[group] != null ? coreOut[group] : NONE;
    } else {
      int t = node - servers;
      int idx = group * tors + t;
      out = idx < local.length && local[idx] != null ? local[idx] : NONE;
      boolean fromServer = inLink >= 0 && net.topology().source(inLink) < servers;
      if (fromServer && group < coreOut.length && coreOut[group] != null
          && coreOut[group].length > 0) {
        extra = torUp[t];
      }
    }
    int last = extra;
    for (int link : out) {
      if (last >= 0) {
        net.forward(net.copy(p), last);
      }
      last = link;
    }
    if (last >= 0) {
      net.forward(p, last);
    } else {
      net.absorb(p);
    }
  }
}
