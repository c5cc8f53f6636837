package org.fabriclab.shufflecast;

import java.util.Arrays;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.assembly.ElementBinding;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;

/**
 * The Shufflecast ToR data plane (seed 000_9b2589b0d55d7b52.txt §III-A3, §III-B, §V): bound to
 * every ToR and every server of a topology built by {@link ShufflecastTopology#build} (full
 * instance, one physical ToR per logical ToR). A multicast packet (group ≠ 0) carries its source
 * server in {@code src}; its source ToR is {@code src / serversPerTor}.
 * <ul>
 *   <li>A server injecting a multicast packet sends it on its only uplink; a server receiving one
 *       hands it to its host stack.
 *   <li>The source ToR (packet from one of its servers) delivers it to the group's other members
 *       under it and transmits it once into its own 1:p splitter.
 *   <li>Any other ToR (packet from a splitter) delivers it to the group's members under it, and
 *       re-transmits it into its splitter iff it holds the static relay rule for the source ToR
 *       ({@link RelayRules}, Algorithm 1). A ToR with neither members nor rule discards it
 *       (counted as absorbed); so does the source ToR when its own packet comes back.
 * </ul>
 * The splitter itself is the engine's {@code SplitterElement}: one transmission reaches all p
 * successors after the fibre delay. Under Algorithm 1 every ToR receives each packet of a source
 * exactly once (a column's relays form one partition, which feeds each ToR of the next column
 * once, §III-A1), so no per-packet duplicate suppression is kept; after Algorithm 2
 * recovery ({@link #setRules}) a ToR can be fed twice and then relays both copies (the transport
 * discards duplicates); a packet is never relayed beyond the 3k − 1 splitter hops of recovered
 * routes (§VI-C(b)), which bounds any loop. A failed ToR ({@link #fail}) drops every multicast
 * packet; unicast (the feedback of the transports, standing for the unicast core) is unaffected.
 *
 * <p>The ToR-to-server rules are the controller's ({@link ShufflecastController}); they are
 * installed here with {@link #install}, per (group, ToR) as the list of member servers. Unicast
 * packets (group 0) take the engine's default routing. O(members under the ToR + 1) per packet;
 * no allocation per packet (copies come from the packet pool).
 */
public final class ShufflecastRelayElement implements SwitchElement {
  private static final int[] NONE = new int[0];

  private final ShufflecastTopology t;
  private RelayRules rules;
  private final boolean[] failed;
  private final int maxRelayHops;
  private final int serversPerTor;
  private final int servers;
  private final int firstTor;
  private final int[] splitterLink;
  private final int[] downLink;
  private final int[] upLink;
  private int[][] local = new int[0][];

  /**
   * @param shufflecast the instance (must have one physical ToR per logical ToR)
   * @param topo the topology {@code shufflecast.build(serversPerTor)} produced
   * @param rules the static relay rules installed on every ToR
   */
  public ShufflecastRelayElement(ShufflecastTopology shufflecast, Topology topo, int serversPerTor,
      RelayRules rules) {
    if (shufflecast.physicalTors() != shufflecast.tors()) {
      throw new IllegalArgumentException("the data plane needs one physical ToR per logical ToR");
    }
    this.t = shufflecast;
    this.rules = rules;
    this.failed = new boolean[shufflecast.tors()];
    // engine hops at a ToR j splitter hops from the source: 1 (server uplink) + 2j
    this.maxRelayHops = 1 + 2 * (3 * shufflecast.k() - 1);
    this.serversPerTor = serversPerTor;
    int tors = shufflecast.tors();
    this.servers = tors * serversPerTor;
    this.firstTor = servers;
    int firstSplitter = servers + tors;
    splitterLink = new int[tors];
    downLink = new int[servers];
    upLink = new int[servers];
    Arrays.fill(splitterLink, -1);
    for (int tor = 0; tor < tors; tor++) {
      int node = firstTor + tor;
      for (int e = topo.firstLink(node); e < topo.firstLink(node + 1); e++) {
        int v = topo.target(e);
        if (v >= firstSplitter) {
          splitterLink[tor] = e;
        } else if (v < servers) {
          downLink[v] = e;
        }
      }
    }
    for (int s = 0; s < servers; s++) {
      upLink[s] = topo.firstLink(s);
    }
  }

  /**
   * This element on every ToR and server (nodes {@code 0..servers + ToRs − 1}): Shufflecast's relay
   * ToRs as a binding of a fabric description (docs/design-notes.md, "Assembly"); the splitters
   * are the engine's own binding.
   */
  public ElementBinding binding() {
    int end = servers + t.tors();
    return new ElementBinding((g, node) -> node < end, (f, node) -> this);
  }

  /** The link from ToR {@code tor} into its splitter (its splitter transmitter). */
  public int splitterLink(int tor) {
    return splitterLink[tor];
  }

  /** The node id of ToR {@code tor}. */
  public int torNode(int tor) {
    return firstTor + tor;
  }

  /**
   * Installs the ToR-to-server rule of {@code group} (≥ 1) on ToR {@code tor}: its member servers
   * (global server ids, all under that ToR); an empty array removes the rule.
   */
  public void install(int group, int tor, int[] memberServers) {
    int idx = group * t.tors() + tor;
    if (idx >= local.length) {
      local = Arrays.copyOf(local, Math.max(idx + 1, local.length * 2));
    }
    int[] links = new int[memberServers.length];
    for (int i = 0; i < links.length; i++) {
      int s = memberServers[i];
      if (s / serversPerTor != tor) {
        throw new IllegalArgumentException("server " + s + " is not under ToR " + tor);
      }
      links[i] = downLink[s];
    }
    local[idx] = links;
  }

  /**
   * Replaces the relay rules on every ToR (the controller installs Algorithm 2's recovered rules,
   * §III-C1). From now on every ToR relays a source's packet by the new rules; a ToR that receives
   * a packet of one source twice (possible after recovery: a moved rule can give a ToR two relay
   * predecessors) relays both copies, and each member server may then get duplicates, which the
   * transport discards.
   */
  public void setRules(RelayRules r) {
    this.rules = r;
  }

  /**
   * ToR {@code tor} fails (§III-C1: its transceiver, fibre or splitter): from now on it neither
   * receives nor transmits; every packet reaching it, and every packet its servers inject, is
   * dropped.
   */
  public void fail(int tor) {
    failed[tor] = true;
  }

  private int[] members(int group, int tor) {
    int idx = group * t.tors() + tor;
    int[] m = idx < local.length ? local[idx] : null;
    return m == null ? NONE : m;
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
      if (failed[node / serversPerTor]) {
        net.drop(p);
        return;
      }
      if (inLink < 0) {
        net.forward(p, upLink[node]);
      } else {
        net.deliverLocal(p, node);
      }
      return;
    }
    int tor = node - firstTor;
    if (failed[tor]) {
      net.drop(p);
      return;
    }
    int srcServer = pk.src(p);
    int srcTor = srcServer / serversPerTor;
    int[] out = members(group, tor);
    boolean fromOwnServer = inLink >= 0 && net.topology().source(inLink) < servers;
    boolean relay;
    int skip = -1;
    if (fromOwnServer) {
      relay = true;
      skip = downLink[srcServer];
    } else {
      // the hop bound 3k − 1 of recovered routes (§VI-C(b)) also stops any relay loop
      relay = tor != srcTor && rules.has(tor, srcTor) && pk.hops(p) < maxRelayHops;
      if (tor == srcTor) {
        out = NONE;
      }
    }
    int last = relay ? splitterLink[tor] : -1;
    for (int link : out) {
      if (link == skip) {
        continue;
      }
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
