package org.fabriclab.cli.bench;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import org.fabriclab.analysis.HopHistogram;
import org.fabriclab.analysis.ServerPairDistances;
import org.fabriclab.analysis.SwitchPairDistances;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.LabelIndex;
import org.fabriclab.graph.Topology;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.io.RunFolder;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import org.fabriclab.topology.TopologyFamilies;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab bench topo}: the three topology scenarios of the foundation issue, timed with
 * one warm-up and {@code --repeat} measured runs (min and median wall time), plus the heap retained
 * by the BCube(8,5) topology and its label index (used heap after a full GC, before and after).
 * The fat-tree is measured twice: with its generator's symmetry hint (one BFS) and without it
 * (one BFS per edge switch, 1,152), the cost any asymmetric topology of that size pays.
 */
@Command(
    name = "topo",
    mixinStandardHelpOptions = true,
    description = {
      "Time topology building and path-length analyses at scale.",
      "Scenarios: BCube(8,5) build + label index (target < 3 s, < 1 GiB);",
      "all-pairs switch hop distances of a 2,000-switch degree-10 Jellyfish (target < 2 s);",
      "fat-tree k=48 build + average server path length (target < 5 s).",
      "retainedMiB: the heap the BCube(8,5) topology and its index keep, measured for that scenario only",
      "(the one with a memory target); n/a for the others."
    })
public final class TopoBenchCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--repeat", defaultValue = "3", description = "measured runs per scenario (default: ${DEFAULT-VALUE})")
  int repeat;

  @Option(names = "--threads", paramLabel = "N", description = "threads for BFS (default: all cores)")
  Integer threads;

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @Option(names = "--out", paramLabel = "DIR",
      description = "also write bench-topo.csv and bench-topo.json here (the output-folder rule of docs/errors.md)")
  java.nio.file.Path out;

  @Option(names = "--force",
      description = "write into a non-empty folder fabriclab did not write (its files are kept)")
  boolean force;

  @Override
  public void run() {
    format.format();
    if (repeat < 1 || repeat > 1000) {
      throw new InvalidParameterException("--repeat", repeat, "valid range 1..1000");
    }
    if (out == null) {
      measure(null);
      return;
    }
    try (RunFolder folder = OutputFiles.runFolder(out, force, "--out")) {
      measure(folder);
    }
  }

  private void measure(RunFolder folder) {
    int th = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    PrintWriter log = spec.commandLine().getErr();
    TopologyFamilies families = TopologyFamilies.load();
    Table.Builder t =
        Table.builder("bench-topo")
            .stringColumn("scenario").doubleColumn("minSeconds").doubleColumn("medianSeconds")
            .doubleColumn("targetSeconds").stringColumn("result").doubleColumn("retainedMiB");

    long[] retained = new long[1];
    LongSupplier bcube =
        () -> {
          long before = usedAfterGc();
          long t0 = System.nanoTime();
          Topology b = families.build("bcube", Map.of("n", "8", "k", "5"));
          LabelIndex idx = b.labels().index();
          long ms = System.nanoTime() - t0;
          retained[0] = usedAfterGc() - before;
          if (idx.find(b.labels().of(b.nodeCount() - 1)) != b.nodeCount() - 1) {
            throw new IllegalStateException("label index failed");
          }
          return ms;
        };
    row(t, log, "BCube(8,5) build + label index", 3.0, bcube, "262,144 servers");
    Topology jf =
        families.build(
            "jellyfish",
            Map.of("switches", "2000", "ports", "10", "servers-per-switch", "0", "seed", "1"));
    HopHistogram[] h = new HopHistogram[1];
    row(t, log, "Jellyfish 2000 sw deg 10: all-pairs switch hops", 2.0,
        () -> {
          long t0 = System.nanoTime();
          h[0] = SwitchPairDistances.compute(jf, th, Long.MAX_VALUE, 1);
          return System.nanoTime() - t0;
        },
        "");
    String jfResult = String.format(Locale.ROOT, "mean %.4f, diameter %d", h[0].mean(), h[0].max());
    HopHistogram[] f = new HopHistogram[1];
    row(t, log, "fat-tree k=48 build + avg server path", 5.0,
        () -> {
          long t0 = System.nanoTime();
          Topology ft = families.build("fattree", Map.of("k", "48"));
          f[0] = ServerPairDistances.compute(ft, th, Long.MAX_VALUE, 1);
          return System.nanoTime() - t0;
        },
        "");
    Topology ft48 = families.build("fattree", Map.of("k", "48")).withoutServerOrbits();
    HopHistogram[] g = new HopHistogram[1];
    row(t, log, "fat-tree k=48 avg server path, no symmetry hint", 5.0,
        () -> {
          long t0 = System.nanoTime();
          g[0] = ServerPairDistances.compute(ft48, th, Long.MAX_VALUE, 1);
          return System.nanoTime() - t0;
        },
        "");
    Table built = t.build();
    Table.Builder fixed = Table.builder("bench-topo");
    for (Table.Column c : built.columns()) {
      fixed.column(c.name(), c.type());
    }
    for (int r = 0; r < built.rowCount(); r++) {
      Object[] row = built.row(r);
      if (r == 0) {
        row[5] = retained[0] / 1048576.0;
      } else if (r == 1) {
        row[4] = jfResult;
      } else {
        HopHistogram x = r == 2 ? f[0] : g[0];
        row[4] = String.format(Locale.ROOT, "mean %.6f over %,d pairs", x.mean(), x.pairs());
      }
      fixed.row(row);
    }
    Table result = fixed.build();
    if (folder != null) {
      folder.write(d -> {
        TableWriter.write(result, TableWriter.Format.CSV, d.resolve("bench-topo.csv"));
        TableWriter.write(result, TableWriter.Format.JSON, d.resolve("bench-topo.json"));
      });
    }
    PrintWriter o = spec.commandLine().getOut();
    o.print(format.render(result));
    (format.isText() ? o : spec.commandLine().getErr()).println(machine(th));
  }

  /**
   * The line that names the machine the numbers were measured on: printed under the text table,
   * on stderr for csv, json and md, so stdout holds only the data there.
   */
  static String machine(int threads) {
    return String.format(Locale.ROOT, "# %d threads, %s %s, max heap %.1f GiB, %d cores", threads,
        System.getProperty("java.vm.name"), System.getProperty("java.version"),
        Runtime.getRuntime().maxMemory() / 1073741824.0, Runtime.getRuntime().availableProcessors());
  }

  private void row(Table.Builder t, PrintWriter log, String name, double target, LongSupplier body,
      String result) {
    body.getAsLong(); // warm-up
    double[] s = new double[repeat];
    for (int i = 0; i < repeat; i++) {
      s[i] = body.getAsLong() / 1e9;
      log.printf(Locale.ROOT, "%s: run %d/%d %.3f s%n", name, i + 1, repeat, s[i]);
    }
    Arrays.sort(s);
    t.row(name, s[0], s[repeat / 2], target, result, null);
  }

  private static long usedAfterGc() {
    MemoryMXBean mx = ManagementFactory.getMemoryMXBean();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return mx.getHeapMemoryUsage().getUsed();
  }
}
