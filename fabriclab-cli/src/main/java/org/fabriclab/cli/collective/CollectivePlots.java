package org.fabriclab.cli.collective;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.report.Plots;
import org.fabriclab.cli.report.Quantity;
import org.fabriclab.cli.report.ReportCharts;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.table.Table;

/**
 * The collective command's plots: busbw against size per scheme and fabric (as nccl-tests users
 * read them, log size axis), JCT and bytes on the wire as bars grouped by scheme (one bar per
 * fabric and size), and when each rank
 * finished at the largest size (the fraction of ranks done against time, a step CDF per scheme and
 * fabric, the first {@link #MAX_RANK_SERIES}).
 */
final class CollectivePlots {
  /** Lines drawn in the rank-completion chart (the first ones). */
  static final int MAX_RANK_SERIES = 8;

  private CollectivePlots() {}

  static void write(Path dir, String prefix, List<Row> rows, CollectiveOp op) {
    boolean several = rows.stream().map(Row::fabric).distinct().count() > 1;
    Table.Builder b = Table.builder("plot").stringColumn("series").stringColumn("run").doubleColumn("sizeBytes")
        .doubleColumn("busbwGbps").doubleColumn("jctNs").doubleColumn("wireBytes");
    Map<String, double[]> ends = new LinkedHashMap<>();
    long largest = rows.stream().mapToLong(r -> r.spec().sizeBytes()).max().orElse(0);
    for (Row r : rows) {
      String series = several ? r.scheme() + " @ " + r.fabric() : r.scheme();
      String run = series + " " + sizeLabel(r.spec().sizeBytes());
      b.row(series, run, (double) r.spec().sizeBytes(), r.busbw(),
          r.jctNs() == null ? null : r.jctNs().doubleValue(), (double) r.result().wireBytes());
      long[] e = r.result().rankEndPs();
      if (e != null && r.spec().sizeBytes() == largest && ends.size() < MAX_RANK_SERIES) {
        ends.put(series, java.util.Arrays.stream(e).filter(x -> x >= 0).mapToDouble(x -> x / 1000.0).toArray());
      }
    }
    Table t = b.build();
    Plots.lines(t, "sizeBytes", "busbwGbps", "series", op.cliName() + ": bus bandwidth (nccl-tests definition)",
        "size S", Quantity.BYTES, true, "busbw", Quantity.GBPS, dir.resolve(prefix + "busbw"));
    // bars grouped by scheme, one bar per fabric and size: short category labels, the long fabric
    // descriptions in the legend
    Plots.save(grouped(rows, op.cliName() + ": job completion time", "JCT", Quantity.TIME_NS,
        r -> r.jctNs() == null ? Double.NaN : r.jctNs().doubleValue()), dir.resolve(prefix + "jct"));
    Plots.save(grouped(rows, op.cliName() + ": payload bytes x links crossed", "bytes on the wire", Quantity.BYTES,
        r -> (double) r.result().wireBytes()), dir.resolve(prefix + "wire-bytes"));
    if (!ends.isEmpty()) {
      Plots.save(ReportCharts.stepCdf(op.cliName() + ": ranks done over time, S = " + sizeLabel(largest),
          "time since the start", "fraction of ranks done", Quantity.TIME_NS, ends), dir.resolve(prefix + "rank-ends"));
    }
  }

  /** One group per scheme (in order of appearance), one bar per fabric and size; NaN: no bar. */
  static org.knowm.xchart.CategoryChart grouped(List<Row> rows, String title, String yLabel, Quantity q,
      java.util.function.ToDoubleFunction<Row> value) {
    List<String> schemes = rows.stream().map(Row::scheme).distinct().toList();
    Map<String, double[]> series = new LinkedHashMap<>();
    for (Row r : rows) {
      double[] v = series.computeIfAbsent(r.fabric() + ", " + sizeLabel(r.spec().sizeBytes()), k -> {
        double[] a = new double[schemes.size()];
        java.util.Arrays.fill(a, Double.NaN);
        return a;
      });
      v[schemes.indexOf(r.scheme())] = value.applyAsDouble(r);
    }
    return ReportCharts.groupedBars(title, yLabel, q, schemes, series);
  }

  static String sizeLabel(long b) {
    if (b % (1L << 30) == 0) {
      return b / (1L << 30) + "GiB";
    }
    if (b % (1L << 20) == 0) {
      return b / (1L << 20) + "MiB";
    }
    if (b % 1024 == 0) {
      return b / 1024 + "KiB";
    }
    return b + "B";
  }
}
