package org.fabriclab.cli.analyze;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.analysis.FleischerThroughputSolver;
import org.fabriclab.analysis.LpThroughputSolver;
import org.fabriclab.analysis.ThroughputProblem;
import org.fabriclab.analysis.ThroughputResult;
import org.fabriclab.analysis.ThroughputSolver;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.io.TopologyFiles;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.traffic.ClusterTraffic;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fabriclab analyze …}: analyses of a topology. */
@Command(
    name = "analyze",
    mixinStandardHelpOptions = true,
    description = "Analyses of a topology.",
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
        "Maximum concurrent multi-commodity flow λ (unit link capacity, server links relaxed):",
        "clustered broadcast/incast/all-to-all traffic or a demand CSV (src,dst,demand node ids).",
        "--topo is a family name with -p key=value parameters, or a .json/.graphml file."
      })
  static final class Throughput implements Runnable {
    @Spec CommandSpec spec;

    @Option(names = "--topo", required = true, paramLabel = "FAMILY|FILE", description = "family or topology file")
    String topo;

    @Option(names = {"-p", "--param"}, paramLabel = "KEY=VALUE", description = "family parameter, repeatable")
    List<String> params = List.of();

    @Option(names = "--traffic", defaultValue = "broadcast", description = "broadcast|incast|all-to-all (default: ${DEFAULT-VALUE})")
    String traffic;

    @Option(names = "--cluster-size", description = "servers per cluster (default 1000 for broadcast/incast, 20 for all-to-all)")
    Integer clusterSize;

    @Option(names = "--locality", defaultValue = "strong", description = "strong|weak|none (default: ${DEFAULT-VALUE})")
    String locality;

    @Option(names = "--pod-size", description = "servers per Pod when the topology has no pod labels (default: all)")
    Integer podSize;

    @Option(names = "--demands", paramLabel = "FILE", description = "CSV of src,dst,demand instead of --traffic")
    Path demands;

    @Option(names = "--solver", defaultValue = "lp", description = "lp|approx (default: ${DEFAULT-VALUE})")
    String solver;

    @Option(names = "--epsilon", defaultValue = "0.05", description = "accuracy of approx (default: ${DEFAULT-VALUE})")
    double epsilon;

    @Option(names = "--server-links", description = "constrain server links too (default: relaxed, §3.1)")
    boolean serverLinks;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the cluster placement (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--json", description = "print one JSON object (keys lambda, solver, seconds, …)")
    boolean json;

    @Override
    public void run() {
      Topology t = topology();
      DemandMatrix d = demands == null ? clustered(t) : readDemands(demands, t.nodeCount());
      ThroughputSolver s = switch (solver.toLowerCase(java.util.Locale.ROOT)) {
        case "lp" -> new LpThroughputSolver();
        case "approx" -> new FleischerThroughputSolver(epsilon);
        default -> throw new InvalidParameterException("--solver", solver, "one of lp|approx");
      };
      ThroughputProblem p = new ThroughputProblem(t, d, true, !serverLinks);
      if (p.commodityCount() == 0) {
        throw new InvalidParameterException(demands != null ? "--demands" : "--traffic",
            "no demand needs network capacity: every demand is 0 or stays inside one node"
                + (serverLinks ? "" : " (or a server and its switch; server links are relaxed)")
                + ", so lambda is unbounded");
      }
      ThroughputResult r = s.solve(p);
      ObjectNode o = new ObjectMapper().createObjectNode();
      o.put("lambda", r.lambda());
      o.put("solver", r.solver());
      o.put("seconds", r.seconds());
      o.put("upperBound", r.upperBound());
      o.put("topology", t.family() + "(" + t.parameters() + ")");
      o.put("commodities", p.commodityCount());
      o.put("groups", p.groupCount());
      o.put("links", p.linkCount());
      PrintWriter out = spec.commandLine().getOut();
      if (json) {
        out.println(o.toString());
      } else {
        o.fields().forEachRemaining(e -> out.printf("%-12s %s%n", e.getKey(), e.getValue().asText()));
      }
    }

    private Topology topology() {
      Path file = Path.of(topo);
      if (Files.isRegularFile(file)) {
        if (!params.isEmpty()) {
          throw new InvalidParameterException("-p", "parameters apply to a family, not to a file");
        }
        return TopologyFiles.read(file);
      }
      Map<String, String> raw = new LinkedHashMap<>();
      for (String kv : params) {
        int eq = kv.indexOf('=');
        if (eq <= 0) {
          throw new InvalidParameterException("-p", kv, "expected KEY=VALUE");
        }
        raw.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
      }
      return TopologyFamilies.load().build(topo, raw);
    }

    private DemandMatrix clustered(Topology t) {
      ClusterTraffic.Pattern pat = ClusterTraffic.Pattern.parse(traffic);
      int c = clusterSize != null ? clusterSize : pat == ClusterTraffic.Pattern.ALL_TO_ALL ? 20 : 1000;
      int pod = podSize != null ? podSize : t.serverCount();
      if (pod < 1) {
        throw new InvalidParameterException("--pod-size", pod, "must be >= 1");
      }
      ClusterTraffic ct = new ClusterTraffic(t, c, pat, ClusterTraffic.Locality.parse(locality), pod);
      return ct.demands(new RandomStreams(seed).stream("analyze/throughput"));
    }

    /**
     * Reads {@code src,dst,demand} lines (node ids of a topology with {@code nodes} nodes). Line 1
     * is a header when it contains a letter; blank lines and {@code #} comments are skipped. Every
     * error names {@code file:line}.
     */
    static DemandMatrix readDemands(Path file, int nodes) {
      DemandMatrix.Builder b = DemandMatrix.builder();
      int rows = 0;
      try (org.fabriclab.io.TextLines in = org.fabriclab.io.TextLines.open(file)) {
        String line;
        while ((line = in.next()) != null) {
          int no = in.lineNumber();
          String s = line.trim();
          if (s.isEmpty() || s.startsWith("#") || (no == 1 && s.chars().anyMatch(Character::isLetter))) {
            continue;
          }
          rows++;
          add(b, file, no, s, nodes);
        }
      }
      if (rows == 0) {
        throw new MalformedInputException(file.toString(), "no src,dst,demand lines");
      }
      return b.build();
    }

    private static void add(DemandMatrix.Builder b, Path file, int no, String s, int nodes) {
      String[] f = s.split("\\s*,\\s*");
      int src;
      int dst;
      double amount;
      try {
        if (f.length != 3) {
          throw new NumberFormatException("expected 3 fields");
        }
        src = org.fabriclab.units.AsciiNumbers.parseInt(f[0]);
        dst = org.fabriclab.units.AsciiNumbers.parseInt(f[1]);
        amount = org.fabriclab.units.AsciiNumbers.parseDouble(f[2]);
      } catch (NumberFormatException e) {
        throw new MalformedInputException(file + ":" + no, "expected src,dst,demand (" + e.getMessage() + ")");
      }
      for (int id : new int[] {src, dst}) {
        if (id < 0 || id >= nodes) {
          throw new MalformedInputException(file + ":" + no,
              "node id " + id + " outside 0.." + (nodes - 1) + " of the topology");
        }
      }
      if (!(amount >= 0) || Double.isInfinite(amount)) {
        throw new MalformedInputException(file + ":" + no,
            "demand " + f[2] + " must be a finite number >= 0");
      }
      b.add(src, dst, amount);
    }
  }
}
