package org.fabriclab.cli.run;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.analysis.FleischerThroughputSolver;
import org.fabriclab.analysis.LpThroughputSolver;
import org.fabriclab.analysis.ThroughputProblem;
import org.fabriclab.analysis.ThroughputResult;
import org.fabriclab.analysis.TopologyStats;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.traffic.SizeDistribution;
import org.fabriclab.traffic.TraceCsv;
import org.fabriclab.traffic.Workloads;
import org.fabriclab.units.Time;

/**
 * Runs one {@link Point}: builds its topology (family with the point's seed unless the spec fixes
 * one, or a file), then computes its kind's metrics. A pure function of the point: the same point
 * gives the same metrics on any thread, machine or Spark executor. Wall-clock times are never
 * metrics (they would break that). Single-threaded per point: parallelism is across points.
 */
public final class PointRunner {
  /** The metrics and per-point files of one point. */
  public record Result(int index, LinkedHashMap<String, String> metrics, LinkedHashMap<String, String> files)
      implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  private static final List<String> TOPO = List.of("nodes", "servers", "switches", "links",
      "avgServerPathLength", "diameterHops", "unreachableServerPairs", "components",
      "minSwitchDegree", "maxSwitchDegree");
  private static final List<String> THROUGHPUT = List.of("lambda", "upperBound", "commodities", "groups");
  private static final List<String> SIMULATE_TOTALS = List.of("simulatedNs", "events", "dataPackets",
      "controlPackets", "packetHops", "drops", "deliveredBytes", "goodputGbps", "servers", "switches", "links", "switchPorts",
      "arrivalsPerS");

  private PointRunner() {}

  /** Every metric name of a kind (for validating a spec's {@code metrics}). */
  public static List<String> metricNames(String kind) {
    return switch (kind) {
      case "topo" -> TOPO;
      case "throughput" -> THROUGHPUT;
      case "collective" -> CollectivePoint.METRICS;
      default -> {
        List<String> l = new ArrayList<>();
        for (String b : FctStats.BINS) {
          FctStats.METRICS.forEach(m -> l.add(m + "." + b));
        }
        l.addAll(SIMULATE_TOTALS);
        yield l;
      }
    };
  }

  /** Runs the point. */
  public static Result run(Point p) {
    return run(p, org.fabriclab.progress.Progress.NONE);
  }

  /**
   * Runs the point, a simulate point reporting its flows done on {@code progress} (which never
   * changes its metrics).
   */
  public static Result run(Point p, org.fabriclab.progress.Progress progress) {
    try {
      Topology t = topology(p);
      LinkedHashMap<String, String> files = new LinkedHashMap<>();
      Map<String, Number> m = switch (p.kind()) {
        case "topo" -> topo(t, p);
        case "throughput" -> throughput(t, p);
        case "collective" -> CollectivePoint.run(t, p, files);
        default -> simulate(t, p, files, progress);
      };
      LinkedHashMap<String, String> metrics = new LinkedHashMap<>();
      m.forEach((k, v) -> metrics.put(k, format(v)));
      return new Result(p.index(), metrics, files);
    } catch (FabriclabException e) {
      throw new FabriclabException("point " + p.describe() + ": " + e.getMessage(), e);
    }
  }

  /** Canonical text of a metric value: integers as integers; null, NaN and ±∞ (no value) as empty. */
  static String format(Number v) {
    if (v == null) {
      return "";
    }
    if (v instanceof Double d) {
      return Double.isFinite(d) ? Double.toString(d) : "";
    }
    return Long.toString(v.longValue());
  }

  static Topology topology(Point p) {
    String file = p.params().get("topology.file");
    if (file != null) {
      return TopologyImport.read(Path.of(file), p.params());
    }
    Map<String, String> raw = new LinkedHashMap<>();
    p.params().forEach((k, v) -> {
      if (k.startsWith("topology.")) {
        raw.put(k.substring("topology.".length()), v);
      }
    });
    raw.putIfAbsent("seed", Long.toString(p.seed()));
    return TopologyFamilies.load().build(p.params().get("topology"), raw);
  }

  /** Reads a topology file entry once, so a bad file fails before any point runs. */
  static void checkFile(Path file, Map<String, String> combo, SpecNode node) {
    try {
      TopologyImport.read(file, combo);
    } catch (FabriclabException e) {
      throw node.error(e.getMessage());
    }
  }

  private static Map<String, Number> topo(Topology t, Point p) {
    long max = Long.parseLong(p.get("topo.max-sources", "0"));
    TopologyStats s = TopologyStats.of(t, 1, max == 0 ? Long.MAX_VALUE : max, p.seed());
    Map<String, Number> m = new LinkedHashMap<>();
    m.put("nodes", s.nodes());
    m.put("servers", s.servers());
    m.put("switches", s.switches());
    m.put("links", s.links());
    m.put("avgServerPathLength", s.avgServerPathLength());
    Map<String, Object> stats = s.toMap(); // null where a value does not exist
    m.put("diameterHops", (Number) stats.get("diameter"));
    m.put("unreachableServerPairs", s.unreachableServerPairs());
    m.put("components", (long) s.components());
    m.put("minSwitchDegree", (Number) stats.get("minSwitchDegree"));
    m.put("maxSwitchDegree", (Number) stats.get("maxSwitchDegree"));
    return m;
  }

  private static Map<String, Number> throughput(Topology t, Point p) {
    DemandMatrix d = org.fabriclab.cli.analyze.ThroughputDemands.of(t, p.get("throughput.traffic", "permutation"),
        Integer.parseInt(p.get("throughput.cluster-size", "0")), p.get("throughput.locality", "strong"),
        Integer.parseInt(p.get("throughput.pod-size", "0")), p.seed());
    boolean serverLinks = Boolean.parseBoolean(p.get("throughput.server-links", "false"));
    ThroughputProblem prob = new ThroughputProblem(t, d, true, !serverLinks);
    if (prob.commodityCount() == 0) {
      throw new FabriclabException("no demand needs network capacity (every demand stays inside one"
          + " switch), so throughput is unbounded");
    }
    ThroughputResult r = p.get("throughput.solver", "approx").equals("lp")
        ? new LpThroughputSolver().solve(prob)
        : new FleischerThroughputSolver(Double.parseDouble(p.get("throughput.epsilon", "0.05"))).solve(prob);
    Map<String, Number> m = new LinkedHashMap<>();
    m.put("lambda", r.lambda());
    m.put("upperBound", r.upperBound());
    m.put("commodities", (long) prob.commodityCount());
    m.put("groups", (long) prob.groupCount());
    return m;
  }

  private static Map<String, Number> simulate(Topology t, Point p, Map<String, String> files,
      org.fabriclab.progress.Progress progress) {
    FlowTrace trace = trace(t, p);
    SimulationAdapter.Settings s = new SimulationAdapter.Settings(
        p.get("simulate.engine", "flow"), p.get("simulate.transport", "dctcp"),
        Integer.parseInt(p.get("simulate.subflows", "1")), Integer.parseInt(p.get("simulate.paths", "0")),
        Long.parseLong(p.get("simulate.pfc-xoff-bytes", "0")),
        Time.seconds(Double.parseDouble(p.get("simulate.until-ms", "0")) / 1000),
        Long.parseLong(p.get("simulate.max-events", "0")));
    SimulationResult r = SimulationAdapter.run(t, trace, s, p.seed(), progress);
    Map<String, Number> fct = FctStats.of(t, r.flows());
    Map<String, Number> m = new LinkedHashMap<>(fct);
    m.put("simulatedNs", r.simulatedPs() / 1000);
    m.put("events", r.events());
    boolean packets = r.countsPackets(); // the flow engine has no packets: no value, not 0
    m.put("dataPackets", packets ? r.dataPackets() : null);
    m.put("controlPackets", packets ? r.controlPackets() : null);
    m.put("packetHops", packets ? r.packetHops() : null);
    m.put("drops", packets ? r.droppedPackets() : null);
    m.put("deliveredBytes", r.deliveredBytes()); // flow engine: payload only (SimulationResult)
    m.put("goodputGbps", r.goodputGbps());
    m.put("servers", (long) t.serverCount());
    m.put("switches", (long) t.switchCount());
    m.put("links", (long) t.cableCount());
    long ports = 0;
    for (int v = 0; v < t.nodeCount(); v++) {
      if (!t.isServer(v)) {
        ports += t.degree(v);
      }
    }
    m.put("switchPorts", ports);
    // the Poisson rate this point used (from its load, or as given): a load gives fabrics of other
    // sizes other rates, and this says which
    m.put("arrivalsPerS", p.get("workload.type", "poisson").equals("poisson")
        ? rate(t, p, WorkloadSizes.parse(p.get("workload.sizes", "websearch"))) : null);
    Table flows = r.flows().table();
    files.put(PointFiles.FLOWS, TableWriter.csv(flows));
    files.put(PointFiles.FCT_BY_SIZE, TableWriter.csv(FctStats.table(fct)));
    return m;
  }

  private static FlowTrace trace(Topology t, Point p) {
    int hosts = t.serverCount();
    long seed = p.seed();
    String type = p.get("workload.type", "poisson");
    long bytes = Long.parseLong(p.get("workload.flow-bytes", "1000000"));
    return switch (type) {
      case "trace" -> TraceCsv.read(Path.of(p.get("workload.trace", "")), hosts);
      case "permutation" -> Workloads.permutation(hosts, bytes, seed);
      case "incast" -> Workloads.incast(hosts, Integer.parseInt(p.get("workload.senders", "8")), bytes);
      case "alltoall" -> Workloads.allToAll(hosts, bytes);
      default -> {
        SizeDistribution sizes = WorkloadSizes.parse(p.get("workload.sizes", "websearch"));
        yield Workloads.poisson(hosts, Integer.parseInt(p.get("workload.flows", "1000")), rate(t, p, sizes),
            sizes, Double.parseDouble(p.get("workload.skew", "0")), seed);
      }
    };
  }

  /**
   * Poisson arrivals per second: {@code rate-per-s}, or from {@code load} L: L times the hosts'
   * total link capacity (server count times the first server's link) over the mean flow size in
   * bits, as {@code simulate --load} computes it.
   */
  static double rate(Topology t, Point p, SizeDistribution sizes) {
    String load = p.get("workload.load", "");
    if (load.isEmpty()) {
      return Double.parseDouble(p.get("workload.rate-per-s", "20000"));
    }
    double nicBps = t.capacityBps(t.firstLink(t.server(0)));
    return Double.parseDouble(load) * t.serverCount() * nicBps / (8 * sizes.meanBytes());
  }
}
