package org.fabriclab.cli.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fabriclab.cli.FormatOption;
import org.fabriclab.cli.Json;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.sim.flow.FlowLevelSimulation;
import org.fabriclab.sim.probe.FctSummary;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.traffic.TraceCsv;
import org.fabriclab.units.Time;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab bench engine}: the FT8-WS30-10k scenario of the benchmarks README (fat-tree
 * k=8, 10 Gb/s, 1 µs, the trace file) for the DCTCP profile (optionally in NetBench compatibility
 * mode), the NDP profile and the flow-level profile, one after the other in this JVM, each on one thread. Prints
 * wall and event-loop time, simulated time, events, packets, events/s, packet-hops/s, the JVM's
 * peak RSS so far (Linux VmHWM: cumulative over the profiles run before) and the FCT statistics
 * overall and by size bin.
 */
@Command(
    name = "engine",
    mixinStandardHelpOptions = true,
    description = {
      "Time the packet and flow-level engines on the FT8-WS30-10k benchmark trace.",
      "Targets (on that trace only; n/a for any other): the packet engine <= 60 s (DCTCP, NewReno), <= 85 s (NDP),",
      "the flow-level engine <= 5 s; none for rocev2.",
      "Output: text and md print the timing table (one row per profile), then each profile's FCT table",
      "by size bin; json prints one object {\"profiles\": timing rows, \"fct\": {profile: FCT rows}};",
      "csv prints the timing table alone (one table per stream). A value that does not exist (no target",
      "for rocev2, the peak RSS where /proc is missing, an empty bin's FCT) is n/a, an empty cell or null."
    })
public final class EngineBenchCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--trace", paramLabel = "FILE",
      description = "a trace CSV (default: the FT8-WS30-10k trace ft8_ws10k.trace.csv, inside fabriclab)")
  Path trace;

  /** The FT8-WS30-10k trace, a resource of this module (279 KB; also the benchmarks README's file). */
  static final String BENCHMARK_TRACE = "ft8_ws10k.trace.csv";

  @Option(names = "--profiles", split = ",", defaultValue = "dctcp-compat,ndp,flow",
      description = "comma list of dctcp, dctcp-compat, newreno, ndp, rocev2, flow (default: ${DEFAULT-VALUE})")
  List<String> profiles;

  @Option(names = "--seed", defaultValue = "1", description = "ECMP hash seed (default: ${DEFAULT-VALUE})")
  long seed;

  @Mixin org.fabriclab.cli.ProgressOption progressOption = new org.fabriclab.cli.ProgressOption();

  @Mixin FormatOption format = new FormatOption();

  @Override
  public void run() {
    TableWriter.Format f = format.format();
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String p : profiles) {
      if (!List.of("dctcp", "dctcp-compat", "newreno", "ndp", "rocev2", "flow").contains(p)) {
        throw new InvalidParameterException("--profiles", p,
            "valid: dctcp, dctcp-compat, newreno, ndp, rocev2, flow");
      }
      if (!seen.add(p)) {
        throw new InvalidParameterException("--profiles", String.join(",", profiles), p + " is given twice: each profile once");
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Topology t = new FatTree(8).build();
    FlowTrace tr = trace != null ? TraceCsv.read(trace, t.serverCount()) : benchmarkTrace(t.serverCount());
    boolean benchmarkTrace = isBenchmarkTrace(tr);
    Progress progress = progressOption.reporter(err);
    Table.Builder b =
        Table.builder("bench-engine")
            .stringColumn("profile").doubleColumn("wallSeconds").doubleColumn("loopSeconds")
            .doubleColumn("cpuSeconds")
            .doubleColumn("simulatedSeconds").longColumn("events").longColumn("dataPackets")
            .longColumn("controlPackets").doubleColumn("eventsPerSecond")
            .doubleColumn("packetHopsPerSecond").doubleColumn("peakRssGB").longColumn("drops")
            .doubleColumn("targetSeconds");
    Map<String, Table> fct = new LinkedHashMap<>();
    for (String p : profiles) {
      long t0 = System.nanoTime();
      long c0 = cpu();
      SimulationResult r = p.equals("flow")
          ? new FlowLevelSimulation(t, tr, seed, progress).run(Long.MAX_VALUE)
          : PacketSimulation.benchmark(t, tr, p.startsWith("dctcp") ? "dctcp" : p,
              p.equals("dctcp-compat"), seed, progress).run(Long.MAX_VALUE, Long.MAX_VALUE);
      double wall = (System.nanoTime() - t0) / 1e9;
      double cpuSeconds = (cpu() - c0) / 1e9;
      double loop = r.eventLoopSeconds();
      boolean packets = r.countsPackets(); // the fluid engine has no packets: those columns do not exist
      b.row(p, wall, loop, cpuSeconds, Time.toSeconds(r.simulatedPs()), r.events(),
          packets ? r.dataPackets() : null, packets ? r.controlPackets() : null, r.events() / loop,
          packets ? r.packetHops() / loop : null, rssGb(peakRssBytes()),
          packets ? r.droppedPackets() : null, benchmarkTrace ? targetSeconds(p) : null);
      err.printf(Locale.ROOT, "%s: %.1f s wall, %d/%d flows%n", p, wall, r.flows().completed(),
          r.flows().flows());
      fct.put(p, FctSummary.table(r.flows()));
    }
    Table timing = b.build();
    if (f == TableWriter.Format.JSON) {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("profiles", TableWriter.toJson(timing));
      Map<String, Object> byProfile = new LinkedHashMap<>();
      fct.forEach((name, table) -> byProfile.put(name, TableWriter.toJson(table)));
      doc.put("fct", byProfile);
      out.println(Json.of(doc));
      return;
    }
    out.print(format.render(timing));
    if (f == TableWriter.Format.CSV) {
      return;
    }
    for (Map.Entry<String, Table> e : fct.entrySet()) {
      out.println();
      out.println(f == TableWriter.Format.MARKDOWN ? "**" + e.getKey() + "**\n" : e.getKey());
      out.print(format.render(e.getValue()));
    }
  }

  /** The FT8-WS30-10k trace from the class path. */
  static FlowTrace benchmarkTrace(int servers) {
    java.io.InputStream in = EngineBenchCommand.class.getResourceAsStream(BENCHMARK_TRACE);
    if (in == null) {
      throw new org.fabriclab.error.FabriclabException("the benchmark trace " + BENCHMARK_TRACE
          + " is missing from the jar; give one with --trace FILE");
    }
    try (java.io.BufferedReader r = new java.io.BufferedReader(
        new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8))) {
      return TraceCsv.read(r, BENCHMARK_TRACE, servers);
    } catch (IOException e) {
      throw new org.fabriclab.error.FabriclabException("cannot read the benchmark trace: " + e.getMessage(), e);
    }
  }

  /**
   * Whether {@code tr} is the FT8-WS30-10k trace the targets are for (its 10,000 flows and 24.67 GB,
   * {@code docs/benchmarks-engine.md}); another trace has no target.
   */
  static boolean isBenchmarkTrace(FlowTrace tr) {
    long bytes = 0;
    for (int f = 0; f < tr.size(); f++) {
      bytes += tr.sizeBytes(f);
    }
    return tr.size() == 10_000 && bytes == 24_669_990_000L;
  }

  /** The profile's target wall time in s, or null: rocev2 has none. */
  private static Double targetSeconds(String profile) {
    return switch (profile) {
      case "flow" -> 5.0;
      case "ndp" -> 85.0;
      case "rocev2" -> null;
      default -> 60.0;
    };
  }

  /** Peak RSS in GB, or null when it is unknown (no /proc). */
  private static Double rssGb(long bytes) {
    return bytes < 0 ? null : bytes / 1e9;
  }

  /** CPU time of this thread in ns (the event loop runs on it): wall time minus waiting for a core. */
  static long cpu() {
    return java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
  }

  /** Peak resident set of this process (Linux VmHWM), or -1 when unknown. */
  static long peakRssBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          String[] f = line.trim().split("\\s+");
          return Long.parseLong(f[1]) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }
}
