package org.fabriclab.cli.gleam;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.gleam.PacketBcast;
import org.fabriclab.gleam.TestbedModel;
import org.fabriclab.gleam.baseline.HplSchedules;
import org.fabriclab.gleam.baseline.MpiBcast;
import org.fabriclab.gleam.baseline.StarJctModel;
import org.fabriclab.sim.collective.CollectiveSchedule;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab gleam bcast}: one broadcast on the paper's testbed (one switch, the source and
 * its receivers on it), seed 002 §5.1, Fig. 9: at packet level on the engine ({@link PacketBcast}:
 * Gleam switch element, unmodified RoCEv2 RC; the default for gleam and unicast) or in the analytic
 * model {@link StarJctModel} (the only engine of openmpi, binomial and ring).
 */
@Command(
    name = "bcast",
    mixinStandardHelpOptions = true,
    description = {
      "One broadcast on the paper's testbed (one switch; host 0 the source, hosts 1..N the receivers).",
      "--engine packet (default for gleam and unicast): packet level, RoCEv2 RC go-back-N, loss, NACKs;",
      "--engine analytic (default and only engine for openmpi, binomial, ring): fluid model, no loss.",
      "Example: fabriclab gleam bcast --receivers 3 --size 1048576 --method gleam --drop-at 1:1 --drop-at 2:2 --json",
      "Any topology: fabriclab gleam bcast --topo fattree --k 4 --hosts 2,4,6 --size 65536 --json",
      "Source switching and WRITE: ... --switch-source-at 512:2 --verb write --json (jctUs then ends at the last"
          + " source's completion)"
    })
public final class GleamBcastCommand implements Runnable {
  /** Largest RC message: 2 GB (seed 002, Table 1). */
  static final long MAX_MESSAGE_BYTES = 1L << 31;

  @Spec CommandSpec spec;

  @Option(names = "--receivers", paramLabel = "N", description = "receivers, 1..1023: hosts 1..N (default: 3, the paper's testbed)")
  String receiversText;

  @Option(names = "--hosts", split = ",", paramLabel = "H", description = "explicit receiver hosts instead of --receivers, each 0..servers-1")
  List<String> hostsText;

  @Option(names = "--source", defaultValue = "0", description = "source host, 0..servers-1 (default: ${DEFAULT-VALUE})")
  String sourceText;

  @Option(names = "--servers", description = "servers on the switch, 2..1024 (default: 4, or enough for --receivers)")
  String serversText;

  @Option(names = "--size", required = true, paramLabel = "BYTES", description = "message bytes, 1..2147483648 (RC limit)")
  String sizeText;

  @Option(names = "--method", defaultValue = "gleam", description = "gleam|unicast|openmpi|binomial|ring (default: ${DEFAULT-VALUE})")
  String method;

  @Option(names = "--link-gbps", defaultValue = "100", description = "link rate, 1..1600 (default: ${DEFAULT-VALUE})")
  String linkGbpsText;

  @Option(names = "--overhead-us", defaultValue = "3", description = "host software time per message, 0..1000000, a model input (default: ${DEFAULT-VALUE})")
  String overheadUsText;

  @Option(names = "--loss", defaultValue = "0", description = "packet loss rate at the switch's ports in [0, 1); packet engine only (default: ${DEFAULT-VALUE})")
  String lossText;

  @Option(names = "--topo", paramLabel = "FAMILY|FILE",
      parameterConsumer = org.fabriclab.cli.TopologyArgs.FabricConsumer.class,
      description = "packet engine: any topology instead of the one-switch testbed, named as everywhere: a family"
          + " followed by its parameters as options (--topo fattree --k 4, as 'fabriclab topo FAMILY' takes them)"
          + " or a GraphML/JSON file followed by --servers-per-switch, --link-gbps, --link-delay-ns for values it"
          + " lacks ('fattree k=4', one quoted argument, is also accepted); hosts are server indices")
  String topoText;

  @Option(names = "--engine", description = "packet|analytic (default: packet for gleam and unicast, analytic for the others)")
  String engineText;

  @Option(names = "--drop-at", paramLabel = "HOST:PSN", description = "packet engine: lose the first copy of data PSN (0-based) on its way to receiver HOST; repeatable")
  List<String> dropAtText;

  @Option(names = "--seed", defaultValue = "1", description = "seed of the random loss, 0..2^63-1 (default: ${DEFAULT-VALUE})")
  String seedText;

  @Option(names = "--register", defaultValue = "computed", description = "packet engine, gleam: computed|packet — build the tables by envelope packets through the fabric first (Appendix A) and print registrationUs (default: ${DEFAULT-VALUE})")
  String registerText;

  @Option(names = "--ecn-bytes", paramLabel = "BYTES", description = "packet engine, gleam, testbed: ECN-mark packets"
      + " queued behind more than BYTES on a port, 1..2^40 (the receivers' CNPs then drive the source's DCQCN;"
      + " default: no marking)")
  String ecnBytesText;

  @Option(names = "--receiver-gbps", split = ",", paramLabel = "G", description = "packet engine, gleam, testbed: the"
      + " receivers' link rates, each 1..1600, one for all or one per receiver (default: --link-gbps)")
  List<String> receiverGbpsText;

  @Option(names = "--cnp-filter", paramLabel = "on|off", description = "packet engine, gleam, testbed: the switch's"
      + " CNP filter (§3.5) on, or off to pass every receiver's CNP to the source (default: on)")
  String cnpFilterText;

  @Option(names = "--verb", paramLabel = "send|write", description = "packet engine: send (default) or write:"
      + " gleam sends the MR-update message then one one-to-many WRITE (§3.3), unicast one RC WRITE per receiver;"
      + " a 16 B RETH on each WRITE's first packet; prints mrUpdateBytes, writeRequests")
  String verbText;

  @Option(names = "--switch-source-at", paramLabel = "PSN:HOST", description = "packet engine, gleam: from the"
      + " message's packet PSN on (1..packets-1), member HOST (the source or a receiver) is the source, after the"
      + " previous part completed, with Appendix B's PSN synchronisation; repeatable, PSNs increasing;"
      + " prints sourceSwitches")
  List<String> switchSourceText;

  @picocli.CommandLine.Mixin org.fabriclab.cli.PcapOptions pcap = new org.fabriclab.cli.PcapOptions();

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @picocli.CommandLine.Mixin org.fabriclab.cli.ProgressOption progress = new org.fabriclab.cli.ProgressOption();

  @Override
  public void run() {
    format.format();
    long size = Args.longIn("--size", sizeText, 1, MAX_MESSAGE_BYTES, "an RC message is at most 2 GB, Gleam paper, Table 1");
    double linkGbps = Args.doubleIn("--link-gbps", linkGbpsText, 1, 1600, false);
    double overheadUs = Args.doubleIn("--overhead-us", overheadUsText, 0, 1e6, false);
    double loss = Args.doubleIn("--loss", lossText, 0, 1, true);
    long seed = Args.longIn("--seed", seedText, 0, Long.MAX_VALUE);
    org.fabriclab.graph.Topology topo = topoText == null ? null : topology();
    int[] recv = receivers(topo);
    int source = Integer.parseInt(sourceText.strip()); // validated by receivers()
    String m = method.toLowerCase(java.util.Locale.ROOT);
    boolean packetCapable = m.equals("gleam") || m.equals("unicast");
    String engine = engineText == null ? (packetCapable ? "packet" : "analytic")
        : engineText.strip().toLowerCase(java.util.Locale.ROOT);
    if (!engine.equals("packet") && !engine.equals("analytic")) {
      throw new InvalidParameterException("--engine", engineText, "one of packet, analytic");
    }
    pcap.validate();
    if (engine.equals("packet")) {
      if (!packetCapable) {
        throw new InvalidParameterException("--engine", "packet", "--method " + m
            + " has only the analytic engine; packet level runs gleam and unicast");
      }
      if (BcastGroupRun.write(this) || switchSourceText != null) {
        BcastGroupRun.run(this, m, topo, source, recv, size, linkGbps, loss, seed);
        return;
      }
      if (ecnBytesText != null || receiverGbpsText != null || cnpFilterText != null) {
        BcastCongestionRun.run(this, m, topo, source, recv, size, linkGbps, loss, seed);
        return;
      }
      runPacket(m, topo, source, recv, size, linkGbps, loss, seed);
      return;
    }
    pcap.refuse("--engine packet (the analytic model has no packets)");
    if (topo != null) {
      throw new InvalidParameterException("--topo", "--topo needs --engine packet (the analytic model is the one-switch testbed)");
    }
    if (loss > 0) {
      throw new InvalidParameterException("--loss", lossText.strip(),
          "valid range [0, 1), but only 0 with --engine analytic (the analytic model has no loss; use --engine packet)");
    }
    if (dropAtText != null && !dropAtText.isEmpty()) {
      throw new InvalidParameterException("--drop-at", "--drop-at needs --engine packet (the analytic model has no packets)");
    }
    if (!registerText.strip().equalsIgnoreCase("computed")) {
      throw new InvalidParameterException("--register", registerText, "only computed with --engine analytic");
    }
    BcastCongestionRun.optionsNeed(this, "--engine packet (the analytic model has no queues)");
    BcastGroupRun.optionsNeed(this, "--engine packet");
    int ranks = recv.length + 1;
    CollectiveSchedule s = switch (m) {
      case "gleam" -> MpiBcast.gleam(ranks, 0, size);
      case "unicast" -> MpiBcast.linear(ranks, 0, size);
      case "openmpi" -> MpiBcast.openMpi(ranks, 0, size);
      case "binomial" -> MpiBcast.binomial(ranks, 0, size);
      case "ring" -> HplSchedules.increasingRing(ranks, 0, size);
      default -> throw new InvalidParameterException("--method", method, "one of gleam, unicast, openmpi, binomial, ring");
    };
    StarJctModel model = new TestbedModel(linkGbps, overheadUs).model();
    long jct = model.jctPs(s);
    long tx = 0;
    long[] got = new long[ranks];
    for (int t = 0; t < s.size(); t++) {
      if (s.rank(t) == 0) {
        tx += model.wireBytes(s.bytes(t));
      }
      for (int d : s.receivers(t)) {
        got[d] += s.bytes(t);
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("engine", "analytic");
    out.put("method", m);
    out.put("algorithm", s.name());
    out.put("source", source);
    out.put("receivers", recv.length);
    out.put("sizeBytes", size);
    out.put("jctUs", jct / 1e6);
    out.put("sourceTxBytes", tx);
    Map<String, Long> delivered = new LinkedHashMap<>();
    for (int i = 0; i < recv.length; i++) {
      delivered.put(Integer.toString(recv[i]), got[i + 1]);
    }
    out.put("deliveredBytes", delivered);
    out.put("retransmittedPackets", 0);
    out.put("sourceNacks", List.of());
    var w = spec.commandLine().getOut();
    if (!format.isText()) {
      format.printDocument(w, out);
    } else {
      w.printf(java.util.Locale.ROOT, "%s (%s), %d receivers, %d B: JCT %.3f us, source sent %d B (analytic model)%n",
          m, s.name(), recv.length, size, jct / 1e6, tx);
    }
  }

  int servers(int[] recv, int source) {
    int srv = serversText == null ? 0 : Integer.parseInt(serversText.strip()); // validated by receivers()
    int max = source;
    for (int h : recv) {
      max = Math.max(max, h);
    }
    return Math.max(srv, Math.max(4, max + 1));
  }

  private org.fabriclab.graph.Topology topology() {
    if (serversText != null) {
      throw new InvalidParameterException("--servers", "give either --servers (the testbed) or --topo, not both");
    }
    String[] words = topoText.trim().split("\\s+");
    Map<String, String> raw = new LinkedHashMap<>();
    for (int i = 1; i < words.length; i++) {
      int eq = words[i].indexOf('=');
      if (eq <= 0) {
        throw new InvalidParameterException("--topo", topoText, "expected FAMILY --KEY VALUE ... (e.g. --topo fattree"
            + " --k 4) or one quoted argument 'FAMILY key=value ...'");
      }
      raw.put(words[i].substring(0, eq), words[i].substring(eq + 1));
    }
    org.fabriclab.graph.Topology t;
    try {
      t = org.fabriclab.cli.TopologyArgs.topology(words[0], raw, 1); // a family's seed defaults to 1
    } catch (InvalidParameterException ex) {
      throw new InvalidParameterException("--topo", "--topo '" + topoText.strip() + "': " + ex.getMessage());
    }
    for (int v = 0; v < t.nodeCount(); v++) {
      if (!t.isServer(v) && t.degree(v) > PacketBcast.MAX_SERVERS) {
        throw new InvalidParameterException("--topo", topoText.strip(), "switches of at most "
            + PacketBcast.MAX_SERVERS + " ports (a Gleam table's port number is one byte)");
      }
      if (t.isServer(v) && t.degree(v) != 1) {
        throw new InvalidParameterException("--topo", topoText.strip(), "single-homed servers (a Gleam member"
            + " hangs on one switch port)");
      }
    }
    if (t.serverCount() < 2) {
      throw new InvalidParameterException("--topo", topoText.strip(), "at least 2 servers");
    }
    return t;
  }

  private void runPacket(String m, org.fabriclab.graph.Topology topo, int source, int[] recv, long size,
      double linkGbps, double loss, long seed) {
    int servers = topo != null ? topo.serverCount() : servers(recv, source);
    if (topo == null && servers > PacketBcast.MAX_SERVERS) {
      throw new InvalidParameterException("--servers", servers, "valid range 2.." + PacketBcast.MAX_SERVERS
          + " with --engine packet (a Gleam table has at most 256 ports)");
    }
    long packets = PacketBcast.packets(size);
    List<int[]> drops = new ArrayList<>();
    if (dropAtText != null) {
      for (String d : dropAtText) {
        String[] hp = d.strip().split(":", -1);
        if (hp.length != 2) {
          throw new InvalidParameterException("--drop-at", d, "HOST:PSN, e.g. 1:0");
        }
        int h = (int) Args.longIn("--drop-at", hp[0], 0, servers - 1);
        boolean isReceiver = false;
        for (int x : recv) {
          isReceiver |= x == h;
        }
        if (!isReceiver) {
          throw new InvalidParameterException("--drop-at", d, "HOST must be one of the receivers");
        }
        int psn = (int) Args.longIn("--drop-at", hp[1], 0, packets - 1,
            "PSNs of a " + size + " B message at 1024 B per packet");
        drops.add(new int[] {h, psn});
      }
    }
    String register = registerText.strip().toLowerCase(java.util.Locale.ROOT);
    if (!register.equals("computed") && !register.equals("packet")) {
      throw new InvalidParameterException("--register", registerText, "one of computed, packet");
    }
    org.fabriclab.graph.Topology fabric = topo != null ? topo : PacketBcast.testbed(servers, linkGbps);
    PacketBcast.Result r = pcap.record(org.fabriclab.sim.probe.pcap.Framing.defaults(), attach -> PacketBcast.run(m,
        fabric, source, recv, size, loss, drops, seed, new PacketBcast.Options(null, attach, register.equals("packet"),
            progress.reporter(spec.commandLine().getErr()))));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("engine", "packet");
    out.put("method", m);
    out.put("source", source);
    out.put("receivers", recv.length);
    out.put("sizeBytes", size);
    out.put("topology", topo == null ? "testbed: one switch, " + servers + " servers" : topoText.strip());
    out.put("linkGbps", topo == null ? linkGbps : topo.capacityBps(topo.firstLink(topo.server(source))) / 1e9);
    out.put("loss", loss);
    out.put("seed", seed);
    out.put("jctUs", r.jctUs());
    if (r.registrationPs() >= 0) {
      out.put("registrationUs", r.registrationPs() / 1e6);
    }
    out.put("sourceTxBytes", r.sourceTxBytes());
    Map<String, Long> delivered = new LinkedHashMap<>();
    for (int i = 0; i < recv.length; i++) {
      delivered.put(Integer.toString(recv[i]), r.deliveredBytes()[i]);
    }
    out.put("deliveredBytes", delivered);
    out.put("messagePackets", r.messagePackets());
    out.put("retransmittedPackets", r.retransmittedPackets());
    out.put("sourceNacks", r.sourceNacks());
    out.put("accountingConserved", r.conserved());
    var w = spec.commandLine().getOut();
    if (!format.isText()) {
      format.printDocument(w, out);
    } else {
      w.printf(java.util.Locale.ROOT, "%s, %d receivers, %d B: JCT %.3f us, source sent %d B, %d retransmitted, NACKs %s (packet engine)%n",
          m, recv.length, size, r.jctUs(), r.sourceTxBytes(), r.retransmittedPackets(),
          java.util.Arrays.toString(r.sourceNacks()));
    }
  }

  private int[] receivers(org.fabriclab.graph.Topology topo) {
    if (receiversText != null && hostsText != null) {
      throw new InvalidParameterException("--hosts", "give either --receivers or --hosts, not both");
    }
    Integer receivers = receiversText == null ? null : (int) Args.longIn("--receivers", receiversText, 1, 1023);
    int n = hostsText != null ? hostsText.size() : receivers == null ? 3 : receivers;
    Integer servers = serversText == null ? null : (int) Args.longIn("--servers", serversText, 2, 1024);
    int srv = topo != null ? topo.serverCount() : servers != null ? servers : Math.max(4, (hostsText == null ? n : 0) + 1);
    int source = (int) Args.longIn("--source", sourceText, 0, srv - 1);
    List<Integer> hosts = null;
    if (hostsText != null) {
      hosts = new ArrayList<>();
      for (String h : hostsText) {
        hosts.add((int) Args.longIn("--hosts", h, 0, srv - 1)); // a host of the switch's srv servers
      }
    }
    if (hosts == null && n + 1 > srv) {
      throw new InvalidParameterException("--receivers", n,
          "valid range 1.." + (srv - 1) + " with --servers " + srv + " (the source takes one server)");
    }
    List<Integer> list = new ArrayList<>();
    if (hosts == null) {
      for (int h = 0; list.size() < n; h++) {
        if (h != source) {
          list.add(h);
        }
      }
    } else {
      list.addAll(hosts);
    }
    Set<Integer> seen = new HashSet<>();
    for (int h : list) {
      if (h == source) {
        throw new InvalidParameterException("--hosts", h, "equals the source; a receiver must differ from --source " + source);
      }
      if (!seen.add(h)) {
        throw new InvalidParameterException("--hosts", h, "listed twice; receivers must be distinct");
      }
    }
    if (list.isEmpty()) {
      throw new InvalidParameterException("--hosts", "--hosts needs at least one receiver");
    }
    return list.stream().mapToInt(Integer::intValue).toArray();
  }
}
