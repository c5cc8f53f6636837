package org.fabriclab.cli.topo;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.fabriclab.analysis.HopHistogram;
import org.fabriclab.analysis.SwitchPairDistances;
import org.fabriclab.analysis.TopologyStats;
import org.fabriclab.cli.FormatOption;
import org.fabriclab.cli.report.ProgressReporter;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.io.TopologyFiles;
import org.fabriclab.graph.io.TopologyFormat;
import org.fabriclab.io.IoErrors;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.progress.Progress;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;

/** Prints a topology's statistics (text, table formats or one JSON object) and exports it. */
final class TopoReport {
  private TopoReport() {}

  /** Fails early, before any work, when export options are inconsistent. */
  static void checkExportOptions(OutputOptions o) {
    o.format.format(); // --json with another --format is refused before any work
    if (o.export != null && o.outText == null) {
      throw new InvalidParameterException("--out", "--export " + o.export + " needs --out FILE");
    }
    if (o.export == null && o.outText != null) {
      throw new InvalidParameterException(
          "--export", "--out " + o.outText + " needs --export graphml|dot|json");
    }
    if (o.export != null) {
      try {
        TopologyFormat.fromName(o.export);
      } catch (FabriclabException e) {
        throw new InvalidParameterException("--export", o.export, "valid: " + TopologyFormat.validNames());
      }
      if (o.outText.endsWith("/") || o.outText.endsWith(java.io.File.separator)) {
        throw new InvalidParameterException("--out", o.outText,
            "ends with '/', a folder; --export writes one file: give a file name");
      }
      try {
        o.out = java.nio.file.Path.of(o.outText);
      } catch (java.nio.file.InvalidPathException e) {
        throw new InvalidParameterException("--out", IoErrors.printable(o.outText), "not a valid path");
      }
      OutputFiles.checkTarget(o.out);
    }
    if (o.threads != null && (o.threads < 1 || o.threads > 1024)) {
      throw new InvalidParameterException("--threads", o.threads, "valid range 1..1024");
    }
    if (o.maxSources != null && o.maxSources < 1) {
      throw new InvalidParameterException("--max-sources", o.maxSources, "must be >= 1");
    }
  }

  static void emit(Topology t, OutputOptions o, long seed, PrintWriter out, PrintWriter err) {
    long maxSources = o.maxSources(t.nodeCount(), t.linkCount());
    Progress progress = ProgressReporter.create(!o.noProgress, err);
    if (o.export != null) {
      TopologyFormat fmt = TopologyFormat.fromName(o.export);
      TopologyFiles.write(t, fmt, o.out);
      err.printf(
          Locale.ROOT, "wrote %s (%s, %,d nodes, %,d links)%n", o.out, fmt.name().toLowerCase(Locale.ROOT),
          t.nodeCount(), t.cableCount());
    }
    Map<String, Object> stats;
    HopHistogram serverHist = null;
    HopHistogram switchHist = null;
    if (o.noStats) {
      stats = new LinkedHashMap<>();
      stats.put("family", t.family());
      stats.put("parameters", t.parameters());
      stats.put("nodes", t.nodeCount());
      stats.put("servers", t.serverCount());
      stats.put("switches", t.switchCount());
      stats.put("links", t.cableCount());
    } else {
      TopologyStats ts = TopologyStats.of(t, o.threads(), maxSources, seed, progress);
      stats = new LinkedHashMap<>(ts.toMap());
      if (o.distribution) {
        serverHist = ts.serverHops();
      }
      if (o.switchPairs) {
        switchHist = SwitchPairDistances.compute(t, o.threads(), maxSources, seed, progress);
        stats.put("avgSwitchPathLength", Double.isNaN(switchHist.mean()) ? null : switchHist.mean());
        stats.put("switchDiameter", switchHist.max() < 0 ? null : switchHist.max());
        stats.put("switchPairsEstimated", switchHist.estimated());
      }
    }
    TableWriter.Format f = o.format.format();
    if (f == TableWriter.Format.JSON) {
      Map<String, Object> json = new LinkedHashMap<>(stats);
      if (serverHist != null) {
        json.put("serverHopDistribution", rows(serverHist.toTable("server-hops")));
      }
      if (switchHist != null && o.distribution) {
        json.put("switchHopDistribution", rows(switchHist.toTable("switch-hops")));
      }
      out.println(org.fabriclab.cli.Json.of(json));
      return;
    }
    if (f == TableWriter.Format.CSV && serverHist != null) {
      out.print(TableWriter.csv(distributions(serverHist, o.distribution ? switchHist : null)));
      return;
    }
    out.print(TableWriter.render(statsTable(stats, f), f));
    if (serverHist != null) {
      out.println();
      out.print(TableWriter.render(serverHist.toTable("server-hops"), f));
    }
    if (switchHist != null && o.distribution) {
      out.println();
      out.print(TableWriter.render(switchHist.toTable("switch-hops"), f));
    }
  }

  /**
   * The hop distributions as one table for CSV (one table per stream): {@code pairType}
   * ({@code server}, then {@code switch}) followed by the columns of {@link HopHistogram#toTable}.
   */
  private static Table distributions(HopHistogram servers, HopHistogram switches) {
    Table.Builder b = Table.builder("hop-distribution").stringColumn("pairType").longColumn("hops")
        .longColumn("pairs").doubleColumn("fraction").doubleColumn("cumulative");
    for (HopHistogram h : switches == null ? new HopHistogram[] {servers}
        : new HopHistogram[] {servers, switches}) {
      Table t = h.toTable("hops");
      for (int r = 0; r < t.rowCount(); r++) {
        Object[] row = t.row(r);
        b.row(h == servers ? "server" : "switch", row[0], row[1], row[2], row[3]);
      }
    }
    return b.build();
  }

  /**
   * What text and Markdown show for the statistic {@code key} that does not exist: why (fewer
   * than 2 servers for a server-pair average, else a disconnected topology).
   */
  private static String missing(String key, Map<String, Object> stats) {
    if (key.equals("avgServerPathLength") && stats.get("servers") instanceof Number s && s.longValue() < 2) {
      return FormatOption.MISSING + " (fewer than 2 servers)";
    }
    if (stats.get("components") instanceof Number c && c.longValue() > 1) {
      return FormatOption.MISSING + " (disconnected)";
    }
    return FormatOption.MISSING;
  }

  /** CSV: one typed row, keys as columns (pandas-friendly); text, Markdown: one line per key. */
  private static Table statsTable(Map<String, Object> stats, TableWriter.Format f) {
    if (f == TableWriter.Format.CSV) {
      Table.Builder b = Table.builder("topology");
      for (Map.Entry<String, Object> e : stats.entrySet()) {
        Object v = e.getValue();
        b.column(e.getKey(), v instanceof Double ? Table.Type.DOUBLE
            : v instanceof Number ? Table.Type.LONG : Table.Type.STRING);
      }
      return b.row(stats.values().toArray()).build();
    }
    Table.Builder b = Table.builder("topology").stringColumn("statistic").stringColumn("value");
    for (Map.Entry<String, Object> e : stats.entrySet()) {
      b.row(e.getKey(), e.getValue() == null ? missing(e.getKey(), stats) : TableWriter.format(e.getValue()));
    }
    return b.build();
  }

  private static Object rows(Table t) {
    return TableWriter.toJson(t);
  }
}
