package org.fabriclab.gleam;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import org.fabriclab.analysis.Bfs;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.units.Time;

/**
 * Multicast forwarding table registration by <em>envelope</em> packets: Algorithm 4 of seed 002
 * (Appendix A, Fig. 17, Fig. 18), run as a message-passing procedure over a {@link Topology}.
 *
 * <p>The master sends envelopes carrying every member's connection state (IP, QPN) towards the
 * members; a switch receiving one ({@link #processEnvelope}) creates the group's table if new,
 * then for each member: a member attached to port {@code i} gets a <em>connected</em> entry on
 * {@code i}; otherwise, among the member's shortest-path next-hop ports, a port already marked
 * <em>forwarded</em> for this group is reused (so the tree stays a tree), else the least utilised
 * one gets a new forwarded entry (group-level load balancing across groups); the port's
 * utilisation grows by one per member routed through it (Alg. 4 line 23). It then sends on each
 * port the members that chose it, at most {@value #MAX_MEMBERS_PER_ENVELOPE} per packet. A member
 * host receiving its envelope confirms to the master by a unicast ACK; registration ends when the
 * master has every confirmation.
 *
 * <p>Sizes: a member's state is {@value #MEMBER_BYTES} B (IPv4 4, QPN 3, flags 1); the envelope
 * header is IP 20 + UDP 8 + metadata 8 (GroupIP 4, seq 1, total 1, count 2) = {@value
 * #ENVELOPE_HEADER_BYTES} B; in a 1500 B IP MTU this leaves room for (1500 − 36) / 8 = 183 members,
 * the paper's figure. On the wire add Ethernet header + FCS ({@value #ETHERNET_BYTES} B); a
 * confirmation is a minimum frame of {@value #CONFIRMATION_BYTES} B.
 *
 * <p>Departures and decisions: Alg. 4's "set of accessible ports" is taken as the member's
 * shortest-path next hops other than the ingress port; "a port already marked forwarded" is the
 * first such port in port order; a second envelope of the same group (groups above 183 members)
 * extends the existing table instead of creating it again (line 3). The master's own state is in its envelope, so its first-hop switch has a connected
 * entry for it (needed to rewrite aggregated ACKs to its QP, §3.2); a switch also records a
 * forwarded entry for the port an envelope arrived by (the master's side), so that another member
 * can later become the source (Appendix B); no envelope is sent back through the ingress port and
 * no empty envelope is sent. Timing: store-and-forward per hop (serialisation at the link rate plus
 * the link delay), a fixed per-switch processing latency, envelopes on one port sent back to back;
 * confirmations travel one shortest path of an otherwise idle fabric. The out-of-band collection of
 * QP states before the first envelope is not timed. Ties between equally utilised ports go to the
 * lowest port number.
 *
 * <p>Cost per group: one BFS per member (O(members · (n + links))) plus O(members · tree depth ·
 * degree) for the tables. Utilisation and tables persist across {@link #register} calls, so groups
 * registered one after another spread over the fabric.
 */
public final class EnvelopeRegistration {
  public static final int MAX_MEMBERS_PER_ENVELOPE = 183;
  public static final int MEMBER_BYTES = 8;
  public static final int ENVELOPE_HEADER_BYTES = 36;
  public static final int ETHERNET_BYTES = 18;
  public static final int CONFIRMATION_BYTES = 64;

  private final Topology topo;
  private final int maxGroupsPerSwitch;
  private final long switchLatencyPs;
  private final int[] linkUse;
  private final boolean[] serverMask;
  private final Int2ObjectOpenHashMap<MulticastForwardingTable> tables = new Int2ObjectOpenHashMap<>();

  /**
   * @param maxGroupsPerSwitch capacity of each switch's table
   * @param switchLatencyPs processing time of an envelope at a switch, >= 0
   */
  public EnvelopeRegistration(Topology topo, int maxGroupsPerSwitch, long switchLatencyPs) {
    if (maxGroupsPerSwitch < 1 || switchLatencyPs < 0) {
      throw new IllegalArgumentException("maxGroupsPerSwitch >= 1 and switchLatencyPs >= 0");
    }
    this.topo = topo;
    this.maxGroupsPerSwitch = maxGroupsPerSwitch;
    this.switchLatencyPs = switchLatencyPs;
    this.linkUse = new int[topo.linkCount()];
    this.serverMask = new boolean[topo.nodeCount()];
    for (int v = 0; v < serverMask.length; v++) {
      serverMask[v] = topo.isServer(v);
    }
  }

  /** The table of {@code switchNode}, or {@code null} when no group has used it. */
  public MulticastForwardingTable table(int switchNode) {
    return tables.get(switchNode);
  }

  /** Members routed through directed link {@code link} by all registrations so far. */
  public int linkUtilisation(int link) {
    return linkUse[link];
  }

  /** Wire bytes of an envelope carrying {@code members} member states. */
  public static int envelopeWireBytes(int members) {
    return ETHERNET_BYTES + ENVELOPE_HEADER_BYTES + MEMBER_BYTES * members;
  }

  /** Envelope packets needed for {@code members} member states: ceil(members / 183). */
  public static int envelopeCount(int members) {
    return (members + MAX_MEMBERS_PER_ENVELOPE - 1) / MAX_MEMBERS_PER_ENVELOPE;
  }

  /**
   * Registers group {@code groupIp}: the master (one of the members) sends the envelopes, every
   * switch on the way builds its table, members confirm.
   *
   * @throws InvalidParameterException on an empty group, a member that is not a single-homed
   *     server, a member listed twice, or a master that is not a member
   */
  public Registration register(int groupIp, int masterHost, List<GroupMember> members, int startPsn) {
    validate(masterHost, members);
    Int2ObjectOpenHashMap<int[]> dist = new Int2ObjectOpenHashMap<>();
    for (GroupMember m : members) {
      dist.put(m.host(), bfs(m.host()));
    }
    int[] hosts = members.stream().mapToInt(GroupMember::host).toArray();
    int[] qpn = members.stream().mapToInt(GroupMember::qpn).toArray();
    IntOpenHashSet memberHosts = new IntOpenHashSet(hosts);
    List<EnvelopeSend> sends = new ArrayList<>();
    long[] portFree = new long[topo.linkCount()];
    PriorityQueue<long[]> events = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    List<int[]> payloads = new ArrayList<>();
    long[] seq = {0};
    int[] all = new int[hosts.length];
    for (int i = 0; i < all.length; i++) {
      all[i] = i;
    }
    send(masterHost, 0, 0, all, hosts, sends, portFree, events, payloads, seq);
    Set<Integer> tree = new HashSet<>();
    int[] masterDist = dist.get(masterHost);
    long done = 0;
    int confirmations = 0;
    while (!events.isEmpty()) {
      long[] ev = events.poll();
      long now = ev[0];
      int node = (int) ev[2];
      int ingress = (int) ev[3];
      int[] carried = payloads.get((int) ev[4]);
      if (topo.isServer(node)) {
        if (node != masterHost && memberHosts.contains(node)) {
          done = Math.max(done, now + confirmationPs(node, masterDist));
          confirmations++;
        }
        continue;
      }
      tree.add(node);
      IntArrayList[] perPort = processEnvelope(node, ingress, groupIp, startPsn, carried, hosts, qpn, dist);
      long ready = now + switchLatencyPs;
      for (int p = 0; p < perPort.length; p++) {
        if (perPort[p] != null && !perPort[p].isEmpty() && p != ingress) {
          send(node, p, ready, perPort[p].toIntArray(), hosts, sends, portFree, events, payloads, seq);
        }
      }
    }
    long bytes = 0;
    for (EnvelopeSend s : sends) {
      bytes += s.wireBytes();
    }
    int[] sw = tree.stream().mapToInt(Integer::intValue).sorted().toArray();
    return new Registration(groupIp, done, sends, bytes, confirmations, sw);
  }

  /**
   * Algorithm 4 at one switch: builds (or extends) the group's table from one envelope and returns,
   * per output port, the indices of the members that chose it (null where none). {@code carried}
   * indexes {@code hosts}/{@code qpn}; {@code dist} holds each member host's hop distances.
   */
  public IntArrayList[] processEnvelope(int sw, int ingress, int groupIp, int startPsn, int[] carried,
      int[] hosts, int[] qpn, Int2ObjectOpenHashMap<int[]> dist) {
    MulticastForwardingTable t = tables.computeIfAbsent(sw, k -> new MulticastForwardingTable(topo.degree(k), maxGroupsPerSwitch));
    int g = t.slot(groupIp);
    if (g < 0) {
      g = t.addGroup(groupIp, startPsn);
      if (!topo.isServer(topo.neighbor(sw, ingress))) {
        t.addForwarded(g, ingress); // the master's side (decision, see class javadoc)
      }
    }
    int deg = topo.degree(sw);
    IntArrayList[] perPort = new IntArrayList[deg];
    for (int idx : carried) {
      int h = hosts[idx];
      int out = -1;
      for (int p = 0; p < deg; p++) {
        if (topo.neighbor(sw, p) == h) {
          out = p;
          break;
        }
      }
      if (out >= 0) {
        if (t.entryOfPort(g, out) < 0) {
          t.addConnected(g, out, GleamAddresses.hostIp(h), qpn[idx]);
        }
      } else {
        out = choosePort(t, g, sw, ingress, dist.get(h), h);
      }
      linkUse[topo.link(sw, out)]++;
      if (perPort[out] == null) {
        perPort[out] = new IntArrayList();
      }
      perPort[out].add(idx);
    }
    return perPort;
  }

  private int choosePort(MulticastForwardingTable t, int g, int sw, int ingress, int[] d, int h) {
    int deg = topo.degree(sw);
    int best = -1;
    for (int p = 0; p < deg; p++) {
      int v = topo.neighbor(sw, p);
      if (p == ingress || d[v] != d[sw] - 1 || (topo.isServer(v) && v != h)) {
        continue;
      }
      int k = t.entryOfPort(g, p);
      if (k >= 0 && t.entryType(g, k) == MulticastForwardingTable.FORWARDED) {
        return p; // Alg. 4 lines 15-16: reuse
      }
      if (best < 0 || linkUse[topo.link(sw, p)] < linkUse[topo.link(sw, best)]) {
        best = p;
      }
    }
    if (best < 0) {
      throw new IllegalStateException("member " + h + " not reachable from switch " + sw + " without going back");
    }
    t.addForwarded(g, best); // Alg. 4 lines 18-22
    return best;
  }

  private void send(int node, int port, long readyPs, int[] members, int[] hosts, List<EnvelopeSend> sends,
      long[] portFree, PriorityQueue<long[]> events, List<int[]> payloads, long[] seq) {
    int link = topo.link(node, port);
    int total = envelopeCount(members.length);
    for (int s = 0; s < total; s++) {
      int from = s * MAX_MEMBERS_PER_ENVELOPE;
      int[] chunk = Arrays.copyOfRange(members, from, Math.min(members.length, from + MAX_MEMBERS_PER_ENVELOPE));
      int wire = envelopeWireBytes(chunk.length);
      long start = Math.max(readyPs, portFree[link]);
      long end = start + Time.serialization(wire, topo.capacityBps(link));
      portFree[link] = end;
      int[] chunkHosts = new int[chunk.length];
      for (int i = 0; i < chunk.length; i++) {
        chunkHosts[i] = hosts[chunk[i]];
      }
      sends.add(new EnvelopeSend(node, port, start, s + 1, total, chunkHosts, wire));
      payloads.add(chunk);
      events.add(new long[] {end + topo.delayPs(link), seq[0]++, topo.target(link), portOfReverse(link), payloads.size() - 1});
    }
  }

  private int portOfReverse(int link) {
    int r = topo.reverse(link);
    if (r < 0) {
      throw new IllegalStateException("one-way link " + link + " cannot carry registration");
    }
    return topo.port(r);
  }

  /** A confirmation from {@code host} to the master along one shortest path, idle fabric. */
  private long confirmationPs(int host, int[] masterDist) {
    long t = 0;
    int u = host;
    while (masterDist[u] > 0) {
      int next = -1;
      for (int p = 0; p < topo.degree(u); p++) {
        if (masterDist[topo.neighbor(u, p)] == masterDist[u] - 1) {
          next = p;
          break;
        }
      }
      int link = topo.link(u, next);
      if (u != host) {
        t += switchLatencyPs;
      }
      t += Time.serialization(CONFIRMATION_BYTES, topo.capacityBps(link)) + topo.delayPs(link);
      u = topo.target(link);
    }
    return t;
  }

  /**
   * Hop distances from member host {@code host} over switches (other servers are not expanded):
   * what a switch's unicast routing table knows about the host, the {@code dist} argument of
   * {@link #processEnvelope}. O(n + links).
   */
  public int[] distancesFrom(int host) {
    return bfs(host);
  }

  /** Hop distances from member host {@code src}; other servers are not expanded (they do not forward). */
  private int[] bfs(int src) {
    int n = topo.nodeCount();
    int[] d = new int[n];
    new Bfs(topo, d, new int[n], serverMask).run(src);
    return d;
  }

  void validate(int master, List<GroupMember> members) {
    if (members.size() < 2) {
      throw new InvalidParameterException("members", members.size(), "a group needs the master and >= 1 receiver");
    }
    Set<Integer> seen = new HashSet<>();
    boolean hasMaster = false;
    for (GroupMember m : members) {
      int h = m.host();
      if (h < 0 || h >= topo.nodeCount() || !topo.isServer(h) || topo.degree(h) != 1) {
        throw new InvalidParameterException("member", h, "must be a single-homed server of the topology (0.."
            + (topo.nodeCount() - 1) + ")");
      }
      if (!seen.add(h)) {
        throw new InvalidParameterException("member", h, "listed twice; members must be distinct");
      }
      hasMaster |= h == master;
    }
    if (!hasMaster) {
      throw new InvalidParameterException("master", master, "must be one of the members");
    }
  }
}
