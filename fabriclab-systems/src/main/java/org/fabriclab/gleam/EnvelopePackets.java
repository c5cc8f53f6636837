package org.fabriclab.gleam;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;

/**
 * Envelope registration as real packets through the packet engine: seed 002, Appendix A
 * (Fig. 17, Fig. 18, Algorithm 4). The master host injects envelope packets carrying every member's
 * connection state (IP, QPN), at most {@value EnvelopeRegistration#MAX_MEMBERS_PER_ENVELOPE} per
 * 1500 B packet (a larger group spans several, numbered {@code seq}/{@code total}); every switch
 * that receives one runs Alg. 4 ({@link EnvelopeRegistration#processEnvelope}: a connected entry
 * for a member on one of its ports; else a port already marked forwarded for the group among the
 * member's shortest-path next hops, else the least utilised of them) and sends on each chosen port
 * new envelopes with only the members that chose it; a member host that receives an envelope
 * listing it answers a confirmation to the master; registration ends when the master has every
 * confirmation. The time is the engine's clock, from the first envelope to the last confirmation.
 *
 * <p>Engine use (no engine change): two packet kinds ({@code gleam-envelope.ENVELOPE},
 * {@code .CONFIRM}) in the network's kind registry, whose receiver is the host side (members
 * confirm, the master counts); an {@link SwitchElement} on every switch that consumes envelopes
 * ({@code absorb}), creates the per-port ones ({@code generate} + {@code forward}) and hands every
 * other packet to the element it wraps (confirmations take the default unicast route). Envelopes
 * have the wire size {@link EnvelopeRegistration#envelopeWireBytes}, confirmations
 * {@value EnvelopeRegistration#CONFIRMATION_BYTES} B; they queue and serialise like any packet, and
 * the network's switch latency applies. The member list of an envelope is control-plane payload
 * the engine's packets cannot carry: it is kept in a side table indexed by the packet's extension
 * int 0 (one small array per envelope; registration is not a steady-state path).
 *
 * <p>The switch state (tables, per-link utilisation) is an {@link EnvelopeRegistration}'s, so the
 * same Alg. 4 code builds the tables whether envelopes are packets or computed messages; groups
 * registered one after another share utilisation (group-level load balancing). Groups may also
 * register concurrently; then utilisation depends on envelope arrival order. Cost per group:
 * one BFS per member plus O(members · tree depth · degree).
 */
public final class EnvelopePackets {
  private static final int EXT_PAYLOAD = 0;
  private static final int EXT_SEQ = 1;
  private static final int EXT_TOTAL = 2;

  private final Network net;
  private final Topology topo;
  private final EnvelopeRegistration state;
  private final int kindEnvelope;
  private final int kindConfirm;
  private final SwitchElement[] inner;
  private final List<int[]> payloads = new ArrayList<>();
  private final IntArrayList payloadGroup = new IntArrayList();
  private final Int2ObjectOpenHashMap<GroupRun> groups = new Int2ObjectOpenHashMap<>();

  /** One group's registration in progress. */
  private static final class GroupRun {
    int groupIp;
    int master;
    int[] hosts;
    int[] qpn;
    Int2ObjectOpenHashMap<int[]> dist = new Int2ObjectOpenHashMap<>();
    Int2IntOpenHashMap indexOfHost = new Int2IntOpenHashMap();
    IntOpenHashSet confirmed = new IntOpenHashSet();
    IntOpenHashSet tree = new IntOpenHashSet();
    List<EnvelopeSend> sends = new ArrayList<>();
    long wireBytes;
    long startPs;
    long donePs = -1;
  }

  /**
   * Binds the envelope protocol to every switch of {@code net} (wrapping the element there now).
   *
   * @param state holds the switches' tables and port utilisation (Alg. 4)
   */
  public EnvelopePackets(Network net, EnvelopeRegistration state) {
    this.net = net;
    this.topo = net.topology();
    this.state = state;
    this.kindEnvelope = net.kinds().register("gleam-envelope", this::deliver, "ENVELOPE", "CONFIRM");
    this.kindConfirm = kindEnvelope + 1;
    this.inner = new SwitchElement[topo.nodeCount()];
    SwitchElement element = this::receive;
    for (int v = 0; v < topo.nodeCount(); v++) {
      if (!topo.isServer(v)) {
        inner[v] = net.element(v);
        net.setElement(v, element);
      }
    }
  }

  /** The packet kind of envelopes (confirmations are the next kind). */
  public int envelopeKind() {
    return kindEnvelope;
  }

  /** Member hosts carried by envelope packet {@code p}. */
  public int[] membersOf(int p) {
    int[] idx = payloads.get(net.packets().extInt(p, EXT_PAYLOAD));
    int[] hosts = groups.get(payloadGroup.getInt(net.packets().extInt(p, EXT_PAYLOAD))).hosts;
    int[] out = new int[idx.length];
    for (int i = 0; i < idx.length; i++) {
      out[i] = hosts[idx[i]];
    }
    return out;
  }

  /**
   * Starts registering {@code groupIp} now: the master injects its envelopes. Run the simulator,
   * then read {@link #result}.
   *
   * @throws org.fabriclab.error.InvalidParameterException as {@link EnvelopeRegistration#register}
   */
  public void start(int groupIp, int masterHost, List<GroupMember> members) {
    state.validate(masterHost, members);
    if (groups.containsKey(groupIp)) {
      throw new org.fabriclab.error.InvalidParameterException("groupIp", groupIp, "is already registered");
    }
    GroupRun g = new GroupRun();
    g.groupIp = groupIp;
    g.master = masterHost;
    g.hosts = members.stream().mapToInt(GroupMember::host).toArray();
    g.qpn = members.stream().mapToInt(GroupMember::qpn).toArray();
    for (int i = 0; i < g.hosts.length; i++) {
      g.dist.put(g.hosts[i], state.distancesFrom(g.hosts[i]));
      g.indexOfHost.put(g.hosts[i], i);
    }
    g.startPs = net.simulator().now();
    groups.put(groupIp, g);
    int[] all = new int[g.hosts.length];
    for (int i = 0; i < all.length; i++) {
      all[i] = i;
    }
    int link = topo.firstLink(masterHost);
    List<int[]> chunks = chunks(all);
    for (int s = 0; s < chunks.size(); s++) {
      int p = envelope(g, masterHost, link, chunks.get(s), s + 1, chunks.size());
      // the engine routes a host's packet by destination host: any other member leaves by the
      // master's one port, where the first switch takes the envelope
      net.packets().setDst(p, g.hosts[g.hosts[0] == masterHost ? 1 : 0]);
      net.send(p);
    }
  }

  /**
   * The outcome of {@code groupIp}'s registration: time from the master's first envelope to its
   * last confirmation (engine clock), every envelope sent, their wire bytes, confirmations, the
   * switches that built a table; {@code timePs} is −1 while confirmations are missing.
   */
  public Registration result(int groupIp) {
    GroupRun g = groups.get(groupIp);
    int[] sw = g.tree.toIntArray();
    Arrays.sort(sw);
    return new Registration(groupIp, g.donePs < 0 ? -1 : g.donePs - g.startPs, g.sends, g.wireBytes,
        g.confirmed.size(), sw);
  }

  /** The switch side: Alg. 4 on every envelope, anything else to the wrapped element. */
  private void receive(Network n, int p, int node, int inLink) {
    Packets pk = n.packets();
    if (pk.kind(p) != kindEnvelope || inLink < 0) {
      inner[node].receive(n, p, node, inLink);
      return;
    }
    int id = pk.extInt(p, EXT_PAYLOAD);
    GroupRun g = groups.get(payloadGroup.getInt(id));
    int ingress = topo.port(topo.reverse(inLink));
    g.tree.add(node);
    IntArrayList[] perPort = state.processEnvelope(node, ingress, g.groupIp, 0, payloads.get(id), g.hosts, g.qpn,
        g.dist);
    n.absorb(p);
    for (int port = 0; port < perPort.length; port++) {
      if (perPort[port] != null && !perPort[port].isEmpty() && port != ingress) {
        int link = topo.link(node, port);
        List<int[]> chunks = chunks(perPort[port].toIntArray());
        for (int s = 0; s < chunks.size(); s++) {
          n.forward(envelope(g, node, link, chunks.get(s), s + 1, chunks.size()), link);
        }
      }
    }
  }

  /**
   * A new envelope packet {@code seq} of {@code total} carrying {@code chunk} from {@code node} over
   * {@code link} (not yet sent): generated inside the network at a switch, allocated for injection
   * at the master host.
   */
  private int envelope(GroupRun g, int node, int link, int[] chunk, int seq, int total) {
    int wire = EnvelopeRegistration.envelopeWireBytes(chunk.length);
    int id = payloads.size();
    payloads.add(chunk);
    payloadGroup.add(g.groupIp);
    int to = topo.target(link);
    int p = topo.isServer(node)
        ? net.packets().allocate(g.groupIp, kindEnvelope, id, wire, node, to, net.simulator().now())
        : net.generate(g.groupIp, kindEnvelope, id, wire, node, to);
    net.packets().setExtInt(p, EXT_PAYLOAD, id);
    net.packets().setGroup(p, g.groupIp);
    int[] hosts = new int[chunk.length];
    for (int i = 0; i < chunk.length; i++) {
      hosts[i] = g.hosts[chunk[i]];
    }
    g.sends.add(new EnvelopeSend(node, topo.port(link), net.simulator().now(), seq, total, hosts, wire));
    g.wireBytes += wire;
    return p;
  }

  /** Splits member indices into envelopes of at most 183 (Appendix A). */
  private static List<int[]> chunks(int[] members) {
    int total = EnvelopeRegistration.envelopeCount(members.length);
    List<int[]> out = new ArrayList<>(total);
    for (int s = 0; s < total; s++) {
      int from = s * EnvelopeRegistration.MAX_MEMBERS_PER_ENVELOPE;
      out.add(Arrays.copyOfRange(members, from, Math.min(members.length, from + EnvelopeRegistration.MAX_MEMBERS_PER_ENVELOPE)));
    }
    return out;
  }

  /** The host side: members confirm to the master, the master counts confirmations. */
  private void deliver(int p, int node) {
    Packets pk = net.packets();
    int groupIp = pk.group(p);
    GroupRun g = groups.get(groupIp);
    if (pk.kind(p) == kindEnvelope) {
      boolean listed = false;
      for (int idx : payloads.get(pk.extInt(p, EXT_PAYLOAD))) {
        listed |= g.hosts[idx] == node;
      }
      pk.free(p);
      if (listed && node != g.master) {
        int c = pk.allocate(groupIp, kindConfirm, 0, EnvelopeRegistration.CONFIRMATION_BYTES, node, g.master,
            net.simulator().now());
        pk.setGroup(c, groupIp);
        net.send(c);
      }
    } else {
      int from = pk.src(p);
      pk.free(p);
      if (node == g.master && g.indexOfHost.containsKey(from) && g.confirmed.add(from)
          && g.confirmed.size() == g.hosts.length - 1) {
        g.donePs = net.simulator().now();
      }
    }
  }
}
