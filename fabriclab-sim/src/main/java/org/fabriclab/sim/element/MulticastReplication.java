package org.fabriclab.sim.element;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.packet.Packets;

/**
 * Switch replication of IP multicast (Deering, "Host Extensions for IP Multicasting", RFC 1112,
 * §1 and §4: a host sends one datagram to a group address and the routers deliver it to every
 * member, copying it where the tree branches), with the forwarding state installed statically:
 * for each group and node of its tree, the ingress link the group arrives by, the egress links of
 * the tree at that node and whether a member there takes a copy. Membership is assumed in place
 * (no IGMP joins, no update latency) and there is no reliability: a lost copy stays lost.
 *
 * <p>A packet with group {@code g ≠ 0} at node {@code u}: when {@code (g, u)} has no entry it is
 * dropped; when it arrives by another ingress link than the entry's (ECMP paths of one source
 * that meet again after diverging reach the node twice) it is absorbed, so each tree link carries
 * each packet once; otherwise it is copied ({@link Network#copy}, keeping the ingress link for PFC
 * and the MMU) to every egress link of the entry, and a copy is delivered to the host stack when
 * the node is a member ({@link Network#deliverLocal}). A unicast packet (group 0) goes to {@code
 * next} — the default switch unless set. Bind one instance to every node of the trees (hosts
 * included: a member host delivers locally, a relaying server forwards).
 *
 * <p>State: one hash entry per (group, tree node), the egress links in one flat {@code int[]}.
 * O(1) expected lookup per packet plus O(egress links) copies, no allocation.
 */
public final class MulticastReplication implements SwitchElement {
  private final Long2IntOpenHashMap entryOf = new Long2IntOpenHashMap();
  private final SwitchElement next;
  private final IntArrayList inList = new IntArrayList();
  private final IntArrayList localList = new IntArrayList();
  private final IntArrayList startList = new IntArrayList(new int[] {0});
  private final IntArrayList outList = new IntArrayList();
  private int[] in;
  private int[] local;
  private int[] start;
  private int[] outs;

  /** Replication with unicast packets going to {@link SwitchElement#DEFAULT}. */
  public MulticastReplication() {
    this(SwitchElement.DEFAULT);
  }

  /** Replication with unicast packets going to {@code next}. */
  public MulticastReplication(SwitchElement next) {
    this.next = next;
    entryOf.defaultReturnValue(-1);
  }

  /**
   * Installs the state of group {@code group} (≠ 0) at {@code node}: packets arriving by {@code
   * inLink} (−1: injected by the node's own host, the group's source) are copied to {@code
   * outLinks} and, when {@code member}, delivered locally. Returns the entry's index (dense from
   * 0, in order of installation). One entry per (group, node).
   */
  public int install(int group, int node, int inLink, int[] outLinks, boolean member) {
    if (group == 0) {
      throw new IllegalArgumentException("group 0 is unicast");
    }
    long k = key(group, node);
    if (entryOf.containsKey(k)) {
      throw new IllegalArgumentException("group " + group + " already installed at node " + node);
    }
    int e = inList.size();
    entryOf.put(k, e);
    inList.add(inLink);
    localList.add(member ? 1 : 0);
    outList.addElements(outList.size(), outLinks);
    startList.add(outList.size());
    in = null;
    return e;
  }

  /** The entry of {@code (group, node)}, or −1 when none is installed. */
  public int entry(int group, int node) {
    return entryOf.get(key(group, node));
  }

  /** Entries installed. */
  public int entries() {
    return inList.size();
  }

  private static long key(int group, int node) {
    return ((long) group << 32) | (node & 0xFFFFFFFFL);
  }

  private void freeze() {
    in = inList.toIntArray();
    local = localList.toIntArray();
    start = startList.toIntArray();
    outs = outList.toIntArray();
  }

  @Override
  public void receive(Network net, int p, int node, int inLink) {
    Packets pk = net.packets();
    int g = pk.group(p);
    if (g == 0) {
      next.receive(net, p, node, inLink);
      return;
    }
    if (in == null) {
      freeze();
    }
    int e = entryOf.get(key(g, node));
    if (e < 0) {
      net.drop(p);
      return;
    }
    if (in[e] != inLink) {
      net.absorb(p);
      return;
    }
    int a = start[e];
    int b = start[e + 1];
    boolean member = local[e] != 0;
    if (a == b) {
      if (member) {
        net.deliverLocal(p, node);
      } else {
        net.absorb(p);
      }
      return;
    }
    if (member) {
      net.deliverLocal(net.copy(p), node);
    }
    for (int i = a; i < b - 1; i++) {
      net.forward(net.copy(p), outs[i]);
    }
    net.forward(p, outs[b - 1]);
  }
}
