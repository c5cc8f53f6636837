package org.fabriclab.cli.collective;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.FormatOption;
import org.fabriclab.cli.Json;
import org.fabriclab.cli.ProgressOption;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.io.RunFolder;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSchemes;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.Placement;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab collective}: one group operation, every size × scheme × fabric, side by side
 * with the same defaults on every fabric; JCT, algbw and busbw as nccl-tests defines them, bytes
 * on the wire, each rank's end.
 */
@Command(name = "collective", mixinStandardHelpOptions = true,
    versionProvider = org.fabriclab.cli.VersionProvider.class,
    description = {
      "Run a collective (broadcast, allreduce, incast, ...) with several schemes on several fabrics, side by side.",
      "",
      "Every size x scheme x fabric is one run; the defaults are the same on every fabric: RoCEv2 RC hosts,",
      "1024 + 64 B packets, 150,000 B ports with ECN at 30,000 B and PFC (lossless), the fabric's own link",
      "rates and delays. In-network schemes (ipmulticast, switchagg, gleam, splitter, aggtree) say in --list",
      "what they need; a scheme a fabric cannot carry is refused before any run. shoal runs on --engine slot",
      "and --topo shoal only: the Shoal rack's cells, detours and backpressure, slot by slot.",
      "algbw = S / JCT and busbw = algbw x factor as nccl-tests defines them (allreduce 2(n-1)/n; allgather,",
      "reducescatter, alltoall, gather, scatter (n-1)/n; broadcast, reduce 1). S is the message (broadcast,",
      "reduce), each rank's buffer (allreduce), the gathered buffer (allgather, reducescatter, gather,",
      "scatter), each rank's send buffer (alltoall), or each sender's bytes (incast, algbw = (n-1)S / JCT).",
      "wireBytes is payload bytes times the links they cross; linkBytes every byte the links carried.",
      "",
      "Schemes: fabriclab collective --list",
      "Example: fabriclab collective --op allreduce --ranks 16 --size 1MiB,16MiB --scheme ring,rabenseifner \\",
      "           --topo fattree --k 4 --topo clos --tiers 2 --ports 8 --engine flow --out results/coll"
    })
public final class CollectiveCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--op", defaultValue = "allreduce", paramLabel = "OP",
      description = "broadcast, scatter, gather, reduce, allreduce, allgather, reducescatter, alltoall, incast, or an "
          + "application pattern: hpl (--grid), replicate (--replicas), shuffle (--mappers, --reducers), multicast (--groups,"
          + " --group-size) (default: ${DEFAULT-VALUE})")
  String op;

  @Option(names = "--ranks", defaultValue = "16", description = "ranks, 2..the fabric's hosts (default: ${DEFAULT-VALUE})")
  long ranks;

  @Option(names = "--size", defaultValue = "1MiB", split = ",", paramLabel = "BYTES",
      description = "sizes S, comma-separated, e.g. 64KiB,1MiB,64MiB or 1e6 (default: ${DEFAULT-VALUE})")
  List<String> sizes;

  @Option(names = "--scheme", split = ",", paramLabel = "S",
      description = "schemes, comma-separated (default: every scheme of --op that runs on --engine and on every --topo; --list names them)")
  List<String> schemes;

  @Option(names = "--topo", paramLabel = "FAMILY|FILE",
      parameterConsumer = org.fabriclab.cli.TopologyArgs.FabricConsumer.class,
      description = "a fabric: a family and its --parameters, or a file (repeat for several; default: fattree --k 4)")
  List<String> topos;

  @Option(names = "--engine", defaultValue = "packet",
      description = "packet, flow or slot (slot: the Shoal rack's slot engine, for --scheme shoal or --goal on --topo shoal)"
          + " (default: ${DEFAULT-VALUE})")
  String engine;

  @Option(names = "--transport", defaultValue = "rocev2",
      description = "packet engine transport: rocev2 (RC + DCQCN on a lossless PFC fabric), dctcp, newreno or ndp"
          + " (their benchmark ports: drop-tail with ECN, NDP trimming) (default: ${DEFAULT-VALUE})")
  String transport;

  @Option(names = "--placement", defaultValue = "contiguous",
      description = "contiguous (rank r on host r), spread (round-robin over ToRs and pods) or random (seeded) (default: ${DEFAULT-VALUE})")
  String placement;

  @Option(names = "--hosts", split = ",", paramLabel = "H",
      description = "the host of each rank, comma-separated (instead of --placement; as many as --ranks)")
  List<Long> hostList;

  @Option(names = "--segment-bytes", defaultValue = "0", paramLabel = "B",
      description = "pipelined schemes (chain, ring, binomial broadcast): segment size; 0 = whole blocks, store-and-forward (default: ${DEFAULT-VALUE})")
  String segmentBytes;

  @Option(names = "--root", defaultValue = "0", description = "root rank of rooted operations (default: ${DEFAULT-VALUE})")
  long root;

  @Option(names = "--reduce-gbps", defaultValue = "0", paramLabel = "G",
      description = "a rank's reduction rate in Gb/s of input; 0 = reductions take no time (default: ${DEFAULT-VALUE})")
  double reduceGbps;

  @Option(names = "--alpha", defaultValue = "0", paramLabel = "A",
      description = "in-network aggregation: merged size max + A (sum - max), 0..1 (default: ${DEFAULT-VALUE})")
  double alpha;

  @Option(names = "--seed", defaultValue = "1", description = "seed of placement, hashing and transports (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--goal", paramLabel = "FILE",
      description = "run a GOAL schedule (LogGOPSim / Schedgen / ATLAHS text) instead of --op, --size and --scheme;"
          + " prints each rank's end time as LogGOPSim does (Host i: t, in ns)")
  Path goal;

  @Option(names = "--export-goal", paramLabel = "FILE",
      description = "also write the schedule of the (one) --scheme at the (one) --size as GOAL text, so other tools run it")
  Path exportGoal;

  @Option(names = "--list", description = "list the schemes, the operations each implements and its engines, then exit")
  boolean list;

  @Option(names = "--out", paramLabel = "DIR",
      description = "also write runs.csv, rank-ends.csv, plots and report.html into DIR (new, empty or written by fabriclab)")
  Path out;

  @Option(names = "--force", description = "write into a non-empty --out folder that fabriclab did not write")
  boolean force;

  @Mixin PatternOptions patterns = new PatternOptions();

  @Mixin FormatOption format = new FormatOption();

  @Mixin ProgressOption progress = new ProgressOption();

  @Mixin org.fabriclab.cli.PcapOptions pcap = new org.fabriclab.cli.PcapOptions();

  @Override
  public void run() {
    PrintWriter o = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    CollectiveSchemes registry = CollectiveSchemes.load();
    TableWriter.Format f = format.format();
    if (list) {
      o.print(TableWriter.render(schemeTable(registry), f));
      o.flush();
      return;
    }
    Placement where = Flags.placement(placement);
    if (!org.fabriclab.sim.collective.CollectiveRun.ENGINES.contains(engine)) {
      throw new InvalidParameterException("--engine", engine, "valid: "
          + String.join(", ", org.fabriclab.sim.collective.CollectiveRun.ENGINES));
    }
    if (goal != null || engine.equals("flow")) {
      pcap.refuse(goal != null ? "--op, --size and --scheme (not --goal)" : "--engine packet (the flow engine has no packets)");
    }
    pcap.validate();
    if (goal != null) {
      for (String opt : List.of("--op", "--size", "--scheme", "--ranks", "--export-goal", "--out", "--segment-bytes",
          "--root", "--alpha", "--reduce-gbps")) {
        if (spec.commandLine().getParseResult().hasMatchedOption(opt)) {
          throw new InvalidParameterException(opt, opt + " does not apply to --goal: the GOAL file is the whole schedule");
        }
      }
      GoalMode.run(goal, Fabric.parse(topos, seed, err), engine, where, hostList, seed, f, o, err);
      return;
    }
    CollectiveOp operation = Flags.op(op);
    var matched = spec.commandLine().getParseResult();
    org.fabriclab.sim.collective.pattern.Pattern pattern = patterns.pattern(operation,
        matched.hasMatchedOption("--ranks"), matched.hasMatchedOption("--root"));
    long ranks = pattern == null ? this.ranks : pattern.ranks();
    List<Long> sizeList = new ArrayList<>();
    for (String s : sizes) {
      sizeList.add(Flags.bytes("--size", s, 1));
    }
    long seg = Flags.bytes("--segment-bytes", segmentBytes, 0);
    if (!(reduceGbps >= 0 && reduceGbps <= 1e6)) {
      throw new InvalidParameterException("--reduce-gbps", reduceGbps, "valid range 0 (free) .. 1000000");
    }
    List<CollectiveScheme> chosen = pattern == null ? Flags.schemes(registry, schemes, operation, engine)
        : PatternOptions.over(pattern, Flags.schemes(registry, schemes, pattern.partOp(), engine));
    List<Fabric> fabrics = Fabric.parse(topos, seed, err);
    if (pattern != null) {
      PatternOptions.checkHosts(pattern, fabrics);
    }
    if (schemes == null || schemes.isEmpty()) {
      // the default: the operation's schemes that every fabric can carry (splitter needs Shufflecast)
      chosen.removeIf(sc -> fabrics.stream().anyMatch(fb -> sc.unsupported(fb.topology(), null) != null));
      if (chosen.isEmpty()) {
        throw new InvalidParameterException("--scheme", "no scheme of " + operation.cliName()
            + " runs on every fabric given; name one with --scheme");
      }
    }
    // every pairing checked before any run or file
    List<CollectiveSpec> specs = new ArrayList<>();
    for (long s : sizeList) {
      if (pattern != null) {
        PatternOptions.checkSize(pattern, s);
      }
      specs.add(Flags.spec(operation, ranks, s, root, seg, reduceGbps, alpha));
    }
    if (!org.fabriclab.sim.transport.TransportSpec.NAMES.contains(transport)) {
      throw new InvalidParameterException("--transport", transport,
          "valid: " + String.join(", ", org.fabriclab.sim.transport.TransportSpec.NAMES));
    }
    Batch batch = new Batch(fabrics, chosen, specs, engine, where, hostList, seed, transport);
    if (exportGoal != null) {
      if (chosen.size() != 1 || specs.size() != 1) {
        throw new InvalidParameterException("--export-goal", "--export-goal writes one schedule: give one --scheme and one --size");
      }
      CollectiveSpec one = specs.get(0);
      org.fabriclab.sim.collective.CollectiveSchedule sched = Flags.domain(() -> chosen.get(0).build(one));
      org.fabriclab.sim.collective.goal.GoalWriter.write(sched, exportGoal);
      err.println("wrote " + exportGoal + " (" + sched.messages() + " messages, " + sched.ranks() + " ranks)");
    }
    if (pcap.enabled() && batch.size() != 1) {
      throw new InvalidParameterException("--pcap", "--pcap captures one run: give one --topo, --scheme and --size"
          + " (these are " + batch.size() + " runs)");
    }
    RunFolder folder = out == null ? null : OutputFiles.runFolder(out, force, "--out");
    String longRun = batch.longRunAnnouncement();
    if (longRun != null) {
      err.println(longRun);
      err.flush();
    }
    try {
      org.fabriclab.traffic.FlowTrace[] trace = new org.fabriclab.traffic.FlowTrace[1];
      List<Row> rows = pcap.record(org.fabriclab.cli.PcapOptions.framing(batch.transportSpec(), flow -> trace[0].sizeBytes(flow)),
          attach -> batch.run(progress.reporter(err), pcap.enabled() ? ps -> {
            trace[0] = ps.records().trace();
            attach.accept(ps.network());
          } : null));
      Table runs = Row.table(rows, engine, batch.transport());
      if (f == TableWriter.Format.JSON) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("runs", Row.json(rows, engine, batch.transport()));
        o.println(Json.of(doc));
      } else {
        o.print(TableWriter.render(f == TableWriter.Format.TEXT ? Row.brief(rows) : runs, f, FormatOption.MISSING));
        if (f == TableWriter.Format.TEXT) {
          o.println();
        }
      }
      o.flush();
      if (folder != null) {
        Path stage = folder.staging();
        Batch.write(stage, "", rows, operation, engine, batch.transport());
        org.fabriclab.cli.report.FolderReport.write(stage, "fabriclab collective: " + operation.cliName()
            + ", " + ranks + " ranks, " + engine + " engine", "Each row is one size x scheme x fabric. "
            + "busbw as nccl-tests defines it; wireBytes = payload bytes x links crossed.");
        folder.commit();
        err.println("wrote " + out + "/{runs.csv,rank-ends.csv,busbw.png,jct.png,wire-bytes.png,report.html}");
      }
    } finally {
      if (folder != null) {
        folder.close();
      }
    }
  }

  private static Table schemeTable(CollectiveSchemes registry) {
    Table.Builder b = Table.builder("schemes").stringColumn("scheme").stringColumn("ops")
        .stringColumn("engines").stringColumn("description");
    for (CollectiveScheme s : registry.all()) {
      b.row(s.name(), String.join(" ", s.ops().stream().map(CollectiveOp::cliName).toList()),
          String.join(" ", new java.util.TreeSet<>(s.engines())), s.description());
    }
    return b.build();
  }
}
