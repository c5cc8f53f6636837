package org.fabriclab.shufflecast;

import java.util.Arrays;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.assembly.Fabric;
import org.fabriclab.sim.assembly.FabricDescription;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Accounting;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.packet.Packets;

/**
 * Packet-level multicast groups on the Shufflecast data plane (seed 000_9b2589b0d55d7b52.txt
 * §III, §V testbed, §VI-A(a) Fig. 6(a), §VI-B(b) Fig. 6(d)(e)): servers, ToRs running
 * {@link ShufflecastRelayElement}, the engine's passive splitters; the controller
 * ({@link ShufflecastController}) installs each group's ToR-to-server rules when the group is
 * requested and the source starts sending after the rule-update latency (0.6 ms, §VI-B(a)).
 * The same groups can run on the comparison network with IP multicast ({@link IpMulticastFabric})
 * or as HTTP-like repeated unicast from the source ({@link Method#HTTP}).
 *
 * <p>Decisions:
 * <ul>
 *   <li>Sender ({@link Sender}): UDP-like paced at exactly the line rate of its NIC; the
 *       loss-feedback AIMD of {@link LossFeedbackRate} (no retransmission); or the reliable
 *       NORM-like protocol with TFMCC rate control the paper runs ({@link org.fabriclab.sim.transport.norm.NormMulticast}, run by
 *       {@link NormRun}, which also plays joins, leaves and a relay failure). Packets carry
 *       {@link #PAYLOAD_BYTES} of payload in a {@link #WIRE_BYTES} frame (40 B of IP/UDP headers
 *       charged; Ethernet preamble and gap not modelled), so a lossless run's goodput is at most
 *       {@code 1460/1500} of line rate.
 *   <li>Group g (0-based) of size M is its source server and the M−1 servers that follow it in
 *       server order (cyclically); it is requested at {@code g · stagger}.
 *   <li>{@code startNs} is when the source starts sending (request + rule update), {@code endNs}
 *       when the last member received its last packet (NORM: held the whole object);
 *       {@code throughputGbps} is the mean payload bytes a member received over
 *       {@code endNs − startNs} (the full size when lossless or reliable).
 *   <li>Ports: 1 MB drop-tail per port, no ECN; links of the topology at {@code linkGbps} with
 *       1 µs of fibre each.
 * </ul>
 * The unreliable senders run in {@link PacedRun}, NORM in {@link NormRun}. O(packets × (ToRs +
 * members)) events; memory O(groups × servers), nothing per packet.
 */
public final class ShufflecastMulticastRun {
  /** Payload per packet. */
  public static final int PAYLOAD_BYTES = 1460;
  /** Frame size on the wire: payload plus 40 B of headers. */
  public static final int WIRE_BYTES = PAYLOAD_BYTES + 40;
  /** Per-port buffer. */
  public static final long BUFFER_BYTES = 1 << 20;
  /** Offsets of this run's packet kinds in the network's registry: data, loss feedback, HTTP unicast. */
  private static final int DATA = 0;
  private static final int FEEDBACK = 1;
  private static final int UNICAST = 2;
  /** Largest transfer accepted. */
  public static final long MAX_BYTES = 1L << 40;

  /**
   * One group's outcome. {@code memberBytes[j]} counts the distinct payload bytes member j handed
   * to its application, {@code memberArrivals[j]} every multicast packet it received (duplicates
   * included), {@code memberDuplicates[j]} the duplicates; {@code transmissions} every multicast
   * packet the source sent (data, repairs, flushes), {@code repairs} the repairs among them.
   */
  public record GroupResult(int source, int[] members, long bytes, long requestNs, long startNs,
      long endNs, double throughputGbps, long minMemberBytes, long outOfOrder, long[] memberBytes,
      long[] memberArrivals, long[] memberDuplicates, long transmissions, long repairs) {}

  /**
   * The run's outcome; {@code acct} is the engine's accounting at the end, {@code
   * splitterPortDrops[t]} the packets ToR t's splitter transmitter dropped (buffer full) and
   * {@code splitterPortBytes[t]} the bytes it sent;
   * {@code seriesBytes[g][i]} the distinct payload bytes group g's members received (summed) in
   * the i-th bin of {@code seriesBinNs}; {@code recovery} Algorithm 2's outcome after a relay
   * failure (null without one).
   */
  public record Result(List<GroupResult> groups, double lossRate, long droppedPackets,
      Accounting acct, long packetsPerGroup, long[] splitterPortDrops, long[] splitterPortBytes,
      long seriesBinNs,
      long[][] seriesBytes, RelayFailureRecovery.Outcome recovery) {}

  /** The sender of every group. */
  public enum Sender {
    /** Paced at line rate, no control, no retransmission. */
    UDP,
    /** {@link LossFeedbackRate}: loss-feedback AIMD, no retransmission. */
    AIMD,
    /** {@link org.fabriclab.sim.transport.norm.NormMulticast}: NACK-based reliable multicast with TFMCC rate control. */
    NORM
  }

  /** A member joins or leaves group {@code group} at {@code atNs} (its request time). */
  public record MembershipChange(int group, int server, boolean join, long atNs) {}

  /**
   * What happens during the transfer (NORM sender only): membership changes, a relay failure
   * ({@code failRelay} ToR at {@code failAtNs}, −1 for none), the time-series bin, and random
   * loss with probability {@code lossProbability} on the link into server {@code lossyServer}
   * (−1: none; the engine's seeded {@code RandomLoss}).
   */
  public record Scenario(List<MembershipChange> changes, int failRelay, long failAtNs,
      long seriesBinNs, int lossyServer, double lossProbability) {
    /** Nothing happens; 1 ms bins. */
    public static final Scenario NONE = new Scenario(List.of(), -1, 0, 1_000_000, -1, 0);

    /** This scenario with random loss on the link into {@code server}. */
    public Scenario withLoss(int server, double probability) {
      return new Scenario(changes, failRelay, failAtNs, seriesBinNs, server, probability);
    }
  }

  private final ShufflecastTopology t;
  private final int serversPerTor;
  private final double linkGbps;
  private final boolean rateControl;
  private final Sender sender;
  private final boolean ipMulticast;
  private final boolean http;
  private final boolean feedbackPriority;

  /** Without rate control: the unreliable sender paced at line rate. */
  public ShufflecastMulticastRun(int p, int k, int serversPerTor, double linkGbps) {
    this(p, k, serversPerTor, linkGbps, false);
  }

  /**
   * @param rateControl senders adapt their rate to loss feedback ({@link LossFeedbackRate});
   *     false: paced at line rate
   */
  public ShufflecastMulticastRun(int p, int k, int serversPerTor, double linkGbps,
      boolean rateControl) {
    this(p, k, serversPerTor, linkGbps, rateControl, Method.SHUFFLECAST);
  }

  /** How a group's data reaches its members. */
  public enum Method {
    /** The Shufflecast splitter fabric. */
    SHUFFLECAST,
    /** The comparison network of the same ToRs under a non-blocking core, switch replication. */
    IP_MULTICAST,
    /**
     * HTTP-like repeated unicast on the comparison network: the source sends each packet once per
     * member, round-robin over the members, paced as one sender (its NIC is shared by them all).
     */
    HTTP
  }

  /** @param method the fabric and delivery ({@link Method}) */
  public ShufflecastMulticastRun(int p, int k, int serversPerTor, double linkGbps,
      boolean rateControl, Method method) {
    this(p, k, serversPerTor, linkGbps, rateControl ? Sender.AIMD : Sender.UDP, method);
  }

  /** @param sender every group's sender ({@link Sender}) */
  public ShufflecastMulticastRun(int p, int k, int serversPerTor, double linkGbps, Sender sender,
      Method method) {
    this(p, k, serversPerTor, linkGbps, sender, method, false);
  }

  private ShufflecastMulticastRun(int p, int k, int serversPerTor, double linkGbps, Sender sender,
      Method method, boolean feedbackPriority) {
    this.feedbackPriority = feedbackPriority;
    this.sender = sender;
    this.rateControl = sender == Sender.AIMD;
    if (sender == Sender.NORM && method == Method.HTTP) {
      throw new InvalidParameterException("--sender", "norm needs a multicast method (shufflecast or ip-multicast)");
    }
    this.ipMulticast = method != Method.SHUFFLECAST;
    this.http = method == Method.HTTP;
    this.t = new ShufflecastTopology(p, k);
    InvalidParameterException.requireRange("--servers-per-tor", serversPerTor, 1, 1024);
    if (!(linkGbps >= 0.001 && linkGbps <= 10_000)) {
      throw new InvalidParameterException("--link-gbps", linkGbps, "valid range [0.001, 10000]");
    }
    if ((long) t.tors() * serversPerTor > 1 << 20) {
      throw new InvalidParameterException("--servers-per-tor",
          "k·p^k · servers-per-tor must be at most 1048576 servers");
    }
    this.serversPerTor = serversPerTor;
    this.linkGbps = linkGbps;
  }

  /**
   * This configuration with NORM's feedback (NACKs, TFMCC reports, ACKs) in a strict-priority
   * class at every port (the engine's priority queues, packets flagged {@link Packets#PRIORITY};
   * data, repairs and flushes stay in the drop-tail class, one 1 MB bound per port for both). A
   * what-if, not the paper's testbed, which states no switch QoS: it removes the
   * queueing of the reports behind other groups' data on their source's downlink, which inflates
   * a group's RTT and so lowers its TFMCC rate ({@link Fig6Experiments}). NORM sender only.
   */
  ShufflecastMulticastRun withFeedbackPriority() {
    if (sender != Sender.NORM) {
      throw new InvalidParameterException("--sender", "feedback priority needs --sender norm");
    }
    return new ShufflecastMulticastRun(t.p(), t.k(), serversPerTor, linkGbps, sender,
        http ? Method.HTTP : ipMulticast ? Method.IP_MULTICAST : Method.SHUFFLECAST, true);
  }

  /** Payload bytes the members of every group receive once each (progress total). */
  static long expectedBytes(int[][] members, long bytes) {
    long n = 0;
    for (int[] m : members) {
      n += m.length;
    }
    return n * bytes;
  }

  public int servers() {
    return t.tors() * serversPerTor;
  }

  public ShufflecastTopology topology() {
    return t;
  }

  /** The members (excluding the source) of a group of size {@code groupSize} sourced at {@code source}. */
  public int[] members(int source, int groupSize) {
    int s = servers();
    int[] m = new int[groupSize - 1];
    for (int i = 0; i < m.length; i++) {
      m[i] = (source + 1 + i) % s;
    }
    return m;
  }

  /**
   * Runs one multicast per source server, all of {@code bytes}, group size {@code groupSize}
   * (source included), group g requested at {@code g · staggerNs}.
   */
  public Result run(int[] sources, long bytes, int groupSize, long staggerNs) {
    int s = servers();
    InvalidParameterException.requireRange("--group-size", groupSize, 2, s);
    InvalidParameterException.requireRange("--groups", sources.length, 1, s);
    for (int src : sources) {
      InvalidParameterException.requireRange("--sources", src, 0, s - 1);
    }
    int[][] members = new int[sources.length][];
    for (int i = 0; i < sources.length; i++) {
      members[i] = members(sources[i], groupSize);
    }
    return run(sources, members, bytes, staggerNs);
  }

  /**
   * Runs one multicast per source server to the given member servers (source excluded), all of
   * {@code bytes}, group g requested at {@code g · staggerNs}.
   */
  public Result run(int[] sources, int[][] members, long bytes, long staggerNs) {
    return run(sources, members, bytes, staggerNs, Scenario.NONE);
  }

  /**
   * As {@link #run(int[], int[][], long, long)} with a {@link Scenario}; {@code members[g]} are the
   * members from the start; servers that join later are named in the scenario only.
   */
  public Result run(int[] sources, int[][] members, long bytes, long staggerNs, Scenario sc) {
    return run(sources, members, bytes, staggerNs, sc, Progress.NONE);
  }

  /**
   * As {@link #run(int[], int[][], long, long, Scenario)}, reporting the payload bytes delivered
   * to the members from the start (of groups × members × bytes) to {@code progress}.
   */
  public Result run(int[] sources, int[][] members, long bytes, long staggerNs, Scenario sc,
      Progress progress) {
    int s = servers();
    InvalidParameterException.requireRange("--size", bytes, 1, MAX_BYTES);
    InvalidParameterException.requireRange("--groups", sources.length, 1, s);
    InvalidParameterException.requireRange("stagger (ns)", staggerNs, 0, 3_600_000_000_000L);
    boolean[] seen = new boolean[s];
    for (int src : sources) {
      InvalidParameterException.requireRange("--sources", src, 0, s - 1);
      if (seen[src]) {
        throw new InvalidParameterException("--sources", "--sources names server " + src + " twice");
      }
      seen[src] = true;
    }
    long capacityBps = Math.round(linkGbps * 1e9);
    boolean eventful = !sc.changes().isEmpty() || sc.failRelay() >= 0 || sc.lossyServer() >= 0;
    if (eventful && sender != Sender.NORM) {
      throw new InvalidParameterException("--sender",
          "joins, leaves, relay failures and injected loss need --sender norm");
    }
    if (sc.failRelay() >= 0 && ipMulticast) {
      throw new InvalidParameterException("--fail-relay", "--fail-relay needs --method shufflecast");
    }
    InvalidParameterException.requireRange("time-series bin (ns)", sc.seriesBinNs(), 1_000, 3_600_000_000_000L);
    MulticastFabric fabric = ipMulticast ? new IpMulticastFabric(t.tors(), serversPerTor)
        : new SplitterFabric(t, serversPerTor);
    Topology topo = fabric.build(capacityBps);
    Fabric built = FabricDescription.on(topo).packetCapacity(1024).splitters().element(fabric.binding())
        .config(feedbackPriority
            ? new NetworkConfig(BUFFER_BYTES, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1,
                0, 0, true, 0, 0)
            : new NetworkConfig(BUFFER_BYTES, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1))
        .build().assemble();
    Simulator sim = built.simulator();
    Packets pk = built.packets();
    Network net = built.network();
    if (sc.lossyServer() >= 0) {
      InvalidParameterException.requireRange("lossy server", sc.lossyServer(), 0, s - 1);
      if (!(sc.lossProbability() >= 0 && sc.lossProbability() < 1)) {
        throw new InvalidParameterException("loss probability", sc.lossProbability(), "valid range [0, 1)");
      }
      for (int e = 0; e < topo.linkCount(); e++) {
        if (topo.target(e) == sc.lossyServer()) {
          net.setLinkLoss(e, sc.lossProbability());
        }
      }
    }
    // the kinds are registered so a transport sharing this network never collides with them; their
    // packets have no kind receiver and reach the sink installed below
    int kinds = net.kinds().register("shufflecast", null, "DATA", "FEEDBACK", "UNICAST");
    int dataKind = kinds + DATA;
    int feedbackKind = kinds + FEEDBACK;
    int unicastKind = kinds + UNICAST;

    int g = sources.length;
    long packets = (bytes + PAYLOAD_BYTES - 1) / PAYLOAD_BYTES;
    if (packets > Integer.MAX_VALUE) {
      throw new InvalidParameterException("--size", bytes, "at most " + MAX_BYTES + " bytes");
    }
    int[][] slot = new int[g][s];
    long[] requestPs = new long[g];
    for (int i = 0; i < g; i++) {
      Arrays.fill(slot[i], -1);
      if (members[i].length == 0) {
        throw new InvalidParameterException("--group-size", "group " + i + " has no member");
      }
      for (int j = 0; j < members[i].length; j++) {
        int m = members[i][j];
        InvalidParameterException.requireRange("member", m, 0, s - 1);
        if (m == sources[i] || slot[i][m] >= 0) {
          throw new InvalidParameterException("member",
              "group " + i + " lists server " + m + " twice or as its own source");
        }
        slot[i][m] = j;
      }
      requestPs[i] = i * staggerNs * 1000L;
    }
    if (sender == Sender.NORM) {
      return new NormRun(fabric, net, sources, members, bytes, requestPs, sc, capacityBps,
          t.tors(), serversPerTor, feedbackPriority).run(progress);
    }
    return new PacedRun(fabric, net, dataKind, feedbackKind, unicastKind, slot, sources, members, bytes,
        packets, requestPs, sc, capacityBps, rateControl, http, t.tors()).run(progress);
  }

  /** Drops and bytes sent of each ToR's splitter transmitter (zeros on the comparison network). */
  static void splitterPorts(MulticastFabric fabric, Network net, long[] drops, long[] bytes) {
    if (fabric instanceof SplitterFabric sf) {
      for (int tor = 0; tor < drops.length; tor++) {
        drops[tor] = net.drops(sf.element.splitterLink(tor));
        bytes[tor] = net.bytesSent(sf.element.splitterLink(tor));
      }
    }
  }
}
