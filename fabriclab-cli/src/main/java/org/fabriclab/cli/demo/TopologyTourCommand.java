package org.fabriclab.cli.demo;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fabriclab.analysis.HopHistogram;
import org.fabriclab.analysis.TopologyStats;
import org.fabriclab.cli.report.Plots;
import org.fabriclab.error.InvalidParameterException;
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
 * {@code fabriclab demo topo}: the topology tour. Builds seven fabrics for the same
 * 128 servers — fat-tree k=8, a Jellyfish and a two-stage random graph from the same switches
 * (Flat-tree §3.1), a leaf-spine, HyperX/flattened butterfly, BCube(2,6) and an 8×4×4 torus — and
 * compares their server-pair path lengths. Writes tables (CSV, JSON, Markdown), plots (PNG, SVG)
 * and a summary under {@code results/demo-topo/}. Every row is a pure function of its spec and seed.
 */
@Command(
    name = "topo",
    mixinStandardHelpOptions = true,
    description = {
      "Compare seven fabrics built for the same 128 servers (path lengths, hop distributions,",
      "equipment) and write tables, plots and a summary under results/demo-topo/.",
      "Prints the table in --format (text and md without the parameters column; csv and json as",
      "topologies.csv|json); the 'wrote' line goes to stderr in csv, json and md."
    })
public final class TopologyTourCommand implements Runnable {
  /** The demo's fabrics: a display name, a family and its parameters. */
  record Point(String name, String family, Map<String, String> params) {}

  @Spec CommandSpec spec;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/demo-topo",
      description = "output folder (default: ${DEFAULT-VALUE})")
  Path out;

  @Option(names = "--seed", defaultValue = "1", description = "seed of the random graphs (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--threads", paramLabel = "N", description = "threads for BFS (default: all cores)")
  Integer threads;

  @Option(names = "--force",
      description = "write into a non-empty folder fabriclab did not write (its files are kept)")
  boolean force;

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @picocli.CommandLine.Mixin org.fabriclab.cli.ProgressOption progress = new org.fabriclab.cli.ProgressOption();

  static List<Point> points(long seed) {
    String s = Long.toString(seed);
    return List.of(
        new Point("fat-tree k=8", "fattree", Map.of("k", "8")),
        new Point("Jellyfish (fat-tree k=8 equipment)", "jellyfish", Map.of("k", "8", "seed", s)),
        new Point("two-stage random (k=8 equipment)", "tworandom", Map.of("k", "8", "seed", s)),
        new Point("leaf-spine 16 leaves x 8 spines", "clos",
            Map.of("tiers", "2", "ports", "16", "oversubscription", "1")),
        new Point("HyperX 4x4, 8 servers/switch", "hyperx",
            Map.of("dims", "4,4", "servers-per-switch", "8")),
        new Point("BCube(2,6)", "bcube", Map.of("n", "2", "k", "6")),
        new Point("3D torus 8x4x4 (direct)", "torus", Map.of("dims", "8,4,4")));
  }

  @Override
  public void run() {
    int th = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    if (th < 1 || th > 1024) {
      throw new InvalidParameterException("--threads", th, "valid range 1..1024");
    }
    if (seed < 0) {
      throw new InvalidParameterException("--seed", seed, "must be >= 0");
    }
    format.format();
    try (RunFolder folder = OutputFiles.runFolder(out, force, "--out")) {
      run(folder, th);
    }
  }

  private void run(RunFolder folder, int th) {
    PrintWriter log = progress.log(spec.commandLine().getErr());
    TopologyFamilies families = TopologyFamilies.load();
    Table.Builder stats =
        Table.builder("topologies")
            .stringColumn("fabric").stringColumn("family").stringColumn("parameters")
            .longColumn("servers").longColumn("switches").longColumn("links")
            .doubleColumn("avgServerPathLength").longColumn("diameter")
            .longColumn("maxSwitchDegree").longColumn("switchPorts");
    Table.Builder hops =
        Table.builder("hop-distribution")
            .stringColumn("fabric").longColumn("hops").longColumn("pairs")
            .doubleColumn("fraction").doubleColumn("cumulative");
    List<Point> points = points(seed);
    int i = 0;
    for (Point p : points) {
      i++;
      long t0 = System.nanoTime();
      Topology t = families.build(p.family(), new LinkedHashMap<>(p.params()));
      TopologyStats st = TopologyStats.of(t, th, Long.MAX_VALUE, seed);
      HopHistogram h = st.serverHops();
      Map<String, Object> m = st.toMap();
      stats.row(p.name(), t.family(), t.parameters(), t.serverCount(), t.switchCount(),
          t.cableCount(), m.get("avgServerPathLength"), m.get("diameter"),
          m.get("maxSwitchDegree"), switchPorts(t));
      Table ht = h.toTable("h");
      for (int r = 0; r < ht.rowCount(); r++) {
        hops.row(p.name(), ht.get(r, "hops"), ht.get(r, "pairs"), ht.get(r, "fraction"),
            ht.get(r, "cumulative"));
      }
      log.printf(Locale.ROOT, "[%d/%d] %-38s %6.1f ms%n", i, points.size(), p.name(),
          (System.nanoTime() - t0) / 1e6);
    }
    Table st = stats.build();
    Table ht = hops.build();
    folder.write(
        dir -> {
          TableWriter.write(st, TableWriter.Format.CSV, dir.resolve("topologies.csv"));
          TableWriter.write(st, TableWriter.Format.JSON, dir.resolve("topologies.json"));
          TableWriter.write(ht, TableWriter.Format.CSV, dir.resolve("hop-distribution.csv"));
          Plots.bar(st, "fabric", "avgServerPathLength",
              "Average server-pair path length, 128 servers", "hops", dir.resolve("avg-path-length"));
          Plots.stepCdf(ht, "hops", "pairs", "fabric",
              "Server-pair hop distance (CDF), 128 servers", "hops", "fraction of server pairs",
              dir.resolve("hop-cdf"));
          TableWriter.writeAtomically(dir.resolve("summary.md"), summary(st));
        });
    // text and md: the table without its parameters column; csv and json: topologies.csv|json
    PrintWriter o = spec.commandLine().getOut();
    o.print(format.isText() || format.format() == TableWriter.Format.MARKDOWN
        ? format.render(brief(st)) : format.render(st));
    if (format.isText()) {
      o.println();
    }
    (format.isText() ? o : spec.commandLine().getErr()).println("wrote " + out
        + "/{topologies.csv,topologies.json,hop-distribution.csv,"
        + "avg-path-length.png,avg-path-length.svg,hop-cdf.png,hop-cdf.svg,summary.md}");
  }

  /** Ports in use on switches (server-to-switch and switch-to-switch link ends): equipment. */
  static long switchPorts(Topology t) {
    long ports = 0;
    for (int v = 0; v < t.nodeCount(); v++) {
      if (!t.isServer(v)) {
        ports += t.degree(v);
      }
    }
    return ports;
  }

  /** The table without its parameters column, for the terminal. */
  private static Table brief(Table st) {
    Table.Builder b = Table.builder(st.name());
    int skip = st.columnIndex("parameters");
    for (int c = 0; c < st.columns().size(); c++) {
      if (c != skip) {
        b.column(st.columns().get(c).name(), st.columns().get(c).type());
      }
    }
    for (int r = 0; r < st.rowCount(); r++) {
      Object[] row = st.row(r);
      Object[] out = new Object[row.length - 1];
      for (int c = 0, i = 0; c < row.length; c++) {
        if (c != skip) {
          out[i++] = row[c];
        }
      }
      b.row(out);
    }
    return b.build();
  }

  private String summary(Table st) {
    return "# fabriclab demo topo: seven fabrics for 128 servers\n\n"
        + "Made by `./fabriclab demo topo --seed " + seed + "` (every number below comes from that command).\n"
        + "Path lengths are exact: all server pairs, hops counted switch to switch and server to\n"
        + "switch (in BCube a relay through a server counts its two links).\n\n"
        + TableWriter.markdown(brief(st))
        + "\n`switchPorts` counts switch ports in use (server and switch links): the equipment each"
        + " fabric spends on the same 128 servers; in the"
        + " server-centric BCube and the direct-connect torus the servers' own ports (7 and 6 each)"
        + " carry the fabric instead. Generator parameters are in `topologies.csv`.\n"
        + "\nFiles: `topologies.csv|json` (this table), `hop-distribution.csv` (per fabric and hop"
        + " count: ordered server pairs, fraction, cumulative), `avg-path-length.png|svg`,"
        + " `hop-cdf.png|svg`.\n";
  }
}
