package org.fabriclab.cli.analyze;

import java.nio.file.Files;
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
import org.fabriclab.analysis.ThroughputSolver;
import org.fabriclab.cli.FormatOption;
import org.fabriclab.cli.TopologyArgs;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/** {@code fabriclab analyze …}: analyses of a topology. */
@Command(
    name = "analyze",
    mixinStandardHelpOptions = true,
    description = "Analyse a topology: maximum concurrent throughput under a traffic pattern.",
    subcommands = {AnalyzeCommand.Throughput.class})
public final class AnalyzeCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Maximum concurrent multi-commodity flow λ (Flat-tree §3.1). */
  @Command(
      name = "throughput",
      mixinStandardHelpOptions = true,
      description = {
        "Compute the maximum concurrent multi-commodity flow λ of a topology: the largest fraction of",
        "every demand that can be routed at once (unit link capacity, server links relaxed unless",
        "--server-links). Traffic: a random permutation (default), clustered broadcast, incast or",
        "all-to-all (Flat-tree §3.1), or a demand CSV of src,dst,demand that names nodes by index or",
        "by their ids in the topology file (GraphML or networkx JSON).",
        "The topology is --topo FAMILY with the family's parameters as options, as 'fabriclab topo",
        "FAMILY' takes them, or --topo FILE (-p KEY=VALUE is accepted as an alias of --KEY VALUE).",
        "A solve that takes more than a second shows its progress on stderr (a bar on a terminal, a log",
        "line every 5 s otherwise; --no-progress: none): approx estimates after every phase how far it is",
        "from its 1+E certificate; lp shows its steps, of which the LP solve itself is one.",
        "",
        "Examples:",
        "  fabriclab analyze throughput --topo jellyfish --k 4",
        "  fabriclab analyze throughput --topo flattree --k 8 --mode global --traffic broadcast --solver lp",
        "  fabriclab analyze throughput --topo net.graphml --servers-per-switch 2 --demands d.csv --format csv"
      })
  static final class Throughput implements Runnable {
    /** The range of --epsilon, as a spec's {@code epsilon} (SpecSchema). */
    static final double EPSILON_MIN = 0.001;
    static final double EPSILON_MAX = 0.5;

    @Spec CommandSpec spec;

    @Option(names = "--topo", required = true, paramLabel = "FAMILY|FILE",
        description = "topology family (its parameters follow as --name value) or topology file")
    String topo;

    @Option(names = {"-p", "--param"}, paramLabel = "KEY=VALUE",
        description = "family parameter, repeatable; an alias of --KEY VALUE")
    List<String> params = List.of();

    @Option(names = "--traffic", defaultValue = "permutation",
        description = "permutation, broadcast, incast or all-to-all (default: ${DEFAULT-VALUE})")
    String traffic;

    @Option(names = "--cluster-size", paramLabel = "N",
        description = "clustered traffic: servers per cluster (default: min(servers, 1000) for broadcast and"
            + " incast, min(servers, 20) for all-to-all)")
    Integer clusterSize;

    @Option(names = "--locality", defaultValue = "strong",
        description = "clustered traffic: strong, weak or none (default: ${DEFAULT-VALUE})")
    String locality;

    @Option(names = "--pod-size", paramLabel = "N",
        description = "servers per Pod when the topology has no pod labels (default: all)")
    Integer podSize;

    @Option(names = "--demands", paramLabel = "FILE", description = "CSV of src,dst,demand instead of --traffic")
    Path demands;

    @Option(names = "--solver", defaultValue = "lp",
        description = "lp (exact) or approx (Fleischer, within a factor 1+epsilon) (default: ${DEFAULT-VALUE})")
    String solver;

    @Option(names = "--epsilon", paramLabel = "E",
        description = "--solver approx only: λ is within a factor 1+E of the optimum, 0.001..0.5 (default: 0.05);"
            + " refused with --solver lp, which is exact")
    Double epsilon;

    @Option(names = "--server-links", description = "constrain server links too (default: relaxed, §3.1)")
    boolean serverLinks;

    @Option(names = "--seed", defaultValue = "1",
        description = "seed of a random topology and of the traffic (default: ${DEFAULT-VALUE})")
    long seed;

    @Mixin FormatOption format = new FormatOption();

    @Mixin org.fabriclab.cli.ProgressOption progress = new org.fabriclab.cli.ProgressOption();

    @Unmatched List<String> topologyArgs = new ArrayList<>();

    @Override
    public void run() {
      format.format();
      if (!solver.equalsIgnoreCase("lp") && !solver.equalsIgnoreCase("approx")) {
        throw new InvalidParameterException("--solver", solver, "one of lp|approx");
      }
      if (demands == null && !ThroughputDemands.TRAFFIC.contains(traffic.toLowerCase(java.util.Locale.ROOT))) {
        throw new InvalidParameterException("--traffic", traffic, "one of " + String.join("|", ThroughputDemands.TRAFFIC));
      }
      org.fabriclab.traffic.ClusterTraffic.Locality.parse(locality); // checked even when unused
      if (podSize != null && podSize < 1) {
        throw new InvalidParameterException("--pod-size", podSize, "must be >= 1");
      }
      if (clusterSize != null && clusterSize < 2) {
        throw new InvalidParameterException("--cluster-size", clusterSize, "must be >= 2");
      }
      boolean lp = solver.equalsIgnoreCase("lp");
      if (epsilon != null && lp) {
        throw new InvalidParameterException("--epsilon", epsilon,
            "applies to --solver approx only; --solver lp is exact (drop --epsilon or add --solver approx)");
      }
      if (epsilon != null && !(epsilon >= EPSILON_MIN && epsilon <= EPSILON_MAX)) {
        throw new InvalidParameterException("--epsilon", epsilon, "valid range 0.001..0.5");
      }
      ThroughputSolver s = lp ? new LpThroughputSolver()
          : new FleischerThroughputSolver(epsilon == null ? 0.05 : epsilon);
      Topology t = topology();
      DemandMatrix d = demands == null
          ? ThroughputDemands.of(t, traffic, clusterSize == null ? 0 : clusterSize, locality,
              podSize == null ? 0 : podSize, seed)
          : DemandCsv.read(demands, t.nodeCount(), Files.isRegularFile(Path.of(topo))
              ? NodeNames.of(Path.of(topo)) : Map.of());
      ThroughputProblem p = new ThroughputProblem(t, d, true, !serverLinks);
      if (p.commodityCount() == 0) {
        throw new InvalidParameterException(demands != null ? "--demands" : "--traffic",
            "no demand needs network capacity: every demand is 0 or stays inside one node"
                + (serverLinks ? "" : " (or a server and its switch; server links are relaxed)")
                + ", so lambda is unbounded");
      }
      // approx: an estimated fraction after every phase; lp: its steps (the LP itself tells nothing)
      ThroughputResult r = s.solve(p, progress.reporter(spec.commandLine().getErr()));
      Map<String, Object> o = new LinkedHashMap<>();
      // 0 (not -0.0) when a demand cannot be routed at all; a bound that does not exist is null
      o.put("lambda", FormatOption.value(r.lambda()));
      o.put("solver", r.solver());
      o.put("seconds", r.seconds());
      o.put("upperBound", FormatOption.value(r.upperBound()));
      o.put("topology", t.family() + "(" + t.parameters() + ")");
      o.put("traffic", demands != null ? "demands" : traffic.toLowerCase(java.util.Locale.ROOT));
      o.put("commodities", p.commodityCount());
      o.put("groups", p.groupCount());
      o.put("links", p.linkCount());
      spec.commandLine().getOut().print(format.render(o));
    }

    private Topology topology() {
      Map<String, String> raw = TopologyArgs.parse(topologyArgs);
      for (String kv : params) {
        int eq = kv.indexOf('=');
        if (eq <= 0) {
          throw new InvalidParameterException("-p", kv, "expected KEY=VALUE");
        }
        if (raw.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim()) != null) {
          throw new InvalidParameterException("-p", kv, "parameter " + kv.substring(0, eq).trim() + " given twice");
        }
      }
      return TopologyArgs.topology(topo, raw, seed, spec.commandLine().getErr());
    }

    /** {@link DemandCsv#read} for a topology without node ids (node indices only). */
    static DemandMatrix readDemands(Path file, int nodes) {
      return DemandCsv.read(file, nodes, Map.of());
    }
  }
}
