package org.fabriclab.cli.shufflecast;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.report.ProgressReporter;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.shufflecast.OverlayBroadcastRun;
import org.fabriclab.shufflecast.ShufflecastMulticastRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code shufflecast multicast}: packet-level multicast groups on the Shufflecast data plane
 * (seed 000_9b2589b0d55d7b52.txt §III, §V, §VI-A(a), §VI-B(b)); see {@link ShufflecastMulticastRun}
 * for the model (unreliable sender paced at line rate, controller rule update, accounting).
 */
@Command(
    name = "multicast",
    mixinStandardHelpOptions = true,
    description = {
      "packet-level multicast groups on the Shufflecast data plane (relay rules of",
      "Algorithm 1, passive 1:p splitters, controller-installed membership); senders",
      "paced at line rate (--sender udp), loss-feedback AIMD (--sender aimd), or the",
      "reliable NORM-like protocol with TFMCC rate control (--sender norm: NACK repairs,",
      "every member gets every byte once). JSON keys: groups (source, members, bytes,",
      "requestNs, startNs, endNs, throughputGbps, minMemberBytes, outOfOrder,",
      "memberBytes, transmissions, repairs, duplicates), lossRate.",
      "With --sender norm: --join/--leave G:SERVER@MS change group G's members at MS,",
      "--fail-relay R --fail-at-ms T fails ToR R (Algorithm 2 repairs the rules).",
      "--out DIR writes DIR/throughput.csv (per-group mean member goodput per bin),",
      "throughput.png|svg (that series) and group-completion.png|svg.",
      "Group g: source --sources[g] (default: one server per ToR, ToR g first) and the",
      "--group-size - 1 servers after it (cyclically); requested at g * --stagger-ms.",
      "--method ip-multicast: the same ToRs under one non-blocking core switch, switch",
      "replication along the group's tree (the §V comparison network); --method http:",
      "repeated unicast from the source on that network, round-robin over the members.",
      "--method mpi-bcast | cornet: application-layer broadcast as DCTCP unicast transfers",
      "on that network (MPI_Bcast: binomial tree below 1 MiB, else scatter + ring",
      "allgather; Cornet: blocks of --block-bytes exchanged among the receivers, one",
      "at a time, each after a locate of --locate-ms); --sender does not apply.",
      "Example: fabriclab shufflecast multicast --p 2 --k 2 --size 200000000 --groups 1 --json"
    })
public final class MulticastCommand implements Runnable {
  /** The values --method accepts, as help and errors list them. */
  static final String METHODS = "shufflecast, ip-multicast, http, mpi-bcast or cornet";

  /** The values --sender accepts, as help and errors list them. */
  static final String SENDERS = "udp, aimd or norm";

  @Spec CommandSpec spec;

  @Option(names = "--p", required = true, description = "splitter fan-out, >= 2")
  int p;

  @Option(names = "--k", required = true, description = "columns, >= 1 (k·p^k ToRs)")
  int k;

  @Option(names = "--servers-per-tor", description = "servers under each ToR (default ${DEFAULT-VALUE})")
  int serversPerTor = 2;

  @Option(names = "--size", paramLabel = "BYTES", required = true, description = "bytes each group multicasts, 1..2^40")
  long sizeBytes;

  @Option(names = "--groups", required = true, description = "number of concurrent groups")
  int groups;

  @Option(names = "--group-size", description = "servers per group, source included (default: all servers)")
  Integer groupSize;

  @Option(names = "--sources", split = ",", description = "source server of each group (H1,H2,...)")
  List<Integer> sources;

  @Option(names = "--stagger-ms", description = "request time step between groups, ms (default ${DEFAULT-VALUE})")
  double staggerMs = 0;

  @Option(names = "--method", description = "one of " + METHODS + " (default ${DEFAULT-VALUE}): the Shufflecast"
      + " data plane, or on the same ToRs under a non-blocking core: switch replication (ip-multicast), repeated"
      + " unicast from the source (http) or application-layer broadcast as DCTCP transfers (mpi-bcast, cornet)")
  String method = "shufflecast";

  @Option(names = "--link-gbps", description = "rate of every link, Gb/s (default ${DEFAULT-VALUE})")
  double linkGbps = 10;

  @Option(names = "--sender", description = "one of " + SENDERS + " (default ${DEFAULT-VALUE}): paced at line"
      + " rate (udp), loss-feedback rate control without retransmission (aimd), or the reliable NORM-like protocol"
      + " with TFMCC rate control (norm, needed by --join, --leave, --fail-relay); not with --method mpi-bcast"
      + " or cornet")
  String sender = "udp";

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @Option(names = "--join", description = "G:SERVER@MS: server joins group G at MS ms (norm only; repeatable)")
  List<String> joins;

  @Option(names = "--leave", description = "G:SERVER@MS: server leaves group G at MS ms (norm only; repeatable)")
  List<String> leaves;

  @Option(names = "--fail-relay", description = "ToR that fails during the transfer (norm, shufflecast only)")
  Integer failRelay;

  @Option(names = "--fail-at-ms", description = "when --fail-relay fails, ms")
  Double failAtMs;

  @Option(names = "--out", paramLabel = "DIR", description = "write throughput.csv and plots into DIR (a new or empty folder,"
      + " or one fabriclab wrote, which is replaced; see docs/errors.md)")
  java.nio.file.Path out;

  @Option(names = "--force", description = "write into a non-empty --out folder that fabriclab did not write (its other"
      + " files are kept)")
  boolean force;

  @Option(names = "--locate-ms", description = "cornet: locate cost per block, ms (default ${DEFAULT-VALUE}, a model input)")
  double locateMs = 1;

  @Option(names = "--block-bytes", description = "cornet: block size, bytes (default ${DEFAULT-VALUE})")
  long blockBytes = 4L << 20;

  @Option(names = "--bin-ms", description = "time-series bin, ms (default ${DEFAULT-VALUE})")
  double binMs = 1;

  @Option(names = "--no-progress", description = "no progress bar or progress log lines (the bar counts payload bytes delivered; with --method mpi-bcast or cornet, unicast transfers done)")
  boolean noProgress;

  @Override
  public void run() {
    format.format();
    OverlayBroadcastRun.Baseline overlay = switch (String.valueOf(method)) {
      case "mpi-bcast" -> OverlayBroadcastRun.Baseline.MPI_BCAST;
      case "cornet" -> OverlayBroadcastRun.Baseline.CORNET;
      default -> null;
    };
    ShufflecastMulticastRun.Method how = switch (String.valueOf(method)) {
      case "shufflecast" -> ShufflecastMulticastRun.Method.SHUFFLECAST;
      case "ip-multicast", "mpi-bcast", "cornet" -> ShufflecastMulticastRun.Method.IP_MULTICAST;
      case "http" -> ShufflecastMulticastRun.Method.HTTP;
      default -> throw new InvalidParameterException("--method", method, "valid: " + METHODS);
    };
    ShufflecastMulticastRun.Sender snd = switch (String.valueOf(sender)) {
      case "udp" -> ShufflecastMulticastRun.Sender.UDP;
      case "aimd" -> ShufflecastMulticastRun.Sender.AIMD;
      case "norm" -> ShufflecastMulticastRun.Sender.NORM;
      default -> throw new InvalidParameterException("--sender", sender, "valid: " + SENDERS);
    };
    if (overlay != null && snd != ShufflecastMulticastRun.Sender.UDP) {
      throw new InvalidParameterException("--sender", sender,
          "not with --method " + method + " (it runs over DCTCP)");
    }
    if (!(locateMs >= 0 && locateMs <= 60_000)) {
      throw new InvalidParameterException("--locate-ms", locateMs, "valid range [0, 60000]");
    }
    InvalidParameterException.requireRange("--block-bytes", blockBytes, 1024, 1L << 34);
    ShufflecastMulticastRun run = new ShufflecastMulticastRun(p, k, serversPerTor, linkGbps, snd, how);
    int servers = run.servers();
    InvalidParameterException.requireRange("--groups", groups, 1, servers);
    int m = groupSize == null ? servers : groupSize;
    InvalidParameterException.requireRange("--group-size", m, 2, servers);
    if (!(staggerMs >= 0 && staggerMs <= 3_600_000)) {
      throw new InvalidParameterException("--stagger-ms", staggerMs, "valid range [0, 3600000]");
    }
    int[] src = new int[groups];
    if (sources != null) {
      if (sources.contains(null) || sources.size() != groups) {
        throw new InvalidParameterException("--sources", String.valueOf(sources),
            groups + " server ids in 0.." + (servers - 1) + " (one per group)");
      }
      for (int i = 0; i < groups; i++) {
        src[i] = sources.get(i);
      }
    } else {
      int tors = run.topology().tors();
      for (int i = 0; i < groups; i++) {
        src[i] = (i % tors) * serversPerTor + i / tors;
      }
    }
    if (!(binMs >= 0.001 && binMs <= 3_600_000)) {
      throw new InvalidParameterException("--bin-ms", binMs, "valid range [0.001, 3600000]");
    }
    List<ShufflecastMulticastRun.MembershipChange> changes = new ArrayList<>();
    parseChanges(joins, true, changes);
    parseChanges(leaves, false, changes);
    if ((failRelay == null) != (failAtMs == null)) {
      throw new InvalidParameterException(failRelay == null ? "--fail-relay" : "--fail-at-ms",
          "--fail-relay and --fail-at-ms go together");
    }
    if (failAtMs != null && !(failAtMs >= 0 && failAtMs <= 3_600_000)) {
      throw new InvalidParameterException("--fail-at-ms", failAtMs, "valid range [0, 3600000]");
    }
    ShufflecastMulticastRun.Scenario sc = new ShufflecastMulticastRun.Scenario(changes,
        failRelay == null ? -1 : failRelay, failAtMs == null ? 0 : Math.round(failAtMs * 1e6),
        Math.max(1000, Math.round(binMs * 1e6)), -1, 0);
    int[][] members = new int[groups][];
    for (int i = 0; i < groups; i++) {
      InvalidParameterException.requireRange("--sources", src[i], 0, servers - 1);
      members[i] = run.members(src[i], m);
    }
    String changed = joins != null ? "--join" : leaves != null ? "--leave" : "--fail-relay";
    if (overlay != null && (!changes.isEmpty() || failRelay != null)) {
      throw new InvalidParameterException(changed, changed + " needs --sender norm, which --method " + method
          + " does not take (it runs over DCTCP)");
    }
    if ((!changes.isEmpty() || failRelay != null) && snd != ShufflecastMulticastRun.Sender.NORM) {
      throw new InvalidParameterException(changed, changed + " needs --sender norm (the reliable sender), not --sender "
          + sender);
    }
    ShufflecastMulticastRun.Result r;
    org.fabriclab.progress.Progress bar = ProgressReporter.create(!noProgress, spec.commandLine().getErr());
    try (org.fabriclab.io.RunFolder folder = out == null ? null
        : org.fabriclab.io.OutputFiles.runFolder(out, force, "--out")) {
      r = overlay == null
          ? run.run(src, members, sizeBytes, Math.round(staggerMs * 1e6), sc, bar)
          : new OverlayBroadcastRun(p, k, serversPerTor, linkGbps, Math.round(locateMs * 1e6),
              blockBytes).run(overlay, src, members, sizeBytes, Math.round(staggerMs * 1e6),
              sc.seriesBinNs(), bar);
      if (folder != null) {
        folder.write(dir -> {
          writeSeries(dir.resolve("throughput.csv"), r);
          MulticastPlots.write(dir, r);
        });
      }
    }
    PrintWriter o = spec.commandLine().getOut();
    if (!format.isText()) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("p", p);
      out.put("k", k);
      out.put("serversPerTor", serversPerTor);
      out.put("method", method);
      out.put("linkGbps", linkGbps);
      out.put("sender", overlay == null ? sender : "dctcp");
      if (overlay == OverlayBroadcastRun.Baseline.CORNET) {
        out.put("locateMs", locateMs);
        out.put("blockBytes", blockBytes);
      }
      out.put("payloadBytes", ShufflecastMulticastRun.PAYLOAD_BYTES);
      out.put("frameBytes", ShufflecastMulticastRun.WIRE_BYTES);
      List<Map<String, Object>> gs = new ArrayList<>();
      for (ShufflecastMulticastRun.GroupResult g : r.groups()) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("source", g.source());
        x.put("members", g.members());
        x.put("bytes", g.bytes());
        x.put("requestNs", g.requestNs());
        x.put("startNs", g.startNs());
        x.put("endNs", g.endNs());
        x.put("throughputGbps", g.throughputGbps());
        x.put("minMemberBytes", g.minMemberBytes());
        x.put("outOfOrder", g.outOfOrder());
        x.put("memberBytes", g.memberBytes());
        x.put("transmissions", g.transmissions());
        x.put("repairs", g.repairs());
        long dup = 0;
        for (long d : g.memberDuplicates()) {
          dup += d;
        }
        x.put("duplicates", dup);
        gs.add(x);
      }
      out.put("groups", gs);
      out.put("lossRate", r.lossRate());
      out.put("droppedPackets", r.droppedPackets());
      format.printDocument(o, out);
      return;
    }
    o.printf("%s on the ToRs of %d,%d-Shufflecast, %d servers per ToR, %.3f Gb/s links, %d group(s) of %d, %d B each"
        + " (%s sender%s)%n", method, p, k, serversPerTor, linkGbps, groups, m, sizeBytes,
        overlay != null ? "dctcp" : sender, overlay != null ? ", unicast transfers"
            : snd == ShufflecastMulticastRun.Sender.NORM ? ", reliable" : ", no retransmission");
    o.printf("%-7s %-14s %-14s %-14s %-10s %s%n", "source", "startNs", "endNs", "throughputGbps",
        "members", "minMemberBytes");
    for (ShufflecastMulticastRun.GroupResult g : r.groups()) {
      o.printf("%-7d %-14d %-14d %-14.4f %-10d %d%n", g.source(), g.startNs(), g.endNs(),
          g.throughputGbps(), g.members().length, g.minMemberBytes());
    }
    o.printf("loss rate %.6f, %d packets dropped%n", r.lossRate(), r.droppedPackets());
  }

  private static void parseChanges(List<String> specs, boolean join,
      List<ShufflecastMulticastRun.MembershipChange> out) {
    if (specs == null) {
      return;
    }
    String opt = join ? "--join" : "--leave";
    for (String spec : specs) {
      java.util.regex.Matcher mt = java.util.regex.Pattern
          .compile("([0-9]{1,7}):([0-9]{1,7})@([0-9]{1,9}(\\.[0-9]{1,6})?)").matcher(String.valueOf(spec));
      if (!mt.matches()) {
        throw new InvalidParameterException(opt, spec, "G:SERVER@MS, e.g. 0:9@2.5");
      }
      out.add(new ShufflecastMulticastRun.MembershipChange(Integer.parseInt(mt.group(1)),
          Integer.parseInt(mt.group(2)), join, Math.round(Double.parseDouble(mt.group(3)) * 1e6)));
    }
  }

  private static void writeSeries(java.nio.file.Path csv, ShufflecastMulticastRun.Result r) {
    long[][] s = r.seriesBytes();
    StringBuilder b = new StringBuilder("timeMs");
    for (int g = 0; g < s.length; g++) {
      b.append(",group").append(g).append("Gbps");
    }
    b.append(",aggregateGbps\n");
    double binNs = r.seriesBinNs();
    int bins = s.length == 0 ? 0 : s[0].length;
    for (int i = 0; i < bins; i++) {
      b.append(String.format(java.util.Locale.ROOT, "%.3f", (i + 1) * binNs / 1e6));
      double sum = 0;
      for (int g = 0; g < s.length; g++) {
        int n = r.groups().get(g).members().length;
        double gbps = s[g][i] * 8.0 / n / binNs;
        sum += gbps;
        b.append(String.format(java.util.Locale.ROOT, ",%.4f", gbps));
      }
      b.append(String.format(java.util.Locale.ROOT, ",%.4f%n", sum));
    }
    org.fabriclab.io.OutputFiles.writeString(csv, b.toString());
  }
}
