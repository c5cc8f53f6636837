package org.fabriclab.cli.gleam;

import java.util.LinkedHashMap;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.gleam.CnpPacketExperiment;
import org.fabriclab.gleam.PacketBcast;

/**
 * {@code gleam bcast --ecn-bytes / --receiver-gbps / --cnp-filter}: the testbed broadcast with ECN
 * marking, per-receiver link rates and the switch's CNP filter (seed 002 §3.5), split out of
 * {@link GleamBcastCommand}.
 */
final class BcastCongestionRun {
  private BcastCongestionRun() {}

  /** Refuses --ecn-bytes, --receiver-gbps and --cnp-filter in a mode that has no use for them. */
  static void optionsNeed(GleamBcastCommand c, String what) {
    String given = c.ecnBytesText != null ? "--ecn-bytes" : c.receiverGbpsText != null ? "--receiver-gbps"
        : c.cnpFilterText != null ? "--cnp-filter" : null;
    if (given != null) {
      throw new InvalidParameterException(given, given + " needs " + what);
    }
  }

  /**
   * The testbed broadcast with ECN marking, per-receiver link rates and the CNP filter
   * ({@link CnpPacketExperiment}): source host 0 at --link-gbps, receivers 1..N.
   */
  static void run(GleamBcastCommand c, String m, org.fabriclab.graph.Topology topo, int source, int[] recv, long size,
      double linkGbps, double loss, long seed) {
    String why = "--method gleam on the testbed with receivers 1..N (no --topo, --hosts, --servers, --source,"
        + " --loss, --drop-at or --register packet)";
    if (!m.equals("gleam")) {
      optionsNeed(c, "--method gleam, not " + m);
    }
    if (topo != null || c.hostsText != null || c.serversText != null || source != 0 || loss > 0
        || (c.dropAtText != null && !c.dropAtText.isEmpty()) || !c.registerText.strip().equalsIgnoreCase("computed")) {
      optionsNeed(c, why);
    }
    long ecn = c.ecnBytesText == null ? Long.MAX_VALUE : Args.longIn("--ecn-bytes", c.ecnBytesText, 1, 1L << 40);
    boolean filter = true;
    if (c.cnpFilterText != null) {
      String f = c.cnpFilterText.strip().toLowerCase(java.util.Locale.ROOT);
      if (!f.equals("on") && !f.equals("off")) {
        throw new InvalidParameterException("--cnp-filter", c.cnpFilterText, "one of on, off");
      }
      filter = f.equals("on");
    }
    if (size < 2) {
      throw new InvalidParameterException("--size", size, "valid range 2.." + GleamBcastCommand.MAX_MESSAGE_BYTES
          + " with --ecn-bytes, --receiver-gbps or --cnp-filter (the run times each half of the message)");
    }
    double[] gbps = new double[recv.length];
    if (c.receiverGbpsText == null) {
      java.util.Arrays.fill(gbps, linkGbps);
    } else if (c.receiverGbpsText.size() == 1 || c.receiverGbpsText.size() == recv.length) {
      for (int i = 0; i < recv.length; i++) {
        gbps[i] = Args.doubleIn("--receiver-gbps", c.receiverGbpsText.get(c.receiverGbpsText.size() == 1 ? 0 : i),
            1, 1600, false);
      }
    } else {
      throw new InvalidParameterException("--receiver-gbps", String.join(",", c.receiverGbpsText),
          "one rate for all receivers or one per receiver (" + recv.length + ")");
    }
    if (recv.length + 1 > PacketBcast.MAX_SERVERS) {
      throw new InvalidParameterException("--receivers", recv.length, "valid range 1.." + (PacketBcast.MAX_SERVERS - 1)
          + " with --ecn-bytes, --receiver-gbps or --cnp-filter (a Gleam table has at most 256 ports)");
    }
    boolean cnpFilter = filter;
    CnpPacketExperiment.Result r = c.pcap.record(org.fabriclab.sim.probe.pcap.Framing.defaults(),
        attach -> CnpPacketExperiment.run(linkGbps, gbps, size, ecn, cnpFilter, seed, g -> attach.accept(g.network()),
            c.progress.reporter(c.spec.commandLine().getErr())));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("engine", "packet");
    out.put("method", m);
    out.put("source", 0);
    out.put("receivers", recv.length);
    out.put("sizeBytes", size);
    out.put("topology", "testbed: one switch, " + (recv.length + 1) + " servers");
    out.put("linkGbps", linkGbps);
    out.put("receiverGbps", gbps);
    if (ecn != Long.MAX_VALUE) {
      out.put("ecnBytes", ecn);
    }
    out.put("cnpFilter", filter);
    out.put("seed", seed);
    out.put("jctUs", r.jctPs() / 1e6);
    out.put("sourceCnps", r.sourceCnps());
    out.put("cnpsGenerated", r.cnpsGenerated());
    Map<String, Double> done = new LinkedHashMap<>();
    Map<String, Double> half = new LinkedHashMap<>();
    for (int i = 0; i < recv.length; i++) {
      done.put(Integer.toString(recv[i]), r.doneAtPs()[i] / 1e6);
      half.put(Integer.toString(recv[i]), r.secondHalfGbps(i));
    }
    out.put("receiverDoneUs", done);
    out.put("secondHalfGbps", half);
    var w = c.spec.commandLine().getOut();
    if (!c.format.isText()) {
      c.format.printDocument(w, out);
    } else {
      w.printf(java.util.Locale.ROOT, "%s, %d receivers, %d B, ECN %s, CNP filter %s: JCT %.3f us, source got %d of %d CNPs"
          + " (packet engine)%n", m, recv.length, size, ecn == Long.MAX_VALUE ? "off" : ecn + " B",
          filter ? "on" : "off", r.jctPs() / 1e6, r.sourceCnps(), r.cnpsGenerated());
    }
  }
}
