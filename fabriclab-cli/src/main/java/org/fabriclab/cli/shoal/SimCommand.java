package org.fabriclab.cli.shoal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabriclab.cli.FormatOption;
import org.fabriclab.cli.report.ProgressReporter;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.shoal.ShoalBaselines;
import org.fabriclab.shoal.ShoalConfig;
import org.fabriclab.shoal.ShoalFailures;
import org.fabriclab.shoal.ShoalFlows;
import org.fabriclab.shoal.ShoalMetrics;
import org.fabriclab.shoal.ShoalSimulator;
import org.fabriclab.shoal.ShoalWorkloads;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import org.fabriclab.traffic.TraceCsv;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code shoal sim}: one slot-level simulation of a Shoal rack (seed 003 §3.3, §6–7). */
@Command(name = "sim", mixinStandardHelpOptions = true, description = {
    "simulates a Shoal rack slot by slot; JSON keys: flows[{id, src, dst, bytes, startNs, endNs}]",
    "(endNs null if unfinished), offeredLoad (the sample's bits over its arrivals' span / (N·R)),",
    "maxQueueCells, maxNodeQueueCells, destinationThroughputGbps,",
    "shortFct999Us, shortFct99Us, shortOver1msShare, longGoodputGbps, maxReorderBytes (null without",
    "--reordering), slots, completed, cellsSent, corruptedCells; a value that does not exist (no",
    "finished short/long flow, not measured) is null in JSON, empty in CSV, n/a in text and md.",
    "--format csv writes one row per flow (id,src,dst,bytes,startNs,endNs) and the other keys as one",
    "'summary:' line on stderr; md writes the keys, then the flow table. --on runs the same flows on",
    "one of §7.3's baselines instead (512 nodes; slot and queue keys then null): dctcp, dcqcn, ndp",
    "(50 Gb/s Clos, packet engine), dcqcn-pfc (DCQCN with PFC, a what-if), torus (8x8x8, R2C2-style",
    "rates) or torus-multipath (each flow over 6 minimal paths, a what-if)."})
public final class SimCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--nodes", required = true, description = "rack nodes N = k²/2 for the switch ports")
  int nodes;

  @Option(names = "--switch-ports", description = "circuit switch ports k, even, 2..2048, with N = k²/2 (default: from N)")
  Integer ports;

  @Option(names = "--link-gbps", defaultValue = "100", description = "node bandwidth, Gb/s (default 100)")
  double linkGbps;

  @Option(names = "--channels", defaultValue = "4", description = "channels per link, 1..N-1 (default 4)")
  int channels;

  @Option(names = "--slot-ns", defaultValue = "23.25", description = "slot incl. guard band, ns (default 23.25)")
  double slotNs;

  @Option(names = "--guard-ns", defaultValue = "2.75", description = "guard band, ns (default 2.75)")
  double guardNs;

  @Option(names = "--cell-bytes", defaultValue = "64", description = "cell size incl. 8 B header (default 64)")
  int cellBytes;

  @Option(names = "--propagation-ns", defaultValue = "0", description = "extra cell latency after its slot, ns")
  double propagationNs;

  @Option(names = "--propagation-aware", description = "Appendix A schedule")
  boolean propagationAware;

  @Option(names = "--no-ready-queues", description = "disable R_jk (Eq. 4-6)")
  boolean noReady;

  @Option(names = "--no-selective-release", description = "disable the 2^age rule")
  boolean noSelective;

  @Option(names = "--no-backpressure", description = "disable Eq. 1-2")
  boolean noBackpressure;

  @Option(names = "--workload", required = true, description = "incast, permutation, poisson or trace")
  String workload;

  @Option(names = "--senders", description = "incast senders, 1..N-1 (default: every live node but the destination)")
  Integer senders;

  @Option(names = "--size", paramLabel = "BYTES", defaultValue = "448", description = "bytes per flow for incast/permutation (default 448)")
  long size;

  @Option(names = "--pairs", description = "permutation pairs, 1..N (default N)")
  Integer pairs;

  @Option(names = "--load", defaultValue = "0.5", description = "poisson load L = F/(R·N·τ), in (0, 100] (default 0.5)")
  double load;

  @Option(names = "--flows", defaultValue = "10000", description = "poisson flows drawn, 1..50000000 (default 10000)")
  int flows;

  @Option(names = "--stop-after", defaultValue = "0",
      description = "end the run when this many flows have completed (§7.3: \"each simulation ends when one "
          + "million flows have completed\"); default 0: when every flow has finished")
  int stopAfter;

  @Option(names = "--skewed", description = "poisson: 84%% of flows among a third of the nodes (§7.4)")
  boolean skewed;

  @Option(names = "--trace", description = "trace CSV (flow_id,src_host,dst_host,start_ns,size_bytes)")
  Path trace;

  @Option(names = "--fail-nodes", defaultValue = "0", description = "fraction of failed nodes, [0, 1)")
  double failNodes;

  @Option(names = "--fail-component",
      description = "one failed component (§3.5): " + FailComponent.FORMS + " with L in 0..k-1, S in "
          + "0..k/2-1, I in 0..N-1, in the Clos plane of --fail-plane (default none)")
  String failComponent;

  @Option(names = "--fail-plane", defaultValue = "0", description = "plane (channel) of --fail-component, 0..channels-1")
  int failPlane;

  @Option(names = "--corruption-rate", defaultValue = "0",
      description = "probability that a cell transmission is corrupted, [0, 1): the receiver drops it and the "
          + "sender resends it (Appendix D); default 0")
  double corruptionRate;

  @Option(names = "--seed", defaultValue = "1", description = "master seed (default 1)")
  long seed;

  @Option(names = "--reordering", description = "measure the destinations' reordering buffers (Fig. 16)")
  boolean reordering;

  @Option(names = "--fct-breakdown",
      description = "text output: split the FCT of short flows (<= 100 KB) along each one's last cell into "
          + "first-cell wait, pacing, source/intermediate alignment and queueing, hops (ShoalFctBreakdown)")
  boolean fctBreakdown;

  @Option(names = "--on", defaultValue = "shoal",
      description = "fabric that runs the flows: shoal (default), dctcp, dcqcn, dcqcn-pfc, ndp, torus or "
          + "torus-multipath (§7.3's baselines, 512 nodes; every flow to completion, or until --stop-after)")
  String on;

  @Option(names = "--workload-gbps",
      description = "poisson: per-node bandwidth R in L = F/(R·N·τ), in (0, 1e6] (default --link-gbps); e.g. 50 draws "
          + "the load against the 50 Gb/s baseline network's own bandwidth")
  Double workloadGbps;

  @Option(names = "--no-progress", description = "no progress bar or progress log lines (the bar counts completed flows)")
  boolean noProgress;

  @picocli.CommandLine.Mixin FormatOption format = new FormatOption();

  @Override
  public void run() {
    format.format();
    if (ports != null && ports <= 0) {
      throw new InvalidParameterException("--switch-ports", ports, "must be even, 2..2048 (omit it to derive k from --nodes)");
    }
    ShoalConfig cfg = new ShoalConfig(nodes, ports == null ? 0 : ports, channels, linkGbps, slotNs, guardNs, cellBytes,
        propagationNs, propagationAware, !noBackpressure, !noReady, !noSelective);
    if (!(failNodes >= 0 && failNodes < 1)) {
      throw new InvalidParameterException("--fail-nodes", failNodes, "must be in [0, 1)");
    }
    if (!(load > 0 && load <= 100)) {
      throw new InvalidParameterException("--load", load, "must be in (0, 100]");
    }
    InvalidParameterException.requireRange("--size", size, 1, 1L << 40);
    if (!List.of("shoal", "dctcp", "dcqcn", "dcqcn-pfc", "ndp", "torus", "torus-multipath").contains(on)) {
      throw new InvalidParameterException("--on", on,
          "one of shoal, dctcp, dcqcn, dcqcn-pfc, ndp, torus, torus-multipath");
    }
    if (!on.equals("shoal") && (nodes != 512 || failNodes != 0 || failComponent != null || corruptionRate != 0)) {
      throw new InvalidParameterException("--on", on, "the baselines are 512-node networks without failures or "
          + "corruption (use --nodes 512 and no --fail-*/--corruption-rate)");
    }
    if (workloadGbps != null && !(workloadGbps > 0 && workloadGbps <= 1e6)) {
      throw new InvalidParameterException("--workload-gbps", workloadGbps, "must be in (0, 1e6] (omit it for --link-gbps)");
    }
    if (workload.equals("poisson")) {
      InvalidParameterException.requireRange("--flows", flows, 1, 50_000_000);
      requireHeap("--flows", flows, flows); // before the flows are drawn
    }
    RandomStreams rs = new RandomStreams(seed);
    boolean[] failed = ShoalWorkloads.failNodes(nodes, failNodes, rs.stream("failures"));
    ShoalFailures failures = failComponent == null ? ShoalFailures.nodes(nodes, failed)
        : FailComponent.parse(cfg, failComponent, failPlane);
    if (failComponent != null) {
      if (failNodes != 0) {
        throw new InvalidParameterException("--fail-component", "use either --fail-nodes or --fail-component");
      }
      failed = failures.notLive();
    }
    ShoalFlows fl = switch (workload) {
      case "incast" -> {
        int dst = 0;
        while (failed[dst]) {
          dst++;
        }
        yield ShoalWorkloads.incast(nodes, senders == null ? nodes - 1 - count(failed) : senders, dst, size, failed);
      }
      case "permutation" -> {
        if (count(failed) > 0) {
          throw new InvalidParameterException("--fail-nodes", failNodes, "permutation runs without failures (use 0)");
        }
        yield ShoalWorkloads.permutation(nodes, pairs == null ? nodes : pairs, size, rs.stream("permutation"));
      }
      case "poisson" -> ShoalWorkloads.poisson(nodes, failed, failComponent == null ? null : failures, load,
          flows, 100_000, 1.05, workloadGbps != null ? workloadGbps : linkGbps, skewed, rs.stream("poisson"));
      case "trace" -> {
        if (trace == null) {
          throw new InvalidParameterException("--trace", "missing --trace FILE for --workload trace");
        }
        ShoalFlows t = ShoalWorkloads.trace(TraceCsv.read(trace, nodes), nodes);
        for (int f = 0; f < t.size(); f++) {
          if (failed[t.src(f)] || failed[t.dst(f)]) {
            throw new InvalidParameterException("--fail-nodes", "trace flow " + f + " touches a failed node; use --fail-nodes 0");
          }
        }
        yield t;
      }
      default -> throw new InvalidParameterException("--workload", workload, "one of incast, permutation, poisson, trace");
    };
    if (workload.equals("trace")) {
      requireHeap("--trace", trace, fl.size());
    }
    InvalidParameterException.requireRange("--stop-after", stopAfter, 0, fl.size());
    if (!(corruptionRate >= 0 && corruptionRate < 1)) {
      throw new InvalidParameterException("--corruption-rate", corruptionRate, "must be in [0, 1)");
    }
    for (int f = 0; f < fl.size(); f++) {
      if (failures.anyDead() && failures.usableSubflows(fl.src(f), fl.dst(f)) == 0) {
        throw new InvalidParameterException("--fail-component", "--fail-component " + failComponent + ": flow " + f
            + " (" + fl.src(f) + " -> " + fl.dst(f) + ") has no live path with " + failures);
      }
    }
    if (!on.equals("shoal")) {
      baseline(fl);
      return;
    }
    ShoalSimulator sim = new ShoalSimulator(cfg, fl, failures, null).corruptCells(corruptionRate, seed);
    if (reordering) {
      sim.measureReordering();
    }
    org.fabriclab.shoal.ShoalFctBreakdown breakdown = null;
    if (fctBreakdown) {
      if (corruptionRate != 0) {
        throw new InvalidParameterException("--fct-breakdown", "--fct-breakdown runs without --corruption-rate");
      }
      breakdown = new org.fabriclab.shoal.ShoalFctBreakdown(cfg, fl, ShoalMetrics.SHORT_MAX_BYTES);
      sim.cellProbe(breakdown);
    }
    sim.run(stopAfter == 0 ? Integer.MAX_VALUE : stopAfter, Long.MAX_VALUE,
        ProgressReporter.create(!noProgress, spec.commandLine().getErr()));
    PrintWriter o = spec.commandLine().getOut();
    double dest = ShoalMetrics.destinationThroughputGbps(fl, nodes);
    double offered = ShoalMetrics.offeredLoad(fl, nodes, workloadGbps != null ? workloadGbps : linkGbps);
    if (!format.isText()) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("nodes", nodes);
      j.put("offeredLoad", offered);
      j.put("epochSlots", cfg.schedule().epochSlots());
      j.put("slots", sim.slot());
      j.put("completed", sim.completed());
      j.put("cellsSent", sim.workCounters()[0]);
      j.put("corruptedCells", sim.corruptedCells());
      j.put("maxQueueCells", sim.maxQueueCells());
      j.put("maxNodeQueueCells", sim.maxNodeQueueCells());
      j.put("destinationThroughputGbps", dest);
      j.put("maxReorderBytes", reordering ? sim.maxReorderBytes() : null);
      printFlows(j, fl);
      return;
    }
    o.printf("%d nodes, %d flows, %d finished in %d slots (%.3f us); cells sent %d, node visits %d%n",
        nodes, fl.size(), sim.completed(), sim.slot(), sim.nowPs() / 1e6, sim.workCounters()[0],
        sim.workCounters()[1]);
    o.printf("max queue %d cells, max per-node queue %d cells, destination throughput %.2f Gb/s%n",
        sim.maxQueueCells(), sim.maxNodeQueueCells(), dest);
    if (!Double.isNaN(offered)) {
      o.printf("offered load of the flow sample %.3f of R (bytes drawn over the arrivals' span)%n", offered);
    }
    o.printf("short flows 99.9p FCT %s, long flows mean goodput %s%n",
        shown(ShoalMetrics.shortFctUs(fl, 0.999), "us", "short"), shown(ShoalMetrics.longGoodputGbps(fl), "Gb/s", "long"));
    if (breakdown != null) {
      o.printf("epoch %d slots = %.3f us, cell %d B%n", cfg.schedule().epochSlots(),
          cfg.schedule().epochSlots() * cfg.slotNs() / 1000, cfg.cellBytes());
      o.printf("short-flow FCT breakdown (us), median band [0.49, 0.51]: %s%n", breakdown.band(0.49, 0.51));
      o.printf("short-flow FCT breakdown (us), p99 band [0.989, 0.991]: %s%n", breakdown.band(0.989, 0.991));
      o.printf("short-flow FCT breakdown (us), p99.9 band [0.998, 1.0]: %s%n", breakdown.band(0.998, 1.0));
    }
  }

  /** The flows on a §7.3 baseline ({@code --on}); prints the same flow keys. */
  private void baseline(ShoalFlows fl) {
    int max = stopAfter == 0 ? Integer.MAX_VALUE : stopAfter;
    ShoalFlows r = on.equals("torus") ? ShoalBaselines.torus(fl, seed, ShoalBaselines.TORUS_BROADCAST_DELAY_PS, 1, max)
        : on.equals("torus-multipath") ? ShoalBaselines.torus(fl, seed, ShoalBaselines.TORUS_BROADCAST_DELAY_PS,
            ShoalBaselines.TORUS_MULTIPATH_SUBFLOWS, max)
        : ShoalBaselines.psn(fl, on, seed, Long.MAX_VALUE, max);
    PrintWriter o = spec.commandLine().getOut();
    if (!format.isText()) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("nodes", nodes);
      j.put("on", on);
      j.put("completed", countFinished(r));
      j.put("maxQueueCells", null);
      j.put("maxNodeQueueCells", null);
      j.put("destinationThroughputGbps", ShoalMetrics.destinationThroughputGbps(r, nodes));
      printFlows(j, r);
      return;
    }
    double over = ShoalMetrics.shortShareSlowerThan(r, 1000);
    o.printf("%s: %d flows, %d finished; short flows 99.9p FCT %s (99p %s, %s over 1 ms), "
        + "long flows mean goodput %s%n", on, r.size(), countFinished(r),
        shown(ShoalMetrics.shortFctUs(r, 0.999), "us", "short"), shown(ShoalMetrics.shortFctUs(r, 0.99), "us", "short"),
        Double.isNaN(over) ? "n/a" : String.format("%.3f%%", 100 * over), shown(ShoalMetrics.longGoodputGbps(r), "Gb/s",
            "long"));
  }

  /** Refuses {@code option = value} when {@code n} flows do not fit the heap ({@link org.fabriclab.cli.FlowMemory}). */
  private void requireHeap(String option, Object value, long n) {
    org.fabriclab.cli.FlowMemory.require(option, value, n, org.fabriclab.cli.FlowMemory.shoalPerFlow(!format.isText()),
        "shoal sim" + (format.isText() ? "" : " listing them"), org.fabriclab.units.HeapBudget.maxHeapBytes());
  }

  /** A metric for the text output: "n/a (no short flow finished)" instead of NaN. */
  static String shown(double v, String unit, String kind) {
    return Double.isNaN(v) ? "n/a (no " + kind + " flow finished)" : String.format("%.2f %s", v, unit);
  }

  /**
   * Adds the flow metrics to {@code j} and prints it with the flows: JSON as {@code flows[…]},
   * csv/md as one row per flow ({@link FormatOption#printTable}); an unfinished flow's end is null.
   */
  private void printFlows(Map<String, Object> j, ShoalFlows fl) {
    j.put("shortFct999Us", FormatOption.value(ShoalMetrics.shortFctUs(fl, 0.999)));
    j.put("shortFct99Us", FormatOption.value(ShoalMetrics.shortFctUs(fl, 0.99)));
    j.put("shortOver1msShare", FormatOption.value(ShoalMetrics.shortShareSlowerThan(fl, 1000)));
    j.put("longGoodputGbps", FormatOption.value(ShoalMetrics.longGoodputGbps(fl)));
    Table.Builder t = Table.builder("flows").longColumn("id").longColumn("src").longColumn("dst")
        .longColumn("bytes").doubleColumn("startNs").doubleColumn("endNs");
    for (int f = 0; f < fl.size(); f++) {
      t.row(f, fl.src(f), fl.dst(f), fl.bytes(f), fl.startPs(f) / 1000.0, fl.endPs(f) < 0 ? null : fl.endPs(f) / 1000.0);
    }
    PrintWriter o = spec.commandLine().getOut();
    if (format.isJson()) {
      j.put("flows", TableWriter.toJson(t.build()));
      ShoalCommand.print(format, o, j);
    } else {
      format.printTable(o, spec.commandLine().getErr(), j, t.build());
    }
  }

  private static int countFinished(ShoalFlows fl) {
    int c = 0;
    for (int f = 0; f < fl.size(); f++) {
      c += fl.endPs(f) >= 0 ? 1 : 0;
    }
    return c;
  }

  private static int count(boolean[] b) {
    int c = 0;
    for (boolean x : b) {
      c += x ? 1 : 0;
    }
    return c;
  }
}
