package org.fabriclab.cli.gleam;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.gleam.PacketBcast;
import org.fabriclab.gleam.PacketGroupBcast;
import org.fabriclab.graph.Topology;

/**
 * {@code gleam bcast --switch-source-at PSN:HOST / --verb write}: source switching (seed 002
 * Appendix B) and one-to-many WRITE (§3.3) on a {@link PacketGroupBcast}, split out of
 * {@link GleamBcastCommand}. Its JCT ends at the last part's send completion (the source's ACK).
 */
final class BcastGroupRun {
  private BcastGroupRun() {}

  /** Refuses --verb and --switch-source-at in a mode that has no use for them. */
  static void optionsNeed(GleamBcastCommand c, String what) {
    String given = c.verbText != null ? "--verb" : c.switchSourceText != null ? "--switch-source-at" : null;
    if (given != null) {
      throw new InvalidParameterException(given, given + " needs " + what);
    }
  }

  /** The verb: true for write. */
  static boolean write(GleamBcastCommand c) {
    if (c.verbText == null) {
      return false;
    }
    String v = c.verbText.strip().toLowerCase(java.util.Locale.ROOT);
    if (!v.equals("send") && !v.equals("write")) {
      throw new InvalidParameterException("--verb", c.verbText, "one of send, write");
    }
    return v.equals("write");
  }

  static void run(GleamBcastCommand c, String m, Topology topo, int source, int[] recv, long size,
      double linkGbps, double loss, long seed) {
    boolean write = write(c);
    String given = c.verbText != null ? "--verb" : "--switch-source-at";
    if (c.ecnBytesText != null || c.receiverGbpsText != null || c.cnpFilterText != null) {
      throw new InvalidParameterException(given, given + " cannot be combined with --ecn-bytes, --receiver-gbps"
          + " or --cnp-filter");
    }
    if (c.dropAtText != null && !c.dropAtText.isEmpty()) {
      throw new InvalidParameterException(given, given + " cannot be combined with --drop-at (use --loss)");
    }
    if (!c.registerText.strip().equalsIgnoreCase("computed")) {
      throw new InvalidParameterException(given, given + " needs --register computed");
    }
    int servers = topo != null ? topo.serverCount() : c.servers(recv, source);
    if (topo == null && servers > PacketBcast.MAX_SERVERS) {
      throw new InvalidParameterException("--servers", servers, "valid range 2.." + PacketBcast.MAX_SERVERS
          + " with --engine packet (a Gleam table has at most 256 ports)");
    }
    Topology t = topo != null ? topo : PacketBcast.testbed(servers, linkGbps);
    long packets = PacketBcast.packets(size);
    List<PacketGroupBcast.Switch> switches = new ArrayList<>();
    if (c.switchSourceText != null) {
      if (!m.equals("gleam")) {
        throw new InvalidParameterException("--switch-source-at", "--switch-source-at needs --method gleam, not " + m);
      }
      if (packets < 2) {
        throw new InvalidParameterException("--switch-source-at", "--switch-source-at needs a message of at least"
            + " 2 packets (--size above 1024)");
      }
      for (String sw : c.switchSourceText) {
        String[] ph = sw.strip().split(":", -1);
        if (ph.length != 2) {
          throw new InvalidParameterException("--switch-source-at", sw, "PSN:HOST, e.g. 512:2");
        }
        int psn = (int) Args.longIn("--switch-source-at", ph[0], 1, packets - 1,
            "PSNs of a " + size + " B message at 1024 B per packet, after the first");
        int host = (int) Args.longIn("--switch-source-at", ph[1], 0, servers - 1);
        switches.add(new PacketGroupBcast.Switch(psn, host));
      }
    }
    int[] members = new int[recv.length + 1];
    members[0] = source;
    System.arraycopy(recv, 0, members, 1, recv.length);
    PacketGroupBcast.Result r = c.pcap.record(org.fabriclab.sim.probe.pcap.Framing.defaults(),
        attach -> PacketGroupBcast.run(m, t, members, size, loss, seed, switches, write, attach,
            c.progress.reporter(c.spec.commandLine().getErr())));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("engine", "packet");
    out.put("method", m);
    out.put("verb", write ? "write" : "send");
    out.put("source", source);
    out.put("receivers", recv.length);
    out.put("sizeBytes", size);
    out.put("topology", topo == null ? "testbed: one switch, " + servers + " servers" : c.topoText.strip());
    out.put("linkGbps", t.capacityBps(t.firstLink(t.server(source))) / 1e9);
    out.put("loss", loss);
    out.put("seed", seed);
    out.put("jctUs", r.jctUs());
    out.put("jctEndsAt", "the last source's send completion (its ACK)");
    out.put("sourceTxBytes", r.sourceTxBytes());
    Map<String, Long> delivered = new LinkedHashMap<>();
    if (!switches.isEmpty()) {
      delivered.put(Integer.toString(source), r.deliveredBytes()[0]);
    }
    for (int i = 0; i < recv.length; i++) {
      delivered.put(Integer.toString(recv[i]), r.deliveredBytes()[i + 1]);
    }
    out.put("deliveredBytes", delivered);
    out.put("messagePackets", r.messagePackets());
    out.put("dataPacketsSent", r.dataPacketsSent());
    out.put("retransmittedPackets", r.retransmittedPackets());
    if (write) {
      out.put("writeRequests", r.writeRequests());
      out.put("mrUpdateBytes", r.mrUpdateBytes());
    }
    if (!switches.isEmpty()) {
      List<Map<String, Integer>> sw = new ArrayList<>();
      for (PacketGroupBcast.Switch s : r.switches()) {
        Map<String, Integer> e = new LinkedHashMap<>();
        e.put("psn", s.packet());
        e.put("host", s.host());
        sw.add(e);
      }
      out.put("sourceSwitches", sw);
    }
    var w = c.spec.commandLine().getOut();
    if (!c.format.isText()) {
      c.format.printDocument(w, out);
    } else {
      w.printf(java.util.Locale.ROOT, "%s %s, %d receivers, %d B, %d source switches: JCT %.3f us (to the last"
          + " source's completion), source sent %d B, %d retransmitted, MR update %d B (packet engine)%n",
          m, write ? "write" : "send", recv.length, size, switches.size(), r.jctUs(), r.sourceTxBytes(),
          r.retransmittedPackets(), r.mrUpdateBytes());
    }
  }
}
