package org.fabriclab.gleam;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.sim.assembly.ElementBinding;
import org.fabriclab.sim.assembly.Fabric;
import org.fabriclab.sim.assembly.FabricDescription;
import org.fabriclab.sim.assembly.TransportBinding;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Accounting;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.probe.RunProgress;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.RdmaCompletions;
import org.fabriclab.sim.transport.rocev2.Rocev2Transport;
import org.fabriclab.units.Time;

/**
 * One broadcast at packet level on the paper's testbed (seed 002 §4, Fig. 8: one switch, the
 * source and its receivers attached to it): Gleam (one RC QP from the source to the GroupIP, the
 * switch a {@link GleamSwitchElement} whose table comes from {@link EnvelopeRegistration}) or
 * multiple unicasts (one RC QP per receiver, default switch). Senders and receivers run the
 * engine's unmodified RoCEv2 RC transport (go-back-N, ACK coalescing, DCQCN; no ECN marking here,
 * so no CNPs). Links: {@code linkGbps}, 10 ns propagation; the engine is store-and-forward with no
 * switching delay; RoCE MTU 1024 B payload + 64 B headers ({@link RcConfig#defaults()}).
 *
 * <p>A Gleam receiver QP has no sender (its peer is the GroupIP): it is a receive-only QP
 * ({@link Rocev2Transport#createReceiveQp}, feedback addressed towards the source, where the Gleam
 * switch intercepts it) with one receive work request for the message
 * ({@link Rocev2Transport#postReceive}). Deliveries and the NACKs reaching the source are observed
 * through the transport's {@link RdmaCompletions}.
 *
 * <p>Cost: O(packets × receivers) events; no allocation per packet beyond the engine's pool.
 */
public final class PacketBcast {
  /**
   * Result of one run; {@code deliveredBytes[i]} is receiver {@code i}'s in-order payload bytes;
   * {@code registrationPs} the envelope registration's time when its packets ran on the network
   * ({@link Options#registerByPackets}), else −1.
   */
  public record Result(String method, long jctPs, long sourceTxBytes, long[] deliveredBytes,
      long[] duplicateOrOutOfOrder, long retransmittedPackets, int[] sourceNacks, int[] sourceGoBacks,
      long messagePackets,
      boolean conserved, String accounting, long registrationPs) {
    public double jctUs() {
      return jctPs / 1e6;
    }
  }

  /** Default simulated-time cap (a run that needs longer is reported as not finished). */
  public static final long TIME_CAP_PS = Time.ms(60_000);

  /** Servers on the testbed switch at most (a table's port count). */
  public static final int MAX_SERVERS = 256;
  /** Largest message: an RC message of 2 GB (seed 002, Table 1). */
  public static final long MAX_BYTES = 1L << 31;

  private PacketBcast() {}

  /** Packets of a message of {@code bytes} with the default RoCE payload. */
  public static long packets(long bytes) {
    int pay = RcConfig.defaults().payloadBytes();
    return (bytes + pay - 1) / pay;
  }

  /** The testbed: switch node 0, servers 1..servers (server index i is node i + 1). */
  public static Topology testbed(int servers, double linkGbps) {
    TopologyBuilder b = new TopologyBuilder("gleam-testbed", servers + " servers, one switch")
        .defaults(Math.round(linkGbps * 1e9), Time.ns(10));
    int sw = b.addNode(NodeRole.PACKET_SWITCH);
    for (int i = 0; i < servers; i++) {
      b.addCable(b.addNode(NodeRole.SERVER), sw);
    }
    return b.build();
  }

  /**
   * Runs one broadcast.
   *
   * @param method "gleam" or "unicast"
   * @param receivers receiver server indices (distinct, not the source)
   * @param dropAt pairs {server index, PSN}: the first copy of that PSN towards that server is lost
   */
  public static Result run(String method, int servers, int source, int[] receivers, long sizeBytes,
      double linkGbps, double loss, List<int[]> dropAt, long seed) {
    return run(method, servers, source, receivers, sizeBytes, linkGbps, loss, dropAt, seed, null);
  }

  /** {@link #run(String, int, int, int[], long, double, double, List, long)} with {@link Options}. */
  public static Result run(String method, int servers, int source, int[] receivers, long sizeBytes,
      double linkGbps, double loss, List<int[]> dropAt, long seed, Options options) {
    if (servers < 2 || servers > MAX_SERVERS) {
      throw new InvalidParameterException("--servers", servers, "valid range 2.." + MAX_SERVERS
          + " at packet level (a Gleam table has at most 256 ports)");
    }
    return run(method, testbed(servers, linkGbps), source, receivers, sizeBytes, loss, dropAt, seed, options);
  }

  /**
   * Runs one broadcast on any topology: with Gleam, every switch of the registered tree gets a
   * {@link GleamSwitchElement}; with unicast, every switch gets an element with no group (it only
   * applies {@code dropAt}). Server indices as in {@link Topology#server(int)}.
   */
  public static Result run(String method, Topology topo, int source, int[] receivers, long sizeBytes,
      double loss, List<int[]> dropAt, long seed) {
    return run(method, topo, source, receivers, sizeBytes, loss, dropAt, seed, null);
  }

  /**
   * Where a run's loss happens and a hook before the start (seed 002 §5.3's loss experiments).
   *
   * @param lossOnArrivalAt when not null, loss {@code loss} is applied only to packets arriving at
   *     these nodes ({@link ArrivalLoss}), not on every switch port
   * @param beforeStart when not null, called with the network after setup, before the first send
   *     (tests wrap elements and receivers here)
   * @param registerByPackets Gleam's tables are built by envelope packets through the same network
   *     ({@link EnvelopePackets}, lossless, before the data; the JCT and the source's bytes count
   *     from the data's start) instead of the computed registration (the tables are equal)
   * @param progress where the data phase reports the payload bytes delivered to the receivers
   *     (counted from the bytes delivered, headers and acknowledgements scaled out: an estimate;
   *     reporting never changes the run, {@link RunProgress})
   */
  public record Options(int[] lossOnArrivalAt, java.util.function.Consumer<Network> beforeStart,
      boolean registerByPackets, Progress progress) {
    /** No progress reported. */
    public Options(int[] lossOnArrivalAt, java.util.function.Consumer<Network> beforeStart,
        boolean registerByPackets) {
      this(lossOnArrivalAt, beforeStart, registerByPackets, Progress.NONE);
    }

    /** Tables from the computed registration. */
    public Options(int[] lossOnArrivalAt, java.util.function.Consumer<Network> beforeStart) {
      this(lossOnArrivalAt, beforeStart, false);
    }
  }

  /** {@link #run(String, Topology, int, int[], long, double, List, long)} with {@link Options}. */
  public static Result run(String method, Topology topo, int source, int[] receivers, long sizeBytes,
      double loss, List<int[]> dropAt, long seed, Options options) {
    if (!method.equals("gleam") && !method.equals("unicast")) {
      throw new InvalidParameterException("--method", method, "gleam or unicast with --engine packet");
    }
    if (sizeBytes < 1 || sizeBytes > MAX_BYTES) {
      throw new InvalidParameterException("--size", sizeBytes, "valid range 1.." + MAX_BYTES);
    }
    NetworkConfig nc = new NetworkConfig(16L << 20, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, seed);
    boolean onArrival = options != null && options.lossOnArrivalAt() != null;
    if (loss > 0 && !onArrival) {
      nc = nc.withLoss(loss);
    }
    RcConfig rc = RcConfig.defaults();
    TransportBinding<Rocev2Transport> roce = TransportBinding.of("rocev2", (n, nic) -> new Rocev2Transport(n, rc, nic));
    Fabric fabric = FabricDescription.on(topo).config(nc).packetCapacity(1 << 12).transport(roce).build().assemble();
    Simulator sim = fabric.simulator();
    Network net = fabric.network();
    Rocev2Transport t = fabric.transport(roce);
    int src = topo.server(source);
    long packets = (sizeBytes + rc.payloadBytes() - 1) / rc.payloadBytes();
    int r = receivers.length;
    int[] rq = new int[r];
    int[] senderQps;
    List<GleamSwitchElement> elements = new ArrayList<>();
    GleamSwitchElement firstHop = null;
    long registrationPs = -1;
    int groupIp = GleamAddresses.groupIp(0);
    if (method.equals("gleam")) {
      // the engine routes by host: the source QP points at the first receiver; the Gleam switch
      // on the way intercepts every packet of the QP (its destination IP is the GroupIP)
      int sq = t.createQp(src, topo.server(receivers[0]));
      List<GroupMember> members = new ArrayList<>();
      members.add(new GroupMember(src, sq));
      for (int i = 0; i < r; i++) {
        rq[i] = t.createReceiveQp(topo.server(receivers[i]), src);
        t.postReceive(rq[i], sizeBytes, i);
        members.add(new GroupMember(topo.server(receivers[i]), rq[i]));
      }
      EnvelopeRegistration reg = new EnvelopeRegistration(topo, 1, 0);
      if (options != null && options.registerByPackets()) {
        EnvelopePackets env = new EnvelopePackets(net, reg);
        env.start(groupIp, src, members);
        sim.run(TIME_CAP_PS, 100_000_000L);
        registrationPs = env.result(groupIp).timePs();
        if (registrationPs < 0) {
          throw new IllegalStateException("envelope registration did not finish");
        }
      } else {
        reg.register(groupIp, src, members, 0);
      }
      int srcSwitch = topo.neighbor(src, 0);
      fabric.bind(GleamSwitchBinding.of(reg::table, roce, Time.us(50), new QpGroupIndex(), elements));
      for (GleamSwitchElement el : elements) {
        el.bindQp(sq, groupIp, true, src);
        for (int q : rq) {
          el.bindQp(q, groupIp, false, src);
        }
        if (el.node() == srcSwitch) {
          firstHop = el;
        }
      }
      senderQps = new int[] {sq};
    } else {
      // the same switches with an empty table: unicast passes them as any switch, with the same hooks
      fabric.bind(new ElementBinding((g, sw) -> !g.isServer(sw) && g.degree(sw) <= MAX_SERVERS, (f, sw) -> {
        GleamSwitchElement el = new GleamSwitchElement(topo, sw,
            new MulticastForwardingTable(topo.degree(sw), 1), t.kinds(), rc.headerBytes(), Time.us(50));
        elements.add(el);
        return el;
      }));
      for (int i = 0; i < r; i++) {
        rq[i] = t.createQp(src, topo.server(receivers[i]));
      }
      senderQps = rq;
    }
    for (int[] d : dropAt) {
      int host = topo.server(d[0]);
      int edge = topo.neighbor(host, 0); // the switch the receiver hangs on drops it
      for (GleamSwitchElement el : elements) {
        if (el.node() == edge) {
          el.dropAt(host, d[1]);
        }
      }
    }

    if (onArrival && loss > 0) {
      for (int node : options.lossOnArrivalAt()) {
        net.setElement(node, new ArrivalLoss(net.element(node), loss, seed, node));
      }
    }

    // observers: each receiver's message complete (in order, all bytes), NACKs at the source
    long[] delivered = new long[r];
    long[] anomalies = new long[r];
    long[] doneAt = {0};
    int[] done = {0};
    IntArrayList nacks = new IntArrayList();
    int[] receiverOfQp = new int[t.queuePairs().size()];
    java.util.Arrays.fill(receiverOfQp, -1);
    for (int i = 0; i < r; i++) {
      receiverOfQp[rq[i]] = i;
    }
    t.setCompletions(new RdmaCompletions() {
      @Override
      public void receiveComplete(int qpn, long wrId, long nowPs) {
        int i = receiverOfQp[qpn];
        if (delivered[i] > 0) {
          anomalies[i]++; // a second completion of the one message
          return;
        }
        delivered[i] = sizeBytes;
        if (++done[0] == r) {
          doneAt[0] = nowPs;
        }
      }

      @Override
      public void nackReceived(int qpn, int psn, long nowPs) {
        if (t.qpSource(qpn) == src) {
          nacks.add(psn);
        }
      }
    });
    if (options != null && options.beforeStart() != null) {
      options.beforeStart().accept(net);
    }
    long startPs = sim.now();
    long sourceBytesBefore = net.bytesSent(topo.firstLink(src));
    for (int q : senderQps) {
      t.postSend(q, sizeBytes, q);
    }
    long budget = 10_000_000L + 2_000L * packets * (r + 1);
    Progress progress = options == null || options.progress() == null ? Progress.NONE : options.progress();
    long expected = sizeBytes * r;
    long deliveredBefore = net.deliveredBytes();
    double payloadShare = rc.payloadBytes() / (double) (rc.payloadBytes() + rc.headerBytes());
    progress.begin("broadcast, bytes delivered", expected, Progress.Unit.BYTES);
    try {
      RunProgress.run(sim, TIME_CAP_PS, budget, progress,
          () -> Math.min(expected, (long) ((net.deliveredBytes() - deliveredBefore) * payloadShare)));
    } finally {
      progress.end();
    }
    if (done[0] < r) {
      throw new InvalidParameterException("--loss", loss, "the broadcast did not finish within "
          + TIME_CAP_PS / Time.PS_PER_MS + " ms of simulated time or " + budget
          + " events: use a lower loss rate (go-back-N makes no progress at high loss)");
    }
    Accounting a = net.accounting();
    long first = packets * senderQps.length;
    return new Result(method, doneAt[0] - startPs, net.bytesSent(topo.firstLink(src)) - sourceBytesBefore,
        delivered, anomalies,
        t.dataPackets() - first, nacks.toIntArray(), firstHop == null ? new int[0] : firstHop.sourceGoBacks(), packets, a.balanced() && a.inFlightPackets() == 0
            && a.injectedPackets() + a.copiedPackets() + a.generatedPackets()
                == a.deliveredPackets() + a.absorbedPackets() + a.droppedPackets(),
        a.toString(), registrationPs);
  }

}
