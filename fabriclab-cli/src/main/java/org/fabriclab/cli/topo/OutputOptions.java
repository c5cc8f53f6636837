package org.fabriclab.cli.topo;

import java.nio.file.Path;
import org.fabriclab.cli.FormatOption;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Output options shared by every {@code topo} subcommand (a picocli mixin). */
public final class OutputOptions {
  /** {@code --format text|csv|json|md} and {@code --json}: json is one object with every table. */
  @Mixin FormatOption format = new FormatOption();

  @Option(
      names = "--distribution",
      description = "also print the hop-distance distribution over server pairs (and over switch pairs"
          + " with --switch-pairs). With --format csv the output is this one table alone"
          + " (pairType,hops,pairs,fraction,cumulative), so a CSV reader gets one table; the"
          + " statistics are the csv output without --distribution")
  boolean distribution;

  @Option(
      names = "--switch-pairs",
      description = "also compute hop distances over switch pairs (all-pairs BFS over switches)")
  boolean switchPairs;

  @Option(
      names = "--export",
      paramLabel = "FMT",
      description = "write the topology itself: graphml, dot or json (needs --out)")
  String export;

  @Option(names = "--out", paramLabel = "FILE", description = "file for --export (replaced atomically if it exists)")
  String outText;

  /** The export file, set by {@link TopoReport#checkExportOptions}. */
  Path out;

  @Option(
      names = "--no-stats",
      description = "skip the path-length analyses (counts only); useful for huge exports")
  boolean noStats;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "threads for all-pairs BFS (default: all cores)")
  Integer threads;

  @Option(
      names = "--max-sources",
      paramLabel = "N",
      description =
          "BFS sources beyond which path lengths are estimated from a seeded sample (results"
              + " then say estimated=true). Default: exact up to about 4e9 node+link visits,"
              + " i.e. min(20000, max(64, 4e9 / (nodes + directed links))) sources")
  Long maxSources;

  /** Work budget: symmetric families need 1 BFS; others are exact until it gets slow. */
  long maxSources(long nodes, long directedLinks) {
    if (maxSources != null) {
      return maxSources;
    }
    return Math.min(20_000L, Math.max(64L, 4_000_000_000L / Math.max(1, nodes + directedLinks)));
  }

  @Option(
      names = "--no-progress",
      description = "no progress bar or progress log lines on stderr")
  boolean noProgress;

  int threads() {
    return threads == null ? Runtime.getRuntime().availableProcessors() : threads;
  }
}
