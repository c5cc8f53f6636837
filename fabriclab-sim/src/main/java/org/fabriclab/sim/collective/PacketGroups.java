package org.fabriclab.sim.collective;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.BitSet;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.element.MulticastReplication;
import org.fabriclab.sim.element.StreamAggregation;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.host.EgressSource;
import org.fabriclab.sim.host.NicScheduler;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;

/**
 * The multicast and aggregation nodes of a {@link CollectiveSchedule} on the packet engine, on the
 * trees {@link FlowCollective} uses: a node's tree is the union of the hashed ECMP paths ({@link
 * org.fabriclab.sim.flow.FlowLevelSimulation#path}, the node's index among the messages as flow
 * id) from its sender to its receivers, or from its sources to its destination ({@link
 * GroupTrees}). Switches replicate a multicast along its tree (IP multicast, RFC 1112: {@link
 * MulticastReplication}) and combine an aggregation's streams on theirs (SHARP, Graham et al.,
 * COMHPC 2016: {@link StreamAggregation}); the element is bound to every node of some tree only,
 * so the other nodes keep the inlined default switch.
 *
 * <p>Senders: a multicast's source and each source of an aggregation send the node's bytes as
 * packets of the {@link Framing} (group field: the node's slot + 1), one packet whenever their
 * host's NIC is ready ({@link NicScheduler}: line rate, held back by PFC pauses), with no
 * transport (no acknowledgements, no retransmission). Receivers count payload bytes: a multicast
 * completes when every receiver holds all of it, an aggregation when its destination holds every
 * combined packet. A lost packet is never repaired, so its node never completes (the run reports
 * the JCT as unknown and ends when its events run out).
 *
 * <p>Build O(receivers · hops) per node; the run allocates nothing per packet: senders, counters
 * and the forwarding state are primitive arrays and hash tables filled before it starts.
 */
final class PacketGroups implements EgressSource, GroupCarrier {
  private final CollectiveSchedule s;
  private final Network net;
  private final NicScheduler nics;
  private final Framing framing;
  private final GroupBinding.Done done;
  private final int mcastKind;
  private final int aggKind;
  private final int[] slotOf; // schedule node -> slot (-1: not a group node)
  private final int[] nodeOf; // slot -> schedule node
  private final int[] flowOf; // slot -> its message index (the ECMP hash id of its tree)
  private final long[] packetsOf;
  private final int[] senderStart; // slot -> its senders [senderStart[s], senderStart[s + 1])
  private final int[] senderSlot;
  private final int[] senderNode;
  private final int[] senderDst;
  private final long[] senderNext;
  private final int[] handle;
  private final Long2IntOpenHashMap counterOf = new Long2IntOpenHashMap(); // (slot, host node)
  private final long[] got; // payload bytes per counter
  private final int[] counterSlot;
  private final int[] waiting; // slot -> receivers not yet complete
  private final long wireBytes;
  private final BitSet used;

  PacketGroups(CollectiveSchedule s, Topology topo, EcmpTable ecmp, int[] hostOfRank, long hashSeed,
      Network net, NicScheduler nics, Framing framing, GroupBinding.Done done) {
    this.s = s;
    this.net = net;
    this.nics = nics;
    this.framing = framing;
    this.done = done;
    int n = s.size();
    slotOf = new int[n];
    int slots = 0;
    int senders = 0;
    int counters = 0;
    for (int v = 0; v < n; v++) {
      CollectiveSchedule.Kind k = s.kind(v);
      boolean group = k == CollectiveSchedule.Kind.MULTICAST || k == CollectiveSchedule.Kind.AGGREGATE;
      slotOf[v] = group ? slots++ : -1;
      if (group) {
        senders += k == CollectiveSchedule.Kind.MULTICAST ? 1 : s.sources(v).length;
        counters += k == CollectiveSchedule.Kind.MULTICAST ? s.receivers(v).length : 1;
      }
    }
    nodeOf = new int[slots];
    flowOf = new int[slots];
    packetsOf = new long[slots];
    senderStart = new int[slots + 1];
    senderSlot = new int[senders];
    senderNode = new int[senders];
    senderDst = new int[senders];
    senderNext = new long[senders];
    handle = new int[senders];
    got = new long[counters];
    counterSlot = new int[counters];
    waiting = new int[slots];
    counterOf.defaultReturnValue(-1);
    int first = net.kinds().register("collective", this::deliver, "MULTICAST", "AGGREGATE");
    mcastKind = first;
    aggKind = first + 1;
    MulticastReplication mc = new MulticastReplication();
    StreamAggregation agg = new StreamAggregation(topo, aggKind, mc);
    GroupTrees trees = new GroupTrees(topo, ecmp, hashSeed, mc, agg);
    int message = 0;
    int sn = 0;
    int ctr = 0;
    for (int v = 0; v < n; v++) {
      CollectiveSchedule.Kind k = s.kind(v);
      int slot = slotOf[v];
      if (slot < 0) {
        message += k == CollectiveSchedule.Kind.STEP ? 0 : 1;
        continue;
      }
      nodeOf[slot] = v;
      flowOf[slot] = message++;
      packetsOf[slot] = framing.packets(s.bytes(v));
      senderStart[slot] = sn;
      int self = topo.server(hostOfRank[s.rank(v)]);
      int[] others = s.receivers(v);
      int[] ends = new int[others.length];
      for (int i = 0; i < ends.length; i++) {
        ends[i] = topo.server(hostOfRank[others[i]]);
      }
      if (k == CollectiveSchedule.Kind.MULTICAST) {
        trees.multicast(slot + 1, flowOf[slot], self, ends);
        senderSlot[sn] = slot;
        senderNode[sn] = self;
        senderDst[sn++] = self;
        for (int d : ends) {
          counterSlot[ctr] = slot;
          counterOf.put(key(slot, d), ctr++);
        }
        waiting[slot] = ends.length;
      } else {
        trees.aggregate(slot + 1, flowOf[slot], ends, self);
        for (int src : ends) {
          senderSlot[sn] = slot;
          senderNode[sn] = src;
          senderDst[sn++] = self;
        }
        counterSlot[ctr] = slot;
        counterOf.put(key(slot, self), ctr++);
        waiting[slot] = 1;
      }
    }
    senderStart[slots] = sn;
    for (int i = 0; i < sn; i++) {
      handle[i] = nics.register(this, i, senderNode[i]);
    }
    wireBytes = trees.wireBytes(s, slotOf);
    used = trees.usedLinks();
    SwitchElement e = trees.anyAggregation() ? agg : mc;
    BitSet nodes = trees.treeNodes();
    for (int u = nodes.nextSetBit(0); u >= 0; u = nodes.nextSetBit(u + 1)) {
      net.setElement(u, e);
    }
  }

  private static long key(int slot, int node) {
    return ((long) slot << 32) | (node & 0xFFFFFFFFL);
  }

  /** True when schedule node {@code v} is a multicast or an aggregation (run here). */
  @Override
  public boolean handles(int v) {
    return slotOf[v] >= 0;
  }

  /** Starts group node {@code v}: its senders join their NICs' rings. */
  @Override
  public void start(int v) {
    int slot = slotOf[v];
    for (int i = senderStart[slot]; i < senderStart[slot + 1]; i++) {
      nics.activate(handle[i]);
    }
  }

  @Override
  public long poll(int id, long nowPs) {
    int slot = senderSlot[id];
    long seq = senderNext[id];
    if (seq >= packetsOf[slot]) {
      return IDLE;
    }
    senderNext[id] = seq + 1;
    int v = nodeOf[slot];
    long left = s.bytes(v) - seq * framing.payloadBytes();
    int payload = (int) Math.min(framing.payloadBytes(), left);
    boolean mcast = s.kind(v) == CollectiveSchedule.Kind.MULTICAST;
    Packets pk = net.packets();
    int p = pk.allocate(flowOf[slot], mcast ? mcastKind : aggKind, (int) seq, payload + framing.headerBytes(),
        senderNode[id], senderDst[id], nowPs);
    pk.setPayload(p, payload);
    pk.setGroup(p, slot + 1);
    net.send(p);
    return SENT;
  }

  private void deliver(int p, int node) {
    Packets pk = net.packets();
    int slot = pk.group(p) - 1;
    int c = counterOf.get(key(slot, node));
    if (c >= 0) {
      long want = s.bytes(nodeOf[slot]);
      long before = got[c];
      got[c] = before + pk.payload(p);
      if (before < want && got[c] >= want && --waiting[slot] == 0) {
        done.completed(nodeOf[slot], net.simulator().now());
      }
    }
    pk.free(p);
  }

  /** Payload bytes times the tree links they cross, over every group node. */
  @Override
  public long wireBytes() {
    return wireBytes;
  }

  /** Directed links on some group node's tree. */
  @Override
  public BitSet usedLinks() {
    return used;
  }
}
