package org.fabriclab.gleam;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.sim.assembly.Fabric;
import org.fabriclab.sim.assembly.FabricDescription;
import org.fabriclab.sim.assembly.TransportBinding;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.RcQueuePairs;
import org.fabriclab.sim.transport.rocev2.RdmaCompletions;
import org.fabriclab.sim.transport.rocev2.Rocev2Transport;
import org.fabriclab.units.Time;

/**
 * A long-lived Gleam multicast group on the packet engine (seed 002): every member has its RC QP
 * for the group, any member may be the source of the next message (§3.5 "From single source to
 * multiple sources", Appendix B), messages may be WRITEs preceded by the per-request MR-update
 * message (§3.3), and the network may mark ECN so that receivers send CNPs that the Gleam switches
 * filter (§3.5). Unicast RC QPs between members (the baselines) share the same network.
 *
 * <p>Engine mapping (decision): the engine's QP index is one direction of a connection (its send
 * side at {@code qpSource}, its receive side at {@code qpDestination}), while a member's real QP
 * has both an SQ and an RQ. So member {@code m} has two engine QPs: {@code tx[m]} (its SQ: sends
 * when {@code m} is the source; created towards another member, since the engine routes only to
 * hosts — the Gleam switch at the first hop intercepts it) and {@code rx[m]} (its RQ: the QPN
 * registered in the group's table, to which the switches rewrite data; a receive-only QP,
 * {@link Rocev2Transport#createReceiveQp}, whose PSN stream is extended to the source's, since the
 * PSN synchronisation below moves it). A Gleam switch learns the source's QP from the data it forwards
 * ({@link GleamSwitchElement}), and a new ingress port is a source switch ({@link
 * OneToManyForwarding}). The member's {@code sqPSN} is the end of {@code tx[m]}'s PSN stream, its
 * {@code rqPSN} the expected PSN of {@code rx[m]}.
 *
 * <p>Appendix B's PSN synchronisation when the source changes from {@code o} to {@code n}: the old
 * source sets its rqPSN to its sqPSN ({@link RcQueuePairs#rewindReceiver}), the new source its sqPSN
 * to its rqPSN (its send stream is advanced, as acknowledged, to that PSN). It runs when the next
 * message is posted by another member, after the previous message completed (the paper: "when
 * the last multicast source finishes transmission"); {@link #setSynchronise} turns it off to show
 * Fig. 19's failure.
 *
 * <p>Observation ({@link GroupObservation}): per member the in-order payload bytes and PSNs it
 * accepted, and CNPs per host.
 */
public final class PacketGroup {
  private final Topology topo;
  private final Simulator sim;
  private final Network net;
  private final Rocev2Transport t;
  private final RcQueuePairs qps;
  private final int[] hosts;
  private final int[][] tx;
  private final int[][] rx;
  private final int[] groupIps;
  private final List<GleamSwitchElement> elements = new ArrayList<>();
  private final GroupObservation observed;
  private final int[] source;
  private WriteRequests writes;
  private boolean synchronise = true;
  private final int payloadBytes;

  /**
   * @param memberServers server indices ({@link Topology#server(int)}) of the members, distinct;
   *     member 0 is the master that registers the group
   */
  public PacketGroup(Topology topo, NetworkConfig nc, RcConfig rc, int[] memberServers) {
    this(topo, nc, rc, memberServers, 1);
  }

  /**
   * {@code groups} groups over the same members (group {@code j}'s master is member {@code j mod
   * members}), each with its own QPs and GroupIP, registered one after another; messages of
   * different groups may run at once (e.g. every holder of HPL's row swap multicasting its share).
   */
  public PacketGroup(Topology topo, NetworkConfig nc, RcConfig rc, int[] memberServers, int groups) {
    InvalidParameterException.requireRange("groups", groups, 1, 256);
    if (memberServers.length < 2) {
      throw new InvalidParameterException("members", memberServers.length, "a group has >= 2 members");
    }
    this.topo = topo;
    payloadBytes = rc.payloadBytes();
    TransportBinding<Rocev2Transport> roce = TransportBinding.of("rocev2", (n, nic) -> new Rocev2Transport(n, rc, nic));
    Fabric fabric = FabricDescription.on(topo).config(nc).packetCapacity(1 << 12).transport(roce).build().assemble();
    sim = fabric.simulator();
    net = fabric.network();
    t = fabric.transport(roce);
    qps = t.queuePairs();
    int n = memberServers.length;
    hosts = new int[n];
    for (int i = 0; i < n; i++) {
      hosts[i] = topo.server(memberServers[i]);
    }
    tx = new int[groups][n];
    rx = new int[groups][n];
    groupIps = new int[groups];
    source = new int[groups];
    java.util.Arrays.fill(source, -1);
    EnvelopeRegistration reg = new EnvelopeRegistration(topo, groups, 0);
    for (int j = 0; j < groups; j++) {
      groupIps[j] = GleamAddresses.groupIp(j);
      List<GroupMember> members = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        int other = hosts[i == 0 ? 1 : 0];
        tx[j][i] = t.createQp(hosts[i], other);
        rx[j][i] = t.createReceiveQp(hosts[i], other);
        members.add(new GroupMember(hosts[i], rx[j][i]));
      }
      reg.register(groupIps[j], hosts[j % n], members, 0);
    }
    fabric.bind(GleamSwitchBinding.of(reg::table, roce, Time.us(50), new QpGroupIndex(), elements));
    for (GleamSwitchElement el : elements) {
      for (int j = 0; j < groups; j++) {
        int master = j % n;
        for (int i = 0; i < n; i++) {
          el.bindQp(tx[j][i], groupIps[j], i == master, hosts[master]);
          el.bindQp(rx[j][i], groupIps[j], false, hosts[master]);
        }
      }
    }
    observed = new GroupObservation(net, qps, t.kinds(), rx, n);
  }

  /** The testbed of §4 with one link rate per server: switch node 0, server i is node i + 1. */
  public static Topology testbed(double[] serverGbps, long delayPs) {
    TopologyBuilder b = new TopologyBuilder("gleam-testbed", serverGbps.length + " servers, one switch");
    int sw = b.addNode(NodeRole.PACKET_SWITCH);
    for (double g : serverGbps) {
      b.addCable(b.addNode(NodeRole.SERVER), sw, Math.round(g * 1e9), delayPs);
    }
    return b.build();
  }

  /** Where work-request completions of every QP (group and unicast) go. */
  public void setCompletions(RdmaCompletions c) {
    t.setCompletions(c);
  }

  /** Records every PSN each member accepts, in order (tests; memory grows with the packets). */
  public void recordPsns() {
    observed.recordPsns();
  }

  /** The PSNs member {@code m} accepted, in order (after {@link #recordPsns}). */
  public int[] acceptedPsns(int m) {
    return observed.acceptedPsns(m);
  }

  /** Appendix B's PSN synchronisation on a source change (default on). */
  public void setSynchronise(boolean on) {
    synchronise = on;
  }

  /** §3.5 CNP filtering on every Gleam switch (default on; off passes every CNP, for comparison). */
  public void setCnpFiltering(boolean on) {
    for (GleamSwitchElement el : elements) {
      el.setCnpFiltering(on);
    }
  }

  /**
   * Posts a message of {@code bytes} from member {@code src} to every other member on the group QP;
   * its send completion ({@code wrId}, on {@link #txQp(int)}) means every receiver has it.
   *
   * @return the PSN of its first packet
   */
  public int multicast(int src, long bytes, long wrId) {
    return multicast(0, src, bytes, wrId);
  }

  /** {@link #multicast(int, long, long)} in group {@code j}; its completion is on {@link #txQp(int, int)}. */
  public int multicast(int j, int src, long bytes, long wrId) {
    return multicast(j, src, bytes, wrId, 0);
  }

  /** A multicast whose first packet carries {@code firstPacketExtraBytes} more header (a WRITE's RETH). */
  private int multicast(int j, int src, long bytes, long wrId, int firstPacketExtraBytes) {
    switchSource(j, src);
    int[] tx = this.tx[j];
    int[] rx = this.rx[j];
    int start = qps.length(tx[src]);
    int end = start + packetsOf(bytes);
    for (int m = 0; m < hosts.length; m++) {
      if (m != src && qps.length(rx[m]) < end) {
        qps.extend(rx[m], end - qps.length(rx[m]));
      }
    }
    t.postSend(tx[src], bytes, wrId, firstPacketExtraBytes);
    return start;
  }

  private void switchSource(int j, int src) {
    if (src < 0 || src >= hosts.length) {
      throw new InvalidParameterException("source", src, "valid range 0.." + (hosts.length - 1));
    }
    int[] tx = this.tx[j];
    int[] rx = this.rx[j];
    if (source[j] >= 0 && source[j] != src && synchronise) {
      int old = source[j];
      int sq = qps.length(tx[old]);
      if (qps.length(rx[old]) < sq) {
        qps.extend(rx[old], sq - qps.length(rx[old]));
      }
      qps.rewindReceiver(rx[old], sq); // old source: rqPSN := sqPSN
      int rq = qps.expected(rx[src]);
      if (qps.length(tx[src]) < rq) {
        qps.extend(tx[src], rq - qps.length(tx[src]));
      }
      qps.onAck(tx[src], rq); // new source: sqPSN := rqPSN
    }
    source[j] = src;
  }

  /**
   * A one-to-many WRITE of {@code bytes} from member {@code src} (§3.3): first the MR-update message
   * ({@link WriteMrUpdate#RECORD_BYTES} B per receiver: IP, VA, R_key; {@code va[m]}, {@code
   * rkey[m]} indexed by member, the source's ignored) as work request {@code wrId} − its own id is
   * {@code -wrId - 1}, then the WRITE itself ({@code wrId}); both on the group QP, both WRITEs: the
   * first packet of each carries a RETH ({@link WriteMrUpdate#RETH_BYTES} B; every receiver's copy
   * keeps it, rewritten by its leaf switch).
   *
   * @return the PSN of the WRITE's first packet
   */
  public int write(int src, long bytes, long[] va, int[] rkey, long wrId) {
    if (tx.length > 1) {
      throw new IllegalStateException("one-to-many WRITE is modelled for a single group");
    }
    if (writes == null) {
      writes = new WriteRequests();
      for (GleamSwitchElement el : elements) {
        el.setWrites(writes);
      }
    }
    int r = hosts.length - 1;
    int[] ips = new int[r];
    long[] v = new long[r];
    int[] k = new int[r];
    for (int m = 0, i = 0; m < hosts.length; m++) {
      if (m != src) {
        ips[i] = GleamAddresses.hostIp(hosts[m]);
        v[i] = va[m];
        k[i++] = rkey[m];
      }
    }
    long updateBytes = (long) r * WriteMrUpdate.RECORD_BYTES;
    int start = multicast(0, src, updateBytes, -wrId - 1, WriteMrUpdate.RETH_BYTES);
    int writePsn = start + packetsOf(updateBytes);
    writes.add(writePsn - 1, writePsn, ips, v, k);
    multicast(0, src, bytes, wrId, WriteMrUpdate.RETH_BYTES);
    return writePsn;
  }

  /** The WRITE registry (null before the first {@link #write}). */
  public WriteRequests writes() {
    return writes;
  }

  /** Creates a unicast RC QP from member {@code a} to member {@code b} (a baseline); returns its QPN. */
  public int unicastQp(int a, int b) {
    return t.createQp(hosts[a], hosts[b]);
  }

  /** Posts a message on a unicast QP from {@link #unicastQp}. */
  public void unicast(int qpn, long bytes, long wrId) {
    t.postSend(qpn, bytes, wrId);
  }

  /** Posts an RDMA WRITE on a unicast QP: its first packet carries a RETH ({@link WriteMrUpdate#RETH_BYTES} B). */
  public void unicastWrite(int qpn, long bytes, long wrId) {
    t.postSend(qpn, bytes, wrId, WriteMrUpdate.RETH_BYTES);
  }

  /** Packets of a message of {@code bytes}. */
  public int packetsOf(long bytes) {
    int pay = payloadBytes();
    return (int) ((bytes + pay - 1) / pay);
  }

  public int payloadBytes() {
    return payloadBytes;
  }

  /** Runs the simulation until {@code untilPs} or the event budget. */
  public Simulator.StopReason run(long untilPs, long eventBudget) {
    return sim.run(untilPs, eventBudget);
  }

  public Simulator simulator() {
    return sim;
  }

  public Network network() {
    return net;
  }

  public Rocev2Transport transport() {
    return t;
  }

  public List<GleamSwitchElement> elements() {
    return elements;
  }

  public int host(int member) {
    return hosts[member];
  }

  public int txQp(int member) {
    return tx[0][member];
  }

  public int rxQp(int member) {
    return rx[0][member];
  }

  /** Member {@code member}'s send QP in group {@code j}. */
  public int txQp(int j, int member) {
    return tx[j][member];
  }

  public int members() {
    return hosts.length;
  }

  /** Payload bytes member {@code m} accepted in order on its group QP. */
  public long acceptedBytes(int m) {
    return observed.acceptedBytes(m);
  }

  public long acceptedPackets(int m) {
    return observed.acceptedPackets(m);
  }

  /** PSN of the first / last packet member {@code m} accepted, −1 before any. */
  public int firstPsn(int m) {
    return observed.firstPsn(m);
  }

  public int lastPsn(int m) {
    return observed.lastPsn(m);
  }

  /** Accepted packets whose PSN was not the previous accepted one + 1 (0 across a synchronised switch). */
  public long outOfOrder(int m) {
    return observed.outOfOrder(m);
  }

  /** CNPs delivered to host node {@code node} (the DCQCN reaction point of its QPs). */
  public long cnpsAtHost(int node) {
    return observed.cnpsAtHost(node);
  }

}
