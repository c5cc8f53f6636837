package org.fabriclab.gleam.dataplane;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.gleam.EnvelopeRegistration;
import org.fabriclab.gleam.EnvelopeSend;
import org.fabriclab.gleam.GleamAddresses;
import org.fabriclab.gleam.GleamSwitchElement;
import org.fabriclab.gleam.GroupMember;
import org.fabriclab.gleam.QpGroupIndex;
import org.fabriclab.gleam.Registration;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.assembly.ElementBinding;
import org.fabriclab.sim.assembly.Fabric;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.GroupBinding;
import org.fabriclab.sim.collective.GroupCarrier;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.RdmaCompletions;
import org.fabriclab.sim.transport.rocev2.Rocev2Transport;
import org.fabriclab.units.Time;

/**
 * The multicasts of a {@link CollectiveSchedule} carried as Gleam carries them (seed 002 §3): each
 * multicast node is a Gleam group of its own (GroupIP {@code 239.0.0.j} for the {@code j}-th
 * multicast), its sender posts the message once on one RC queue pair, every receiver has a
 * receive-only RC queue pair with one receive work request for it, and the switches of the group's
 * tree are {@link GleamSwitchElement}s: they replicate the data and rewrite its headers to each
 * receiver's QP (§3.3, Alg. 1), aggregate the receivers' ACKs and filter their NACKs into one
 * feedback stream to the sender (§3.4, Alg. 2/3) and pass only the most congested branch's CNPs
 * (§3.5). End hosts run the engine's unmodified RoCEv2 RC: PSNs, go-back-N, ACK coalescing, NACKs,
 * the retransmission timeout and DCQCN.
 *
 * <p><b>Completion</b>: a multicast node completes at its sender's send completion, when the
 * aggregated ACK of the last PSN reaches the sender's QP. Each aggregated ACK a switch forwards
 * confirms that every receiver below it holds the data up to that PSN (§3.4, "Handle ACK"), so at
 * that moment every receiver holds the whole message, and it is the moment the application learns
 * it (the CQE; §5's MPI_Bcast JCT and IO latency count to it). It is later than the last
 * receiver's last byte by the aggregated ACK's way back, which {@code gleam bcast}'s default
 * harness ({@code org.fabriclab.gleam.PacketBcast}) stops before; {@code
 * org.fabriclab.gleam.PacketGroupBcast} stops at the same send completion.
 *
 * <p><b>Trees</b>: Gleam's own. Each group's tables come from the envelope registration (Alg. 4,
 * Appendix A, {@link EnvelopeRegistration}, computed, not timed: registration precedes the data), one
 * registration for all of the schedule's groups, so its group-level load balancing spreads them
 * over the fabric. These are shortest-path trees like the flow engine's hashed ECMP trees, but a
 * switch reuses a port already forwarding for the group, so a tree may use other (and fewer)
 * links than the ECMP union; on a single switch they are the same.
 *
 * <p><b>Transport sharing</b>: the schedule's unicast transfers run on the run's own trace-mode
 * transport ({@code PacketCollective}); the groups get a second {@link Rocev2Transport}, in
 * application mode, on the same network and the same NIC schedulers ({@link
 * PacketSimulation#nics()}), with the run's RC settings when the run is RoCEv2. Its four packet kinds
 * are a block of their own in the network's registry ({@link Rocev2Transport#kinds()}), so its QPNs
 * (numbered from 0, as the trace transport's) never meet the other transport's: a Gleam element
 * treats a packet as a group's only when its kind is this transport's and its QPN is bound there;
 * every other packet takes the default route. The hosts' NICs interleave both transports' queue pairs.
 *
 * <p>Build O(groups · members · BFS) for the registration; the run allocates nothing per packet
 * (the engine's pool; the QP, work-request and table state are arrays filled here).
 */
final class GleamCarrier implements GroupCarrier, RdmaCompletions {
  /** The CNP filter's aging period (§3.5), as in {@code gleam bcast}. */
  static final long CNP_AGING_PS = Time.us(50);

  private final CollectiveSchedule s;
  private final GroupBinding.Done done;
  private final Rocev2Transport t;
  private final int[] slotOf; // schedule node -> group slot (-1: not a multicast)
  private final int[] nodeOf; // slot -> schedule node
  private final int[] senderQp; // slot -> the sender's QPN
  private final long[] packetsOf;
  private final int payloadBytes;
  private final long wireBytes;
  private final BitSet used;
  private long postedPackets;

  GleamCarrier(GroupBinding.Context ctx) {
    s = ctx.schedule();
    done = ctx.done();
    Topology topo = ctx.topology();
    PacketSimulation ps = ctx.simulation();
    Network net = ps.network();
    RcConfig rc = ps.rocev2() != null ? ps.rocev2().config() : RcConfig.defaults();
    payloadBytes = rc.payloadBytes();
    t = new Rocev2Transport(net, rc, ps.nics());
    t.setCompletions(this);
    int n = s.size();
    slotOf = new int[n];
    int slots = 0;
    for (int v = 0; v < n; v++) {
      if (s.kind(v) == CollectiveSchedule.Kind.AGGREGATE) {
        throw new InvalidParameterException("scheme", "Gleam carries one-to-many multicasts only; node " + v
            + " of the schedule is an aggregation");
      }
      slotOf[v] = s.kind(v) == CollectiveSchedule.Kind.MULTICAST ? slots++ : -1;
    }
    nodeOf = new int[slots];
    senderQp = new int[slots];
    packetsOf = new long[slots];
    int[][] receiverQps = new int[slots][];
    Registration[] regs = new Registration[slots];
    EnvelopeRegistration reg = new EnvelopeRegistration(topo, Math.max(1, slots), 0);
    used = new BitSet(topo.linkCount());
    long wire = 0;
    for (int v = 0; v < n; v++) {
      int j = slotOf[v];
      if (j < 0) {
        continue;
      }
      nodeOf[j] = v;
      packetsOf[j] = (s.bytes(v) + payloadBytes - 1) / payloadBytes;
      int src = topo.server(ctx.hostOfRank()[s.rank(v)]);
      int[] rcv = s.receivers(v);
      // the engine routes by host: the sender's QP points at its first receiver, and the Gleam
      // switch at its first hop intercepts every packet of it (§3.3: its destination is the GroupIP)
      senderQp[j] = t.createQp(src, topo.server(ctx.hostOfRank()[rcv[0]]));
      List<GroupMember> members = new ArrayList<>(rcv.length + 1);
      members.add(new GroupMember(src, senderQp[j]));
      receiverQps[j] = new int[rcv.length];
      for (int i = 0; i < rcv.length; i++) {
        int host = topo.server(ctx.hostOfRank()[rcv[i]]);
        int q = t.createReceiveQp(host, src);
        t.postReceive(q, s.bytes(v), j);
        receiverQps[j][i] = q;
        members.add(new GroupMember(host, q));
      }
      regs[j] = reg.register(GleamAddresses.groupIp(j), src, members, 0);
      BitSet tree = new BitSet(topo.linkCount());
      for (EnvelopeSend e : regs[j].envelopes()) {
        tree.set(topo.link(e.node(), e.port()));
      }
      wire += s.bytes(v) * tree.cardinality();
      used.or(tree);
    }
    wireBytes = wire;
    install(topo, ps.fabric(), reg, regs, receiverQps, rc);
  }

  /**
   * One Gleam element per switch on some group's tree (a binding on the run's fabric), each group's
   * QPs bound where its tree runs.
   */
  private void install(Topology topo, Fabric fabric, EnvelopeRegistration reg, Registration[] regs,
      int[][] receiverQps, RcConfig rc) {
    QpGroupIndex index = new QpGroupIndex();
    BitSet onTree = new BitSet(topo.nodeCount());
    for (Registration r : regs) {
      for (int sw : r.treeSwitches()) {
        onTree.set(sw);
      }
    }
    GleamSwitchElement[] element = new GleamSwitchElement[topo.nodeCount()];
    fabric.bind(new ElementBinding((g, sw) -> onTree.get(sw), (f, sw) -> element[sw] =
        new GleamSwitchElement(topo, sw, reg.table(sw), t.kinds(), rc.headerBytes(), CNP_AGING_PS, index)));
    for (int j = 0; j < regs.length; j++) {
      int groupIp = GleamAddresses.groupIp(j);
      int src = t.qpSource(senderQp[j]);
      for (int sw : regs[j].treeSwitches()) {
        element[sw].bindQp(senderQp[j], groupIp, true, src);
        for (int q : receiverQps[j]) {
          element[sw].bindQp(q, groupIp, false, src);
        }
      }
    }
  }

  @Override
  public boolean handles(int node) {
    return slotOf[node] >= 0;
  }

  /** The sender posts the message on its group QP (one SEND work request, id: the group slot). */
  @Override
  public void start(int node) {
    int j = slotOf[node];
    postedPackets += packetsOf[j];
    t.postSend(senderQp[j], s.bytes(node), j);
  }

  /** The aggregated ACK of the message's last PSN reached its sender: every receiver holds it. */
  @Override
  public void sendComplete(int qpn, long wrId, long nowPs) {
    done.completed(nodeOf[(int) wrId], nowPs);
  }

  /** A receiver holds the message; the node completes at the sender ({@link #sendComplete}). */
  @Override
  public void receiveComplete(int qpn, long wrId, long nowPs) { }

  @Override
  public long wireBytes() {
    return wireBytes;
  }

  @Override
  public BitSet usedLinks() {
    return used;
  }

  /** Data packets the group senders sent beyond each message's packets once. */
  @Override
  public long retransmissions() {
    return t.dataPackets() - postedPackets;
  }
}
