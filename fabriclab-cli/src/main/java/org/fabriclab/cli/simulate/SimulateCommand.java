package org.fabriclab.cli.simulate;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fabriclab.cli.TopologyArgs;
import org.fabriclab.cli.report.ProgressReporter;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.cli.report.FolderReport;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.io.RunFolder;
import org.fabriclab.progress.Progress;
import java.nio.file.Files;
import org.fabriclab.graph.io.TopologyFiles;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.PartitionedSimulation;
import org.fabriclab.sim.parallel.Partition;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.sim.app.GroupWorkloads;
import org.fabriclab.sim.app.PhaseTimes;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.PacketCollective;
import org.fabriclab.sim.probe.TimeSeriesProbes;
import org.fabriclab.sim.flow.FlowLevelSimulation;
import org.fabriclab.sim.probe.FctSummary;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.traffic.TraceCsv;
import org.fabriclab.units.Time;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code fabriclab simulate}: replays a flow trace on any topology family with the packet-level
 * engine (DCTCP, NewReno, NDP or RoCEv2 RC with DCQCN) or the flow-level max-min engine, and writes per-flow, per-port and
 * summary tables.
 */
@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    description = {
      "Simulate flows (a trace file or a generated workload) on a topology with the packet-level or",
      "flow-level engine and report flow completion times (FCT) by flow size.",
      "Output: text and md print a header line and FCT count, mean, median, p99 and p99.9 in ms per size",
      "bin (all, small < 100 KB, medium 100 KB - 10 MB, large >= 10 MB); csv prints the table of",
      "summary.csv (the same bins with their byte range [minBytes, maxBytesExclusive), FCT in integer ns,",
      "slowdown); json prints the run's totals (FCT in ms, events, packets, drops, ECN marks, max queue",
      "bytes, deliveredBytes: the packet engine's every byte delivered to a host, headers and ACKs",
      "included; the flow engine's payload of completed flows plus what unfinished ones sent; the flow",
      "engine has no packets, so its packet counters, drops and packetHopsPerSecond are null).",
      "A statistic of a bin without a completed flow is n/a in text and md, empty in csv, null",
      "in json. Slowdown = FCT / ideal FCT, the ideal being the flow's bytes serialised at its sender's",
      "link rate (propagation delay is not in the ideal, so small flows' slowdown includes path latency;",
      "the flow engine has no latency at all, see --engine).",
      "Transport and port knobs start from each transport's preset (stated with each option).",
      "The topology is --topo FAMILY with the family's parameters as options, as 'fabriclab topo FAMILY'",
      "takes them (--topo fattree --k 8), or --topo FILE (GraphML or JSON) with --servers-per-switch,",
      "--link-gbps and --link-delay-ns for values a foreign file lacks.",
      "Trace CSV: flow_id,src_host,dst_host,start_ns,size_bytes (hosts = server indices).",
      "",
      "Example: fabriclab simulate --topo fattree --k 8 --trace ft8.csv --transport dctcp --out results/sim"
    })
public final class SimulateCommand implements Runnable {
  /** Transports the packet engine runs (others are reported as not available). */
  static final List<String> TRANSPORTS = List.of("dctcp", "newreno", "ndp", "rocev2");

  @Spec CommandSpec spec;

  @Option(names = "--topo", defaultValue = "fattree",
      description = "topology family, or a .graphml/.json topology file (default: ${DEFAULT-VALUE})")
  String topo;

  @Option(names = "--trace", paramLabel = "FILE", description = "flow trace CSV (or --workload)")
  Path trace;

  @picocli.CommandLine.Mixin WorkloadOptions workload = new WorkloadOptions();

  @Option(names = "--transport", defaultValue = "dctcp", description = "dctcp, newreno, ndp or rocev2 (default: ${DEFAULT-VALUE})")
  String transport;

  @Option(names = "--engine", defaultValue = "packet", description = "packet or flow (default: ${DEFAULT-VALUE})."
      + " The flow engine models max-min fair rates only: no propagation delay, switch latency, queueing,"
      + " headers or slow start, so a flow's FCT is its bytes at its rates (a lone 10 KB flow at 10 Gb/s:"
      + " 8 µs, slowdown 1.0 however long its path) and small flows' FCTs are not comparable across engines")
  String engine;

  @Option(names = "--compat", paramLabel = "SIM", description = "netbench: DCTCP cuts the window on every ECN-echo ACK, as netbench does (preset: off)")
  String compat;

  @Option(names = "--seed", defaultValue = "1",
      description = "seed of everything: topology, workload, ECMP hash and random loss (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--topo-seed", paramLabel = "S", description = "seed of a random topology (default: --seed)")
  Long topoSeed;

  @Option(names = "--workload-seed", paramLabel = "S", description = "seed of a generated workload (default: --seed)")
  Long workloadSeed;

  @Option(names = "--paths", paramLabel = "N",
      description = "packet engine: source-route each flow over one of its N shortest paths, 1..1024 (default: hop-by-hop ECMP)")
  Long paths;

  @Option(names = "--subflows", paramLabel = "K",
      description = "flow engine: split each flow over K ECMP paths, max-min per subflow, 1..64 (default: 1)")
  Long subflows;

  @picocli.CommandLine.Mixin PacketKnobs knobs = new PacketKnobs();

  @Option(names = "--until-ms", paramLabel = "MS", description = "stop at this simulated time in ms (default: when every flow is done)")
  Double untilMs;

  @Option(names = "--max-events", paramLabel = "N", description = "stop after this many events (default: no limit)")
  Long maxEvents;

  @Option(names = "--out", paramLabel = "DIR",
      description = "write flows.csv, ports.csv, summary.csv (FCT by size bin in integer ns, slowdown; as --format csv),"
          + " summary.json (as --json),"
          + " fct-cdf.png, slowdown-by-size.png, report.html (and trace.csv for a generated workload, groups.csv for"
          + " a multicast one) into DIR")
  Path out;

  @Option(names = "--probe-interval-us", paramLabel = "US",
      description = "packet engine: sample port throughput/queue and flow throughput every US µs into timeseries.csv (needs --out)")
  Double probeUs;

  @picocli.CommandLine.Mixin org.fabriclab.cli.PcapOptions pcap = new org.fabriclab.cli.PcapOptions();

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @Option(names = "--no-progress", description = "no progress bar or progress log lines")
  boolean noProgress;

  @picocli.CommandLine.Mixin ThreadsOption threadsOption = new ThreadsOption();

  @Option(names = "--force", description = "write into a non-empty --out folder that fabriclab did not write (its other files are kept)")
  boolean force;

  @Unmatched List<String> topologyArgs = new ArrayList<>();

  @Override
  public void run() {
    long wall0 = System.nanoTime();
    format.format();
    if (!engine.equals("packet") && !engine.equals("flow")) {
      throw new InvalidParameterException("--engine", engine, "valid: packet, flow");
    }
    if (!TRANSPORTS.contains(transport)) {
      throw new InvalidParameterException("--transport", transport,
          "valid: " + String.join(", ", TRANSPORTS));
    }
    if (compat != null && !compat.equals("netbench")) {
      throw new InvalidParameterException("--compat", compat, "valid: netbench");
    }
    if ((trace == null) == (workload.workload == null)) {
      throw new InvalidParameterException("--trace", "give exactly one of --trace FILE and --workload NAME");
    }
    if (seed < 0) {
      throw new InvalidParameterException("--seed", seed, "must be >= 0");
    }
    long tSeed = topoSeed == null ? seed : topoSeed;
    long wSeed = workloadSeed == null ? seed : workloadSeed;
    if (tSeed < 0) {
      throw new InvalidParameterException("--topo-seed", tSeed, "must be >= 0");
    }
    if (wSeed < 0) {
      throw new InvalidParameterException("--workload-seed", wSeed, "must be >= 0");
    }
    workload.validate();
    if (untilMs != null && !(untilMs > 0 && untilMs < 1e8)) {
      throw new InvalidParameterException("--until-ms", untilMs, "valid range (0, 1e8)");
    }
    if (maxEvents != null && maxEvents < 1) {
      throw new InvalidParameterException("--max-events", maxEvents, "must be >= 1");
    }
    if (engine.equals("flow") && paths != null) {
      throw new InvalidParameterException("--paths", "--paths applies to --engine packet; the flow engine splits with --subflows");
    }
    if (engine.equals("flow")) {
      knobs.refuseWithFlowEngine();
      pcap.refuse("--engine packet (the flow engine has no packets)");
    }
    pcap.validate();
    if (probeUs != null) {
      if (out == null || !engine.equals("packet")) {
        throw new InvalidParameterException("--probe-interval-us", "--probe-interval-us needs "
            + (out == null ? "--out DIR (it writes DIR/timeseries.csv)" : "--engine packet, not --engine " + engine)
            + (out == null && !engine.equals("packet") ? " and --engine packet, not --engine " + engine : ""));
      }
      if (!(probeUs >= 0.01 && probeUs <= 1e9)) {
        throw new InvalidParameterException("--probe-interval-us", probeUs, "valid range 0.01..1e9");
      }
    }
    if (threadsOption.threads != null) {
      threadsOption.refuse(engine, transport, workload.isMulticast(), pcap.enabled(), probeUs != null,
          maxEvents != null);
    }
    PrintWriter err = spec.commandLine().getErr();
    if (paths != null && (paths < 1 || paths > 1024)) {
      throw new InvalidParameterException("--paths", paths, "valid range 1..1024");
    }
    PacketKnobs.Choice choice = engine.equals("packet")
        ? new PacketKnobs.Choice(knobs.transport(transport, compat != null),
            knobs.network(transport, seed)) : null;
    if ("poisson".equals(workload.workload)) {
      requireHeap("--flows", workload.flows, workload.flows); // before the folder and the trace
    }
    RunFolder folder = out == null ? null : OutputFiles.runFolder(out, force, "--out");
    try {
      simulate(folder, choice, tSeed, wSeed, wall0);
    } finally {
      if (folder != null) {
        folder.close();
      }
    }
  }

  private void simulate(RunFolder folder, PacketKnobs.Choice choice, long tSeed, long wSeed, long wall0) {
    PrintWriter err = spec.commandLine().getErr();
    Topology t = topology(tSeed);
    if (t.serverCount() < 2) {
      throw new InvalidParameterException("--topo", topo, "the topology needs at least 2 servers");
    }
    FlowTrace tr;
    CollectiveSchedule groupGraph = null;
    if (workload.isMulticast()) {
      if (!engine.equals("packet")) {
        throw new InvalidParameterException("--workload", "multicast needs --engine packet");
      }
      groupGraph = workload.multicast(t.serverCount(), wSeed);
      tr = GroupWorkloads.releaseTrace(groupGraph);
    } else if (trace != null) {
      tr = TraceCsv.read(trace, t.serverCount());
    } else {
      double nicBps = t.capacityBps(t.firstLink(t.server(0)));
      tr = workload.generate(t.serverCount(), nicBps, wSeed);
      if (workload.load != null) {
        err.printf(Locale.ROOT, "--load %s: %.1f flows/s%n", workload.load,
            workload.arrivalRate(t.serverCount(), nicBps));
      }
    }
    if (trace != null) {
      requireHeap("--trace", trace, tr.size());
    } else {
      requireHeap("--workload", workload.workload, tr.size());
    }
    Progress progress = ProgressReporter.create(!noProgress, err);
    long until = untilMs == null ? Long.MAX_VALUE : Time.seconds(untilMs / 1000);
    long budget = maxEvents == null ? Long.MAX_VALUE : maxEvents;
    if (subflows != null && !engine.equals("flow")) {
      throw new InvalidParameterException(
          "--subflows", "--subflows applies to --engine flow; the packet engine splits with --paths");
    }
    SimulationResult r;
    long[] parallel = null;
    PacketCollective groupRun = null;
    TimeSeriesProbes probes = null;
    if (engine.equals("flow")) {
      long k = subflows == null ? 1 : subflows;
      if (k < 1 || k > 64) {
        throw new InvalidParameterException("--subflows", k, "valid range 1..64");
      }
      r = new FlowLevelSimulation(t, tr, seed, (int) k, progress).run(until);
    } else {
      EcmpTable ecmp = new EcmpTable(t);
      org.fabriclab.cli.WorkEstimate.announce(t, ecmp, tr, err);
      if (threadsOption.threads != null) {
        Partition part = Partition.of(t);
        PartitionedSimulation pps = new PartitionedSimulation(t, ecmp, tr, choice.spec(),
            choice.network(), part, progress);
        pps.forEachNetwork(knobs::apply);
        if (paths != null) {
          pps.useKShortestPaths(paths.intValue(), seed);
        }
        r = pps.run(threadsOption.threads, until);
        parallel = new long[] {part.parts(), part.cutLinkCount(), pps.windows()};
      } else {
        PacketSimulation ps;
        if (groupGraph != null) {
          // the groups' transfers (flow id = transfer index) launched by the collective executor:
          // each group's transfers the moment its arrival step ends
          int[] hostOfRank = new int[t.serverCount()];
          java.util.Arrays.setAll(hostOfRank, h -> h);
          groupRun = new PacketCollective(t, ecmp, groupGraph, hostOfRank, choice.spec(), choice.network(), progress)
              .deferLaunches();
          ps = groupRun.simulation();
        } else {
          ps = new PacketSimulation(t, ecmp, tr, choice.spec(), choice.network(), progress);
        }
        knobs.apply(ps.network());
        if (paths != null) {
          ps.useKShortestPaths(paths.intValue(), seed);
        }
        if (probeUs != null) {
          probes = new TimeSeriesProbes(ps.simulator(), Time.seconds(probeUs / 1e6))
              .addPorts(ps.network()).addFlows(ps.network(), tr.size());
          if (groupRun != null) {
            PacketCollective g = groupRun;
            probes.add(new PhaseTimes(groupGraph).probe("group.transfersDone", g::nodeEndPs));
          }
          probes.start();
        }
        r = pcap.record(org.fabriclab.cli.PcapOptions.framing(choice.spec(), tr::sizeBytes), attach -> {
          attach.accept(ps.network());
          return ps.run(until, budget);
        });
      }
    }
    Map<String, Object> summary = r.summary();
    summary.put("wallSeconds", (System.nanoTime() - wall0) / 1e9);
    summary.put("topology", t.family() + "(" + t.parameters() + ")");
    if (parallel != null) {
      summary.put("threads", threadsOption.threads);
      summary.put("logicalProcesses", parallel[0]);
      summary.put("cutLinks", parallel[1]);
      summary.put("windows", parallel[2]);
    }
    TimeSeriesProbes series = probes;
    PhaseTimes groupsRun = groupRun == null ? null : new PhaseTimes(groupGraph);
    long[] nodeEnds = groupRun == null ? null : groupRun.nodeEndPs();
    if (groupsRun != null) {
      summary.put("groups", groupGraph.phases());
      summary.put("groupsCompleted", groupsRun.phasesDone(nodeEnds));
      summary.put("jctMeanUs", groupsRun.jctMeanUs(nodeEnds));
    }
    Table fct = FctSummary.table(r.flows());
    Map<String, Number> fctStats = org.fabriclab.cli.run.FctStats.of(t, r.flows());
    Table fctNs = org.fabriclab.cli.run.FctStats.table(fctStats);
    if (out != null) {
      String js = toJson(summary);
      folder.write(dir -> {
        TableWriter.write(r.flows().table(), TableWriter.Format.CSV, dir.resolve("flows.csv"));
        if (r.ports() != null) {
          TableWriter.write(r.ports(), TableWriter.Format.CSV, dir.resolve("ports.csv"));
        }
        TableWriter.write(fctNs, TableWriter.Format.CSV, dir.resolve("summary.csv"));
        SimulatePlots.write(dir, r.flows(), fctStats);
        TableWriter.writeAtomically(dir.resolve("summary.json"), js + "\n");
        if (trace == null) {
          TableWriter.writeAtomically(dir.resolve("trace.csv"), TraceCsv.write(tr));
        }
        if (series != null) {
          TableWriter.write(series.table(), TableWriter.Format.CSV, dir.resolve("timeseries.csv"));
        }
        if (groupsRun != null) {
          TableWriter.write(groupsRun.table("groups", "group", nodeEnds), TableWriter.Format.CSV, dir.resolve("groups.csv"));
        }
        FolderReport.write(dir, "fabriclab simulate: " + summary.get("topology"), null);
      });
    }
    PrintWriter o = spec.commandLine().getOut();
    TableWriter.Format f = format.format();
    if (f == TableWriter.Format.JSON) {
      o.println(toJson(summary));
    } else if (f == TableWriter.Format.CSV) {
      o.print(TableWriter.csv(fctNs));
    } else {
      String head = String.format(Locale.ROOT,
          "%s engine, %s on %s: %d/%d flows done, %.6f s simulated, %,d events, %.1f s wall",
          r.engine(), r.transport(), summary.get("topology"), r.flows().completed(),
          r.flows().flows(), Time.toSeconds(r.simulatedPs()), r.events(), summary.get("wallSeconds"));
      o.println(f == TableWriter.Format.MARKDOWN ? head + "\n" : head);
      o.print(TableWriter.render(fct, f, org.fabriclab.cli.FormatOption.MISSING));
      if (out != null) {
        o.println((f == TableWriter.Format.MARKDOWN ? "\n" : "") + "wrote " + out + "/{"
            + String.join(",", folder.written()) + "}");
      }
    }
  }

  /** Refuses {@code option = value} when {@code flows} flows do not fit the heap ({@link org.fabriclab.cli.FlowMemory}). */
  private void requireHeap(String option, Object value, long flows) {
    org.fabriclab.cli.FlowMemory.require(option, value, flows,
        org.fabriclab.cli.FlowMemory.simulatePerFlow(engine, out != null),
        "the " + engine + " engine" + (out != null ? " with --out" : ""), org.fabriclab.units.HeapBudget.maxHeapBytes());
  }

  private Topology topology(long topologySeed) {
    Path file = Path.of(topo);
    if (Files.isRegularFile(file)) {
      return TopologyArgs.readFile(file, TopologyArgs.importDefaults(topo, topologyArgs),
          spec.commandLine().getErr());
    }
    return TopologyArgs.build(topo, topologyArgs, topologySeed);
  }

  /** One line of JSON; a statistic that does not exist (NaN) is null. */
  static String toJson(Map<String, Object> m) {
    return org.fabriclab.cli.Json.compact(m);
  }
}
