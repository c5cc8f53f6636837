package org.fabriclab.gleam;

import java.util.Arrays;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.sim.transport.rocev2.Rocev2Kinds;
import org.fabriclab.sim.transport.rocev2.Rocev2Transport;

/**
 * A Gleam switch on the packet engine (seed 002, §3.3-§3.5): the engine adapter that drives this
 * switch's {@link MulticastForwardingTable} per packet through the pure classes. RoCEv2 DATA of a
 * group → {@link OneToManyForwarding} (Alg. 1: one copy per entry but the ingress port, connected
 * entries rewritten to the receiver's QPN and host, the packet's {@code group} field set to the
 * GroupIP as the source IP); ACK / NACK of a group → {@link AckAggregation} (Alg. 2/3), the incoming
 * feedback absorbed and the aggregated ACK / filtered NACK generated on {@code ack_out_port},
 * rewritten to the source's QP (§3.2); CNP of a group → {@link CnpFilter} (§3.5), passed to the
 * source's QP or absorbed. Any other packet takes the default route.
 *
 * <p>Decisions for the engine (whose packets carry node ids, not IPs): a packet belongs to a group
 * when its QPN is registered with {@link #bindQp} — the engine's QPNs are unique in a network, so
 * this lookup stands for "destination IP = GroupIP" (DATA from the source) and "destination IP =
 * GroupIP" of feedback from receivers (Alg. 1 made their source IP the GroupIP). An engine ACK
 * carries the receiver's <em>expected</em> PSN (every PSN below it arrived); the table counts the
 * last acknowledged PSN, so ACK {@code a} enters as {@code a − 1} and an aggregated ACK {@code x}
 * leaves as {@code x + 1}; a NACK's expected PSN is the same in both. The original DATA packet is
 * used for the last copy, so the accounting sees {@code copies − 1} copied packets.
 *
 * <p>Departure (loss recovery): {@link AckAggregation} sends an ACK only when it advances. If that
 * ACK is lost on the way to the source, the source times out and resends from its first
 * unacknowledged PSN; the receivers answer with duplicate ACKs that do not advance anything, and
 * the source would time out forever. So a duplicate ACK from a receiver (its PSN at or below the
 * entry's {@code ack_psn}) that generates nothing makes this switch repeat the group's last
 * aggregated ACK — which Alg. 3 as printed does on every call anyway, and which the source's RC
 * discards when it already has it — at most once per {@link #setRepeatIntervalPs repeat interval}
 * (default 100 µs, a tenth of the RC timeout): after a go-back every receiver that already had the
 * data sends one duplicate ACK per packet, and repeating each would flood the source's link.
 *
 * <p>Departure (NACK storms): with {@link AckAggregation}'s pending bit per entry, every receiver
 * (or lower switch) asking for the same PSN passes a NACK, and the source's RC goes back once per
 * NACK. A packet lost above a subtree makes all its receivers ask for it: the source would restart
 * from the same PSN many times. Alg. 2 line 15 drops a NACK not smaller than the held one
 * ({@code T.nack.ePSN}); the element keeps that effect: a NACK for the same PSN as this switch's
 * last NACK of the group, within the repeat interval, is not sent ({@link #suppressedNacks}). A
 * receiver that loses the retransmission again is then recovered by a later NACK or the timeout.
 *
 * <p>Source and extensions (Appendix B, §3.3, §3.5): the source of a group is whoever sends its data
 * (the QP and host of the DATA packet; a change of ingress port is a source switch in {@link
 * OneToManyForwarding}), and aggregated feedback and passed CNPs are addressed to it. With {@link
 * #setWrites} the switch applies the per-request MR update to its connected entries when the
 * update's last packet passes and logs the region it writes into each receiver's first WRITE packet;
 * {@link #setCnpFiltering}{@code (false)} passes every CNP (comparison runs).
 *
 * <p>Cost per packet: O(entries) for DATA and for feedback that calls generate; no allocation.
 *
 * <p>This file holds the per-packet path (group packets, unicast, the feedback callbacks); which
 * QPNs and groups the switch knows, and their storage, are in {@link GleamSwitchGroups}, the settings, the {@link #dropAt} test hook and the counters in {@link
 * GleamSwitchSettings}: package-private sealed layers, each the superclass of the next, so the
 * per-packet path reads their fields directly.
 */
public final class GleamSwitchElement extends GleamSwitchSettings
    implements SwitchElement, FeedbackSink {
  private final Topology topo;
  private final OneToManyForwarding forwarding;
  private final int kindData;
  private final int kindAck;
  private final int kindNack;
  private final int kindCnp;
  private final int headerBytes;
  // the neighbour node on each port (-1 beyond the switch's degree), whether it is a server
  private final int[] portNeighbor;
  private final boolean[] portToServer;
  // this switch's first directed link (its port p leaves by link firstLink + p)
  private final int firstLink;
  // the table entries that get a copy of the DATA packet being forwarded (Alg. 1)
  private final int[] outEntry;
  private Network net;
  // per table slot
  private final long[] lastRepeatPs;
  private final int[] lastNackPsn;
  private final long[] lastNackPs;
  /** Go-backs recorded at most (a diagnostic, bounded). */
  public static final int MAX_GO_BACKS = 100_000;

  /**
   * @param table this switch's table (from {@link EnvelopeRegistration#table})
   * @param kinds the packet kinds of the RoCEv2 transport whose packets it forwards
   *     ({@link Rocev2Transport#kinds()})
   * @param headerBytes wire bytes of a generated ACK / NACK (the RC headers)
   * @param cnpAgingPs the CNP filter's aging period
   */
  public GleamSwitchElement(Topology topo, int node, MulticastForwardingTable table, Rocev2Kinds kinds,
      int headerBytes, long cnpAgingPs) {
    this(topo, node, table, kinds, headerBytes, cnpAgingPs, new QpGroupIndex(false));
  }

  /**
   * As {@link #GleamSwitchElement(Topology, int, MulticastForwardingTable, Rocev2Kinds, int, long)}, with
   * the QPN → group index {@code index} shared with the network's other Gleam switches (see {@link
   * QpGroupIndex}).
   */
  public GleamSwitchElement(Topology topo, int node, MulticastForwardingTable table, Rocev2Kinds kinds,
      int headerBytes, long cnpAgingPs, QpGroupIndex index) {
    super(node, table, index, cnpAgingPs);
    this.topo = topo;
    long[] portMac = new long[table.portCount()];
    portNeighbor = new int[table.portCount()];
    portToServer = new boolean[table.portCount()];
    Arrays.fill(portNeighbor, -1);
    for (int p = 0; p < portMac.length && p < topo.degree(node); p++) {
      portMac[p] = GleamAddresses.hostMac(topo.neighbor(node, p));
      portNeighbor[p] = topo.neighbor(node, p);
      portToServer[p] = topo.isServer(portNeighbor[p]);
    }
    this.firstLink = topo.firstLink(node);
    this.forwarding = new OneToManyForwarding(table, portMac);
    this.kindData = kinds.data();
    this.kindAck = kinds.ack();
    this.kindNack = kinds.nack();
    this.kindCnp = kinds.cnp();
    this.headerBytes = headerBytes;
    int slots = table.maxGroups();
    lastRepeatPs = new long[slots];
    Arrays.fill(lastRepeatPs, Long.MIN_VALUE / 2);
    lastNackPsn = new int[slots];
    Arrays.fill(lastNackPsn, -1);
    lastNackPs = new long[slots];
    Arrays.fill(lastNackPs, Long.MIN_VALUE / 2);
    outEntry = new int[table.portCount()];
  }

  @Override
  public void receive(Network n, int p, int at, int inLink) {
    net = n;
    Packets pk = n.packets();
    int gn = boundGroup(pk.flow(p));
    int g = gn < 0 ? -1 : slotOf(gn);
    int kind = pk.kind(p);
    if (g < 0 || inLink < 0
        || kind != kindData && kind != kindAck && kind != kindNack && kind != kindCnp) {
      unicast(n, pk, p, at);
      return;
    }
    int groupIp = index.groupIp(gn);
    // the packet came in by port `ingress` (the reverse link leaves this switch by it)
    int back = topo.reverse(inLink);
    int ingress;
    boolean fromServer;
    if (at == node && back >= 0 && back - firstLink < portToServer.length) {
      ingress = back - firstLink;
      fromServer = portToServer[ingress];
    } else {
      ingress = topo.port(back);
      fromServer = topo.isServer(topo.target(back));
    }
    if (kind == kindData) {
      if (fromServer) {
        int last = lastSourcePsn[gn];
        if (pk.seq(p) <= last && goBacks.size() < MAX_GO_BACKS) {
          goBacks.add(pk.seq(p));
        }
        lastSourcePsn[gn] = pk.seq(p);
      }
      // Appendix B: the source is whoever sends the group's data; aggregated feedback and passed
      // CNPs go to its QP (a real switch reads the source QPN / IP from the data's header)
      if (sourceQpOfGroup[gn] != pk.flow(p)) {
        sourceQpOfGroup[gn] = pk.flow(p);
        sourceHostOfGroup[gn] = pk.src(p);
      }
      int psn = pk.seq(p);
      boolean writeStart = false;
      if (writes != null) {
        writeStart = writes.isWriteStart(psn);
        writes.applyAt(table, g, psn);
      }
      int count = forwarding.copies(g, ingress, outEntry);
      if (count == 0) {
        n.absorb(p);
        return;
      }
      for (int i = 0; i < count; i++) {
        int k = outEntry[i];
        int port = table.entryPort(g, k);
        int c = i == count - 1 ? p : n.copy(p);
        int host = -1;
        if (table.entryType(g, k) == MulticastForwardingTable.CONNECTED) {
          // Alg. 1 lines 8-12 on the engine's fields: the receiver's QPN and host, GroupIP as source
          host = portNeighbor[port];
          int qpn = table.receiverQpn(g, k);
          if (qpn >= 0) {
            pk.setFlow(c, qpn);
            pk.setDst(c, host);
            pk.setGroup(c, groupIp);
          }
          if (writeStart) {
            writes.rewrote(host, psn, table.mrVa(g, k), table.mrRkey(g, k));
          }
        }
        if (host >= 0 && !drops.isEmpty()
            && drops.remove(((long) host << 32) | (pk.seq(c) & 0xffffffffL))) {
          n.drop(c);
        } else {
          n.forward(c, topo.link(at, port));
        }
      }
    } else if (kind == kindAck) {
      int k = table.entryOfPort(g, ingress);
      boolean duplicate = k >= 0 && pk.seq(p) - 1 <= table.ackPsn(g, k);
      long before = aggregation.acksOut();
      aggregation.onAck(g, ingress, pk.seq(p) - 1, this);
      n.absorb(p);
      int out = table.ackOutPort(g);
      long now = n.simulator().now();
      if (duplicate && aggregation.acksOut() == before && out >= 0 && out != ingress
          && table.lastAckPsn(g) >= 0 && now - lastRepeatPs[g] >= repeatIntervalPs) {
        lastRepeatPs[g] = now;
        repeatedAcks++;
        feedback(g, out, kindAck, table.lastAckPsn(g) + 1);
      }
    } else if (kind == kindNack) {
      aggregation.onNack(g, ingress, pk.seq(p), this);
      n.absorb(p);
    } else {
      int out = table.ackOutPort(g);
      cnpsIn++;
      boolean pass = cnpFiltering ? cnpFilter.onCnp(g, ingress, n.simulator().now()) : ingress != out;
      if (out >= 0 && pass) {
        cnpsPassed++;
        pk.setFlow(p, sourceQpOfGroup[gn]);
        pk.setDst(p, sourceHostOfGroup[gn]);
        n.forward(p, topo.link(at, out));
      } else {
        n.absorb(p);
      }
    }
  }

  private void unicast(Network n, Packets pk, int p, int at) {
    if (pk.kind(p) == kindData && !drops.isEmpty()
        && drops.remove(((long) pk.dst(p) << 32) | (pk.seq(p) & 0xffffffffL))) {
      n.drop(p);
      return;
    }
    n.routeDefault(p, at);
  }

  @Override
  public void ack(int g, int port, int psn) {
    feedback(g, port, kindAck, psn + 1);
  }

  @Override
  public void nack(int g, int port, int expectedPsn) {
    long now = net.simulator().now();
    if (lastNackPsn[g] == expectedPsn && now - lastNackPs[g] < repeatIntervalPs) {
      suppressedNacks++;
      return;
    }
    lastNackPsn[g] = expectedPsn;
    lastNackPs[g] = now;
    feedback(g, port, kindNack, expectedPsn);
  }

  private void feedback(int g, int port, int kind, int psn) {
    int gn = groupOfSlot[g];
    int k = table.entryOfPort(g, port);
    int qpn = port != table.ackOutPort(g) && k >= 0
        && table.entryType(g, k) == MulticastForwardingTable.CONNECTED
        ? table.receiverQpn(g, k) : sourceQpOfGroup[gn];
    int f = net.generate(qpn, kind, psn, headerBytes, node, sourceHostOfGroup[gn]);
    net.packets().setFlags(f, Packets.PRIORITY);
    feedbackGenerated++;
    net.forward(f, topo.link(node, port));
  }
}
