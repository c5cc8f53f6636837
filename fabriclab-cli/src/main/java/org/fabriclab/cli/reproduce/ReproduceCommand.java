package org.fabriclab.cli.reproduce;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabriclab.cli.FormatOption;
import org.fabriclab.cli.report.Plots;
import org.fabriclab.cli.report.ProgressReporter;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.experiment.Comparison;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.io.RunFolder;
import org.fabriclab.experiment.PlotSpec;
import org.fabriclab.experiment.Reproduction;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.experiment.ReproductionReport;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab reproduce <system> [--quick]}: runs a registered {@link Reproduction} and writes
 * {@code results/<system>/}: one CSV per table, PNG + SVG per plot, {@code summary.md} with
 * each measured value beside the paper's and {@code report.html} (the same, with the plots, in one
 * self-contained page). Every file is written atomically.
 */
@Command(
    name = "reproduce",
    mixinStandardHelpOptions = true,
    description = {
      "Reproduce a paper's figures and tables, each measured value beside the paper's.",
      "Writes CSV tables, PNG/SVG plots, summary.md and report.html into results/SYSTEM/",
      "(results/SYSTEM-quick/ with --quick, so a quick run never replaces a full one).",
      "SYSTEM is a registered reproduction (see --list) or 'all'.",
      "Prints each system's tally of agreements (text), or one row per system in --format csv|json|md;",
      "--list prints each system's paper."
    })
public final class ReproduceCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "SYSTEM", arity = "0..1", description = "system to reproduce, or all")
  String system;

  @Option(names = "--quick", description = "smaller sizes and fewer rounds (seconds, for CI), into SYSTEM-quick/")
  boolean quick;

  @Option(names = "--paper-scale",
      description = "also run the points at the paper's full sizes that the default run leaves out"
          + " because they take hours (flattree: Fig. 8 at k = 8..32, hybrid at k = 30; shoal: Fig. 15/16 at"
          + " 1,000,000 completed flows per point, its torus-multipath what-if at 100,000), into SYSTEM-paper/")
  boolean paperScale;

  @Option(names = "--list", description = "list the registered reproductions and their papers")
  boolean list;

  @Mixin FormatOption format = new FormatOption();

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
      description = "parent folder of the results: --out/SYSTEM or --out/SYSTEM-quick (default: ${DEFAULT-VALUE})")
  Path out;

  @Option(names = "--seed", defaultValue = "1", description = "master seed (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--threads", paramLabel = "N", description = "worker threads (default: all cores)")
  Integer threads;

  @Option(names = "--no-progress", description = "no progress bar or progress log lines")
  boolean noProgress;

  @Option(names = "--force",
      description = "write into a non-empty folder fabriclab did not write (its files are kept)")
  boolean force;

  static Map<String, Reproduction> registry() {
    Map<String, Reproduction> m = new TreeMap<>();
    for (Reproduction r : ServiceLoader.load(Reproduction.class)) {
      m.put(r.system(), r);
    }
    return m;
  }

  @Override
  public void run() {
    Map<String, Reproduction> all = registry();
    PrintWriter o = spec.commandLine().getOut();
    TableWriter.Format f = format.format();
    if (list) {
      Table.Builder t = Table.builder("reproductions").stringColumn("system").stringColumn("paper");
      for (Reproduction r : all.values()) {
        if (f == TableWriter.Format.TEXT) {
          o.printf("%-12s %s%n", r.system(), title(r.paper()));
        }
        t.row(r.system(), title(r.paper()));
      }
      if (f != TableWriter.Format.TEXT) {
        o.print(TableWriter.render(t.build(), f));
      }
      return;
    }
    if (system == null) {
      throw new InvalidParameterException(
          "SYSTEM", "missing SYSTEM; valid: " + String.join(", ", all.keySet()) + ", all");
    }
    List<Reproduction> chosen = new ArrayList<>();
    if (system.equalsIgnoreCase("all")) {
      chosen.addAll(all.values());
    } else if (all.containsKey(system.toLowerCase(Locale.ROOT))) {
      chosen.add(all.get(system.toLowerCase(Locale.ROOT)));
    } else {
      throw new InvalidParameterException(
          "SYSTEM", system, "unknown system; valid: " + String.join(", ", all.keySet()) + ", all");
    }
    int th = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    if (th < 1 || th > 1024) {
      throw new InvalidParameterException("--threads", th, "valid range 1..1024");
    }
    if (quick && paperScale) {
      throw new InvalidParameterException("--paper-scale",
          "--paper-scale runs the paper's full sizes; it cannot be combined with --quick");
    }
    if (seed < 0) {
      throw new InvalidParameterException("--seed", seed, "must be >= 0");
    }
    if (out.toAbsolutePath().normalize().getParent() == null) {
      throw new InvalidParameterException("--out", out,
          "the file-system root; name a folder below it (results go to --out/<system>/)");
    }
    PrintWriter err = spec.commandLine().getErr();
    List<RunFolder> folders = new ArrayList<>();
    Table.Builder rows = Table.builder("reproduce").stringColumn("system").longColumn("agree")
        .longColumn("measured").longColumn("designChecks").longColumn("theory").longColumn("inputs")
        .longColumn("notRun").longColumn("noPaperValue").longColumn("notReproducible")
        .stringColumn("folder");
    try {
      for (Reproduction r : chosen) {
        folders.add(OutputFiles.runFolder(folderOf(r), force, "--out"));
      }
      for (int i = 0; i < chosen.size(); i++) {
        ReproductionReport.Tally t = run(chosen.get(i), folders.get(i), th, f == TableWriter.Format.TEXT ? o : err);
        rows.row(chosen.get(i).system(), (long) t.agree(), (long) t.measured(), (long) t.designChecks(),
            (long) t.theory(), (long) t.inputs(), (long) t.notRun(), (long) t.noPaperValue(),
            (long) t.notReproducible(),
            folderOf(chosen.get(i)).toString());
      }
    } finally {
      // the last opened first: a parent folder the first one created is empty again by its turn
      for (int i = folders.size() - 1; i >= 0; i--) {
        folders.get(i).close();
      }
    }
    if (f != TableWriter.Format.TEXT) {
      o.print(TableWriter.render(rows.build(), f));
    }
  }

  /**
   * The results folder of {@code r}: {@code --out/<system>}, or {@code --out/<system>-quick} for
   * {@code --quick}, so a quick run never replaces a full run's results, and
   * {@code --out/<system>-paper} for {@code --paper-scale}.
   */
  private Path folderOf(Reproduction r) {
    return out.resolve(r.system() + (quick ? "-quick" : paperScale ? "-paper" : ""));
  }

  /** Runs one reproduction into its folder; the tally line goes to {@code status}. */
  private ReproductionReport.Tally run(Reproduction r, RunFolder folder, int th, PrintWriter status) {
    PrintWriter err = spec.commandLine().getErr();
    long t0 = System.nanoTime();
    ReproductionContext ctx =
        new ReproductionContext(quick, seed, th, ProgressReporter.create(!noProgress, err), paperScale);
    ReproductionReport report = r.run(ctx);
    Path dir = folderOf(r);
    double seconds = (System.nanoTime() - t0) / 1e9;
    folder.write(d -> writeInto(r, report, d, seconds));
    status.printf(Locale.ROOT, "%s: %s; wrote %s/{summary.md,report.html}%n", r.system(),
        tallyText(report.tally()), dir);
    status.flush();
    return report.tally();
  }

  /** The summary's first line: measured values that agree, then the rows not counted, by kind. */
  static String tallyText(ReproductionReport.Tally t) {
    return t.text();
  }

  /** A comparison whose paper column holds a value ("—" or blank means the paper gives none). */
  static boolean hasPaperValue(Comparison c) {
    return c.hasPaperValue();
  }

  /** The file name of the paper's text, where a reproduction's {@link Reproduction#paper} names it. */
  private static final Pattern PAPER_FILE = Pattern.compile("\\s*\\(seed ([^)]*)\\)|,?\\s+seed (\\S+)\\s*$");

  /**
   * The paper's title, authors and venue as {@link Reproduction#paper} gives them, without the
   * file name of its text ("seed 001_….txt"), which users read as a random seed.
   */
  static String title(String paper) {
    return withoutFolders(PAPER_FILE.matcher(paper).replaceAll("")).strip();
  }

  /** The summary's line about the paper: its title, then the file of its text. */
  static String paperLine(String paper) {
    Matcher m = PAPER_FILE.matcher(paper);
    if (!m.find()) {
      return title(paper);
    }
    String file = withoutFolders(m.group(1) != null ? m.group(1) : m.group(2)).strip();
    return title(paper) + " (paper text: ../shared/seeds/" + file.substring(file.lastIndexOf('/') + 1) + ")";
  }

  /** The text with every absolute path replaced by its file name (no machine paths in output). */
  static String withoutFolders(String s) {
    return s.replaceAll("(?<![\\w.])(?:[A-Za-z]:)?(?:[/\\\\][^\\s/\\\\]+)+[/\\\\]([^\\s/\\\\]+)", "$1");
  }

  private void writeInto(Reproduction r, ReproductionReport report, Path dir, double seconds) {
    for (Table t : report.tables()) {
      TableWriter.write(t, TableWriter.Format.CSV, dir.resolve(t.name() + ".csv"));
    }
    for (PlotSpec p : report.plots()) {
      Table t = report.table(p.table());
      if (p.kind() == PlotSpec.Kind.BAR) {
        Plots.bar(t, p.x(), p.y(), p.title(), p.yLabel(), dir.resolve(p.file()));
      } else {
        Plots.lines(t, p.x(), p.y(), p.series(), p.title(), p.xLabel(), p.yLabel(),
            dir.resolve(p.file()));
      }
    }
    String heading = heading(r, seconds);
    Table comparisons = comparisons(report);
    TableWriter.writeAtomically(dir.resolve("summary.md"), summary(r, report, heading, comparisons));
    ReproduceReport.write(dir, "fabriclab reproduce " + r.system(), heading, comparisons,
        tallyText(report.tally()), GRADING, report);
  }

  static final String GRADING = "One grading rule: every row has a kind. Only 'measured' rows (a value"
      + " our runs produce, with a paper value) are graded, each within the tolerance stated in its row and"
      + " fixed before the value was seen: ✓ agrees, ✗ differs. 'design check' rows (a structural property"
      + " of our construction), 'theory' rows (the paper's formula evaluated), 'model input' rows (a value"
      + " our model takes from the paper) and 'derived from an input' rows are shown and marked ○ not graded;"
      + " so are measured values without a paper value, checks the quick variant does not run and results"
      + " no simulation can give (a prototype's hardware resources).";

  /** The paper and the command that made the folder (two paragraphs). */
  private String heading(Reproduction r, double seconds) {
    int workers = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    return paperLine(r.paper()) + "\n\n" + "Made by `./fabriclab reproduce " + r.system() + (quick ? " --quick" : "")
        + (paperScale ? " --paper-scale" : "") + " --seed " + seed + "`"
        + (quick ? " (quick variant: smaller sizes, see notes)" : "")
        + (paperScale ? " (paper scale: the paper's full sizes, see notes)" : "")
        + String.format(Locale.ROOT, "; %.1f s on %d thread%s.", seconds, workers, workers == 1 ? "" : "s");
  }

  /** Every comparison: where, metric, paper, fabriclab, tolerance, kind, verdict, note. */
  static Table comparisons(ReproductionReport report) {
    Table.Builder t =
        Table.builder("comparisons").stringColumn("where").stringColumn("metric")
            .stringColumn("paper").stringColumn("fabriclab").stringColumn("tolerance")
            .stringColumn("kind").stringColumn("verdict").stringColumn("note");
    for (Comparison c : report.comparisons()) {
      t.row(c.item(), c.metric(), c.paper(), c.measured(), c.toleranceText(), c.kind().label(),
          c.verdictText(), c.note());
    }
    return t.build();
  }

  private static String summary(Reproduction r, ReproductionReport report, String heading, Table comparisons) {
    StringBuilder b = new StringBuilder();
    b.append("# Reproduction: ").append(r.system()).append("\n\n");
    b.append("**").append(tallyText(report.tally())).append(".**\n\n");
    b.append(heading).append("\n\n");
    b.append("## Measured beside the paper\n\n")
        .append(GRADING).append("\n\n")
        .append(TableWriter.markdown(comparisons));
    if (!report.notes().isEmpty()) {
      b.append("\n## Notes\n\n");
      for (String n : report.notes()) {
        b.append(n).append("\n\n");
      }
    }
    b.append("## Files\n\n");
    b.append("- `report.html`: this summary with every plot and table in one self-contained page\n");
    for (Table x : report.tables()) {
      b.append("- `").append(x.name()).append(".csv`\n");
    }
    for (PlotSpec p : report.plots()) {
      b.append("- `").append(p.file()).append(".png` / `.svg`: ").append(p.title()).append('\n');
    }
    return b.toString();
  }
}
