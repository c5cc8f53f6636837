package org.fabriclab.cli.collective;

import java.nio.file.Path;
import java.util.List;
import org.fabriclab.cli.report.Plots;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.table.Table;

/**
 * The collective command's plots: busbw against size per scheme and fabric (as nccl-tests users
 * read them, log size axis), JCT and bytes on the wire as bars per run.
 */
final class CollectivePlots {
  private CollectivePlots() {}

  static void write(Path dir, String prefix, List<Row> rows, CollectiveOp op) {
    boolean several = rows.stream().map(Row::fabric).distinct().count() > 1;
    Table.Builder b = Table.builder("plot").stringColumn("series").stringColumn("run").doubleColumn("sizeMiB")
        .doubleColumn("busbwGbps").doubleColumn("jctUs").doubleColumn("wireMB");
    for (Row r : rows) {
      String series = several ? r.scheme() + " @ " + r.fabric() : r.scheme();
      String run = series + " " + sizeLabel(r.spec().sizeBytes());
      b.row(series, run, r.spec().sizeBytes() / 1048576.0, r.busbw(),
          r.jctNs() == null ? null : r.jctNs() / 1000.0, r.result().wireBytes() / 1e6);
    }
    Table t = b.build();
    Plots.lines(t, "sizeMiB", "busbwGbps", "series", op.cliName() + ": bus bandwidth (nccl-tests definition)",
        "size S (MiB)", "busbw (Gb/s)", true, dir.resolve(prefix + "busbw"));
    Plots.bar(t, "run", "jctUs", op.cliName() + ": job completion time", "JCT (µs)", dir.resolve(prefix + "jct"));
    Plots.bar(t, "run", "wireMB", op.cliName() + ": payload bytes x links crossed", "wire (MB)",
        dir.resolve(prefix + "wire-bytes"));
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
