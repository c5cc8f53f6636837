package org.fabriclab.cli.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.cli.FormatOption;
import org.fabriclab.cli.run.ExperimentSpec;
import org.fabriclab.cli.run.Point;
import org.fabriclab.cli.run.SpecLoader;
import org.fabriclab.cli.run.Sweep;
import org.fabriclab.cli.run.SweepRunner;
import org.fabriclab.cli.run.ThreadedExecutor;
import org.fabriclab.cli.run.WorkloadSizes;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.io.RunFolder;
import org.fabriclab.table.TableWriter;
import org.fabriclab.topology.TopologyFamilies;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab compare}: one workload (the same trace, the same seed) on several fabrics and
 * transports, side by side. It is a {@code run} of kind simulate built from the options, plus a
 * comparison table ({@code compare.csv}), plots and {@code report.html}.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Compare fabrics and transports on the same workload: FCT by size bin, slowdown, goodput and cost.",
      "Each fabric is --topo FAMILY followed by the family's parameters as options, as 'fabriclab topo",
      "FAMILY' takes them, or --topo FILE followed by --servers-per-switch, --link-gbps, --link-delay-ns;",
      "repeat --topo for each fabric. (--topo 'fattree k=8', one quoted argument, is also accepted.)",
      "Writes --out DIR (compare.csv of means, summary.csv with n, sd and 95%% CI per metric, points/, plots,",
      "report.html) under the output-folder rule of",
      "docs/errors.md: a folder fabriclab wrote is replaced, a foreign non-empty one needs --force.",
      "Prints the comparison: text and md a short table; csv and json every column of compare.csv.",
      "",
      "With --collective OP the workload is a collective instead of flows: the options of 'fabriclab collective'",
      "(--ranks, --size, --scheme, --placement, --segment-bytes, --root, --alpha, --reduce-gbps; a pattern's --grid,",
      "--replicas, --groups, --group-size, --mappers, --reducers) under the same names and defaults, the flow",
      "options (--workload, --trace, --flows, --load, --transport, ...) not allowed;",
      "one row per fabric x scheme x size with JCT, algbw, busbw and bytes on the wire, means over --seeds.",
      "",
      "Example: fabriclab compare --topo fattree --k 4 --topo jellyfish --k 4 --topo flattree --k 4 --mode global"
          + " --workload poisson --flows 400 --out results/compare",
      "         fabriclab compare --topo fattree --k 4 --topo bcube --n 4 --k 1 --collective allreduce --ranks 16"
          + " --size 1MiB --scheme ring,rabenseifner --engine flow --out results/compare-allreduce"
    })
public final class CompareCommand implements Runnable {
  /**
   * The default offered load: 30 % of the hosts' link capacity on every fabric. (A fixed default
   * rate, 20,000 flows/s until 2026-11-29, was 30 % on fat-tree(8) but 2.4× the capacity of
   * fat-tree(4).)
   */
  static final double DEFAULT_LOAD = 0.3;

  @Spec CommandSpec spec;

  @Option(names = "--topo", required = true, paramLabel = "FAMILY|FILE",
      parameterConsumer = org.fabriclab.cli.TopologyArgs.FabricConsumer.class,
      description = "a fabric: a family and its --parameters, or a file and its import defaults (repeat)")
  List<String> topos;

  @Option(names = "--transport", split = ",", defaultValue = "dctcp",
      description = "packet engine transports, comma-separated: dctcp, newreno, ndp, rocev2 (default: ${DEFAULT-VALUE})")
  List<String> transports;

  @Option(names = "--engine", defaultValue = "packet", description = "packet or flow (default: ${DEFAULT-VALUE})")
  String engine;

  @Option(names = "--trace", paramLabel = "FILE", description = "flow trace CSV replayed on every fabric (or --workload)")
  Path trace;

  @Option(names = "--workload", description = "generated flows: poisson, permutation, incast, alltoall (default: poisson)")
  String workload;

  @Option(names = "--flows", defaultValue = "1000", description = "poisson: flows (default: ${DEFAULT-VALUE})")
  long flows;

  @Option(names = "--rate-per-s", description = "poisson: arrivals per second, the same on every fabric, instead of --load")
  Double rate;

  @Option(names = "--load", paramLabel = "L",
      description = "poisson: offered load, a fraction of each fabric's host link capacity, in (0, 10]: sets each fabric's"
          + " arrival rate (fabrics with the same hosts and link speed get the same trace); default 0.3 unless"
          + " --rate-per-s is given")
  Double load;

  @Option(names = "--sizes", defaultValue = "websearch", description = "poisson: websearch, pareto:SHAPE:MEAN_BYTES, or a CSV file of bytes,probability (default: ${DEFAULT-VALUE})")
  String sizes;

  @Option(names = "--flow-bytes", defaultValue = "1000000", description = "permutation/incast/alltoall: bytes per flow (default: ${DEFAULT-VALUE})")
  long flowBytes;

  @Option(names = "--senders", defaultValue = "8", description = "incast: senders into host 0 (default: ${DEFAULT-VALUE})")
  long senders;

  @Option(names = "--seed", defaultValue = "1", description = "master seed (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--seeds", defaultValue = "1", description = "repetitions, each with its own trace (default: ${DEFAULT-VALUE})")
  int seeds;

  @Option(names = "--threads", paramLabel = "N", description = "points run at once (default: all cores)")
  Integer threads;

  @Option(names = "--out", required = true, paramLabel = "DIR",
      description = "output folder: new, empty or written by fabriclab (then replaced)")
  Path out;

  @Option(names = "--force", description = "write into a non-empty --out folder that fabriclab did not write (its other files are kept)")
  boolean force;

  @Mixin CollectiveOptions collective = new CollectiveOptions();

  @Mixin FormatOption format = new FormatOption();

  @Mixin org.fabriclab.cli.ProgressOption progress = new org.fabriclab.cli.ProgressOption();

  @Override
  public void run() {
    int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    if (n < 1 || n > 4096) {
      throw new InvalidParameterException("--threads", n, "valid range 1..4096");
    }
    if (trace != null && workload != null) {
      throw new InvalidParameterException("--trace", "give at most one of --trace FILE and --workload NAME");
    }
    if (load != null && rate != null) {
      throw new InvalidParameterException("--load", "give either --load or --rate-per-s");
    }
    if (load != null && !(load > 0 && load <= 10)) {
      throw new InvalidParameterException("--load", load, "valid range (0, 10]");
    }
    TableWriter.Format f = format.format();
    collective.checkOptions(spec);
    if (!collective.given()) {
      checkSizes();
    }
    Path base = Path.of("").toAbsolutePath();
    ExperimentSpec s;
    List<Point> points;
    try {
      s = SpecLoader.fromText(specJson(base), "compare options", true, base);
      points = Sweep.expand(s);
    } catch (org.fabriclab.error.FabriclabException e) {
      throw collective.given() ? CollectiveOptions.inOptionWords(e) : e;
    }
    PrintWriter err = spec.commandLine().getErr();
    long t0 = System.nanoTime();
    CompareReport.Result r;
    // the one output-folder rule: checked before any work, written all or nothing
    try (RunFolder folder = OutputFiles.runFolder(out, force, "--out")) {
      Path stage = folder.staging();
      ThreadedExecutor ex = new ThreadedExecutor(n);
      SweepRunner.runInto(s, points, stage, ex, org.fabriclab.cli.run.RunCommand.version(), progress.log(err),
          progress.reporter(err));
      r = collective.given() ? CollectiveCompareReport.write(stage, s, points) : CompareReport.write(stage, s, points);
      folder.commit();
    }
    PrintWriter o = spec.commandLine().getOut();
    o.print(f == TableWriter.Format.TEXT || f == TableWriter.Format.MARKDOWN
        ? TableWriter.render(r.brief(), f) : TableWriter.render(r.table(), f));
    o.flush();
    String what = collective.given()
        ? count(points.stream().map(p -> p.params().get("collective.scheme")).distinct().count(), "scheme") + " x "
            + count(points.stream().map(p -> p.params().get("collective.size")).distinct().count(), "size")
        : count("flow".equals(engine) ? 1 : transports.size(), "transport");
    err.printf(java.util.Locale.ROOT, "%s x %s x %s in %.1f s; wrote %s/{compare.csv,summary.csv,report.html,*.png}%n",
        count(topos.size(), "fabric"), what, count(seeds, "seed"), (System.nanoTime() - t0) / 1e9, out);
  }

  private static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  /** --sizes read once before anything is written, so a bad value or file names --sizes. */
  private void checkSizes() {
    boolean named = sizes.equals("websearch") || sizes.startsWith("pareto:");
    boolean file;
    try {
      file = !named && Files.isRegularFile(Path.of(sizes));
    } catch (java.nio.file.InvalidPathException e) {
      file = false;
    }
    if (!named && !file) {
      throw new InvalidParameterException("--sizes", sizes,
          "not websearch, pareto:SHAPE:MEAN_BYTES or an existing CSV file of bytes,probability");
    }
    try {
      WorkloadSizes.parse(sizes);
    } catch (InvalidParameterException e) {
      throw new InvalidParameterException("--sizes", "--sizes " + sizes + ": " + e.getMessage());
    }
  }

  /** The options as a spec (JSON), each --topo checked first so errors name the option. */
  private String specJson(Path base) {
    ObjectMapper om = new ObjectMapper();
    ObjectNode o = om.createObjectNode();
    o.put("name", "compare");
    o.put("kind", "simulate");
    o.put("seed", seed);
    o.put("seeds", seeds);
    ArrayNode tops = o.putArray("topologies");
    TopologyFamilies families = TopologyFamilies.load();
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String t : topos) {
      String[] words = t.trim().split("\\s+");
      ObjectNode e = tops.addObject();
      boolean file = Files.isRegularFile(base.resolve(words[0]));
      e.put(file ? "file" : "family", words[0]);
      java.util.Map<String, String> raw = new java.util.LinkedHashMap<>();
      for (int i = 1; i < words.length; i++) {
        int eq = words[i].indexOf('=');
        if (eq <= 0) {
          throw new InvalidParameterException("--topo", t, "expected 'FAMILY key=value ...', e.g. 'fattree k=8'");
        }
        raw.put(words[i].substring(0, eq), words[i].substring(eq + 1));
        e.put(words[i].substring(0, eq), words[i].substring(eq + 1));
      }
      if (!file) {
        try {
          raw.putIfAbsent("seed", "1");
          families.parse(words[0], raw);
        } catch (InvalidParameterException ex) {
          throw new InvalidParameterException("--topo", "--topo '" + t + "': " + ex.getMessage());
        }
      }
      // the same fabric twice would be one configuration of the report, shown once
      if (!seen.add(words[0] + " " + new java.util.TreeMap<>(raw))) {
        throw new InvalidParameterException("--topo", "--topo '" + t.trim() + "' is given twice: each fabric once");
      }
    }
    if (collective.given()) {
      o.put("kind", "collective");
      // the default schemes are those every fabric can carry (splitter needs Shufflecast)
      java.util.List<org.fabriclab.graph.Topology> built = new java.util.ArrayList<>();
      if (collective.schemes == null) {
        for (String t : topos) {
          String[] words = t.trim().split("\\s+");
          java.util.Map<String, String> raw = new java.util.LinkedHashMap<>();
          for (int i = 1; i < words.length; i++) {
            raw.put(words[i].substring(0, words[i].indexOf('=')), words[i].substring(words[i].indexOf('=') + 1));
          }
          built.add(org.fabriclab.cli.TopologyArgs.topology(base.resolve(words[0]).toString().equals(words[0])
              || !Files.isRegularFile(base.resolve(words[0])) ? words[0] : base.resolve(words[0]).toString(), raw, seed));
        }
      }
      collective.put(o.putObject("collective"), engine, built);
      return o.toString();
    }
    ObjectNode sim = o.putObject("simulate");
    sim.put("engine", engine);
    ArrayNode tr = sim.putArray("transport");
    transports.forEach(tr::add);
    ObjectNode w = sim.putObject("workload");
    if (trace != null) {
      w.put("type", "trace");
      w.put("trace", base.resolve(trace).toString());
    } else {
      w.put("type", workload == null ? "poisson" : workload);
      w.put("flows", flows);
      if (rate != null) {
        w.put("rate-per-s", rate);
      } else {
        w.put("load", load == null ? DEFAULT_LOAD : load);
      }
      w.put("sizes", sizes);
      w.put("flow-bytes", flowBytes);
      w.put("senders", senders);
    }
    return o.toString();
  }
}
