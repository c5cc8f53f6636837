package org.fabriclab.shufflecast.dataplane;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.BitSet;
import org.fabriclab.graph.Topology;
import org.fabriclab.shufflecast.RelayRules;
import org.fabriclab.shufflecast.ShufflecastRelayElement;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.Framing;
import org.fabriclab.sim.collective.GroupBinding;
import org.fabriclab.sim.collective.GroupCarrier;
import org.fabriclab.sim.host.EgressSource;
import org.fabriclab.sim.host.NicScheduler;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;

/**
 * The multicast nodes of a schedule on the Shufflecast data plane (seed 000_9b2589b0d55d7b52.txt
 * §III-A3, §III-B, §V): every ToR and server runs {@link ShufflecastRelayElement} with the static
 * relay rules of Algorithm 1, the splitters are the engine's passive {@code SplitterElement}. A
 * multicast node is group {@code slot + 1}; its ToR-to-server rules (the members under each ToR)
 * are installed before the run starts — the controller's 0.6 ms rule update (§VI-B(a)) belongs to
 * setting up the communicator, not to the collective. Its source ToR sends each packet once into
 * its splitter, every relay of that source ToR once into its own, each ToR hands it to the group's
 * servers under it.
 *
 * <p>Sender: the unreliable sender of the paper's line-rate measurement (§VI-A(a), Fig. 6(a); the
 * UDP sender of {@code PacedRun}): the source puts one packet of the {@link Framing} on the wire
 * each time its NIC is free ({@link NicScheduler}, so it shares the NIC with the schedule's other
 * messages), no acknowledgement, no retransmission. A member completes when it holds all payload
 * bytes, the node when every member has; a lost packet leaves the node (and the JCT) unfinished.
 * Setup O(relays · p + members) per node; nothing is allocated per packet.
 */
final class SplitterCarrier implements GroupCarrier, EgressSource {
  private final CollectiveSchedule s;
  private final Network net;
  private final NicScheduler nics;
  private final Framing framing;
  private final GroupBinding.Done done;
  private final int kind;
  private final int[] slotOf; // node -> slot (-1: not a multicast)
  private final int[] nodeOf; // slot -> node
  private final int[] flowOf; // slot -> its index among the messages
  private final int[] srcOf; // slot -> source server node
  private final int[] handle; // slot -> its sender's NIC handle
  private final long[] next; // slot -> next packet to send
  private final long[] packets;
  private final Long2IntOpenHashMap counterOf = new Long2IntOpenHashMap(); // (slot, server)
  private final long[] got;
  private final int[] waiting;
  private final long wireBytes;
  private final BitSet used;

  SplitterCarrier(GroupBinding.Context ctx, SplitterInstance in, RelayRules rules) {
    s = ctx.schedule();
    Topology topo = ctx.topology();
    net = ctx.simulation().network();
    nics = ctx.simulation().nics();
    framing = ctx.framing();
    done = ctx.done();
    int n = s.size();
    slotOf = new int[n];
    int slots = 0;
    int members = 0;
    for (int v = 0; v < n; v++) {
      CollectiveSchedule.Kind k = s.kind(v);
      if (k == CollectiveSchedule.Kind.AGGREGATE) {
        throw new IllegalArgumentException("optical splitters replicate; they cannot aggregate (node " + v + ")");
      }
      slotOf[v] = k == CollectiveSchedule.Kind.MULTICAST ? slots++ : -1;
      members += k == CollectiveSchedule.Kind.MULTICAST ? s.receivers(v).length : 0;
    }
    nodeOf = new int[slots];
    flowOf = new int[slots];
    srcOf = new int[slots];
    handle = new int[slots];
    next = new long[slots];
    packets = new long[slots];
    got = new long[members];
    waiting = new int[slots];
    counterOf.defaultReturnValue(-1);
    kind = net.kinds().register("splitter", this::deliver, "MULTICAST");
    int spt = in.serversPerTor();
    ShufflecastRelayElement element = new ShufflecastRelayElement(in.shufflecast(), topo, spt, rules);
    SplitterTrees trees = new SplitterTrees(in, topo, rules);
    used = new BitSet(topo.linkCount());
    BitSet lit = new BitSet(topo.linkCount());
    long wire = 0;
    int message = 0;
    int ctr = 0;
    int[] count = new int[in.shufflecast().tors()];
    for (int v = 0; v < n; v++) {
      int slot = slotOf[v];
      if (slot < 0) {
        message += s.kind(v) == CollectiveSchedule.Kind.STEP ? 0 : 1;
        continue;
      }
      nodeOf[slot] = v;
      flowOf[slot] = message++;
      srcOf[slot] = topo.server(ctx.hostOfRank()[s.rank(v)]);
      packets[slot] = framing.packets(s.bytes(v));
      int[] rs = s.receivers(v);
      int[] servers = new int[rs.length];
      java.util.Arrays.fill(count, 0);
      for (int i = 0; i < rs.length; i++) {
        servers[i] = topo.server(ctx.hostOfRank()[rs[i]]);
        count[servers[i] / spt]++;
        counterOf.put(key(slot, servers[i]), ctr++);
      }
      waiting[slot] = rs.length;
      // the ToR-to-server rule of each ToR with members: its member servers
      int[][] under = new int[count.length][];
      for (int tor = 0; tor < count.length; tor++) {
        under[tor] = new int[count[tor]];
        count[tor] = 0;
      }
      for (int m : servers) {
        under[m / spt][count[m / spt]++] = m;
      }
      for (int tor = 0; tor < under.length; tor++) {
        if (under[tor].length > 0) {
          element.install(slot + 1, tor, under[tor]);
        }
      }
      lit.clear();
      trees.lit(srcOf[slot], servers, lit);
      wire += s.bytes(v) * lit.cardinality();
      used.or(lit);
    }
    wireBytes = wire;
    ctx.simulation().fabric().bind(element.binding());
    for (int slot = 0; slot < slots; slot++) {
      handle[slot] = nics.register(this, slot, srcOf[slot]);
    }
  }

  private static long key(int slot, int server) {
    return ((long) slot << 32) | (server & 0xFFFFFFFFL);
  }

  @Override
  public boolean handles(int node) {
    return slotOf[node] >= 0;
  }

  @Override
  public void start(int node) {
    nics.activate(handle[slotOf[node]]);
  }

  @Override
  public long poll(int slot, long nowPs) {
    long seq = next[slot];
    if (seq >= packets[slot]) {
      return IDLE;
    }
    next[slot] = seq + 1;
    int v = nodeOf[slot];
    int payload = (int) Math.min(framing.payloadBytes(), s.bytes(v) - seq * framing.payloadBytes());
    Packets pk = net.packets();
    int p = pk.allocate(flowOf[slot], kind, (int) seq, payload + framing.headerBytes(), srcOf[slot], srcOf[slot],
        nowPs);
    pk.setPayload(p, payload);
    pk.setGroup(p, slot + 1);
    net.send(p);
    return SENT;
  }

  private void deliver(int p, int node) {
    Packets pk = net.packets();
    int slot = pk.group(p) - 1;
    int c = slot >= 0 ? counterOf.get(key(slot, node)) : -1;
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

  /** Payload bytes times the links each multicast lights (every splitter output of its relays). */
  @Override
  public long wireBytes() {
    return wireBytes;
  }

  @Override
  public BitSet usedLinks() {
    return used;
  }
}
