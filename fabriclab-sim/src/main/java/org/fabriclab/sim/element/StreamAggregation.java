package org.fabriclab.sim.element;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.packet.Packets;

/**
 * Streaming in-network aggregation as Mellanox SHARP performs it (Graham et al., "Scalable
 * Hierarchical Aggregation Protocol (SHArP): A Hardware Architecture for Efficient Data
 * Reduction", COMHPC 2016, §III-B/C: each aggregation node combines the matching fragments of its
 * children and sends one result up the reduction tree): at each node of an aggregation's tree,
 * the {@code i}-th packet of the aggregation goes upstream once the node holds the {@code i}-th
 * packet of every child, as one packet of the same size (the combined payload); the children's
 * other copies are absorbed ({@link Network#absorb}). A child is an ingress link of the tree at
 * the node, or the node's own host injecting (a source rank there). The root entry delivers its
 * combined packets to its host stack ({@link Network#deliverLocal}).
 *
 * <p>Decisions. The node keeps counts, not payloads: per child the packets received, per entry
 * the packets sent up and the children that already hold the next one — primitive arrays, O(1)
 * per packet plus O(children) per combined packet. A child's stream arrives in order (one path,
 * FIFO links); a lost packet leaves its child's count behind for good, so the aggregation stalls
 * and never completes (no reliability, as {@link MulticastReplication}). The aggregation buffer is
 * not modelled as finite: a child that runs ahead is not held back by a slow sibling; the senders
 * are paced by their NICs and the forwarded stream by the ports' PFC (a lossless fabric).
 *
 * <p>Handles the packets of its own {@code kind} (their group field names the aggregation, ≠ 0);
 * every other packet goes to {@code next}. One hash entry per (aggregation, child).
 */
public final class StreamAggregation implements SwitchElement {
  private final int kind;
  private final int links;
  private final SwitchElement next;
  private final Long2IntOpenHashMap childOf = new Long2IntOpenHashMap();
  private final IntArrayList childEntryList = new IntArrayList();
  private final IntArrayList outList = new IntArrayList();
  private final IntArrayList firstChildList = new IntArrayList(new int[] {0});
  private int[] childEntry;
  private int[] firstChild;
  private int[] outLink;
  private int[] received;
  private int[] sent;
  private int[] ready;

  /** Aggregates packets of {@code kind} on {@code topo}; other packets go to {@code next}. */
  public StreamAggregation(Topology topo, int kind, SwitchElement next) {
    this.kind = kind;
    this.links = topo.linkCount();
    this.next = next;
    childOf.defaultReturnValue(-1);
  }

  /**
   * Installs aggregation {@code group} (≠ 0) at {@code node}: its children arrive by the links
   * {@code childLinks} (−1: the node's own host injects), the combined stream leaves by {@code
   * outLink} (−1: delivered to the node's host, the aggregation's root). Returns the entry.
   */
  public int install(int group, int node, int[] childLinks, int outLink) {
    if (group == 0 || childLinks.length == 0) {
      throw new IllegalArgumentException("group " + group + " with " + childLinks.length + " children");
    }
    int e = outList.size();
    for (int c : childLinks) {
      long k = key(group, arrival(c, node));
      if (childOf.containsKey(k)) {
        throw new IllegalArgumentException("group " + group + ": child link " + c + " listed twice");
      }
      childOf.put(k, childEntryList.size());
      childEntryList.add(e);
    }
    outList.add(outLink);
    firstChildList.add(childEntryList.size());
    childEntry = null;
    return e;
  }

  /** Combined packets entry {@code e} has sent up (or delivered, at the root). */
  public int sent(int e) {
    return sent == null ? 0 : sent[e];
  }

  private int arrival(int inLink, int node) {
    return inLink >= 0 ? inLink : links + node;
  }

  private static long key(int group, int arrival) {
    return ((long) group << 32) | (arrival & 0xFFFFFFFFL);
  }

  private void freeze() {
    childEntry = childEntryList.toIntArray();
    firstChild = firstChildList.toIntArray();
    outLink = outList.toIntArray();
    int[] r = new int[childEntry.length];
    int[] s = new int[outLink.length];
    int[] y = new int[outLink.length];
    if (received != null) { // installed after the run began: keep the counts so far
      System.arraycopy(received, 0, r, 0, received.length);
      System.arraycopy(sent, 0, s, 0, sent.length);
      System.arraycopy(ready, 0, y, 0, ready.length);
    }
    received = r;
    sent = s;
    ready = y;
  }

  @Override
  public void receive(Network net, int p, int node, int inLink) {
    Packets pk = net.packets();
    if (pk.kind(p) != kind) {
      next.receive(net, p, node, inLink);
      return;
    }
    if (childEntry == null) {
      freeze();
    }
    int c = childOf.get(key(pk.group(p), arrival(inLink, node)));
    if (c < 0) {
      net.drop(p);
      return;
    }
    int e = childEntry[c];
    if (received[c]++ == sent[e]) {
      ready[e]++;
    }
    int a = firstChild[e];
    int b = firstChild[e + 1];
    if (ready[e] < b - a) {
      net.absorb(p);
      return;
    }
    int s = ++sent[e];
    int y = 0;
    for (int i = a; i < b; i++) {
      y += received[i] > s ? 1 : 0;
    }
    ready[e] = y;
    int out = outLink[e];
    if (out < 0) {
      net.deliverLocal(p, node);
    } else {
      net.forward(p, out);
    }
  }
}
