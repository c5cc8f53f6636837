package org.fabriclab.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.io.IoErrors;
import picocli.CommandLine;

/**
 * Entry point of the {@code fabriclab} command. Exit codes: 0 success, 2 bad input (a one-line
 * message on stderr naming the culprit and the valid range; no stack trace), 1 internal error.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true");
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line with the given streams and returns the exit code (used by tests). */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    int code;
    try {
      CommandLine cl = commandLine(); // inside: a heap too small to build the command tree is a one-line error too
      cl.setOut(out);
      cl.setErr(err);
      code = cl.execute(args);
    } catch (OutOfMemoryError oom) {
      err.println(
          "fabriclab: error: out of memory ("
              + Runtime.getRuntime().maxMemory() / (1 << 20)
              + " MiB heap); use smaller parameters or raise FABRICLAB_HEAP (e.g. FABRICLAB_HEAP=16g)");
      code = 2;
    }
    out.flush();
    err.flush();
    return code;
  }

  /** The full command tree with fabriclab's error handling. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new FabriclabCommand());
    cl.addSubcommand(org.fabriclab.cli.topo.TopoCommand.commandLine());
    cl.addSubcommand(new org.fabriclab.cli.analyze.AnalyzeCommand());
    cl.addSubcommand(new org.fabriclab.cli.simulate.SimulateCommand());
    cl.addSubcommand(new org.fabriclab.cli.compare.CompareCommand());
    cl.addSubcommand(new org.fabriclab.cli.collective.CollectiveCommand());
    cl.addSubcommand(new org.fabriclab.cli.run.RunCommand());
    cl.addSubcommand(new org.fabriclab.cli.reproduce.ReproduceCommand());
    cl.addSubcommand(new org.fabriclab.cli.demo.DemoCommand());
    cl.addSubcommand(new org.fabriclab.cli.bench.BenchCommand());
    cl.addSubcommand(new org.fabriclab.cli.shufflecast.ShufflecastCommand());
    cl.addSubcommand(new org.fabriclab.cli.flattree.FlatTreeCommand());
    cl.addSubcommand(new org.fabriclab.cli.gleam.GleamCommand());
    cl.addSubcommand(new org.fabriclab.cli.shoal.ShoalCommand());
    cl.addSubcommand(new org.fabriclab.cli.incast.IncastCommand());
    GlobalOptions.apply(cl);
    CommandList.install(cl);
    cl.setParameterExceptionHandler(Main::badArguments);
    cl.setExecutionExceptionHandler(Main::failed);
    cl.setExecutionStrategy(
        parsed -> {
          GlobalOptions.check(parsed);
          UnknownOptions.check(parsed);
          return new CommandLine.RunLast().execute(parsed);
        });
    cl.setUsageHelpWidth(110);
    cl.setUsageHelpAutoWidth(true);
    return cl;
  }

  private static int badArguments(CommandLine.ParameterException e, String[] args) {
    CommandLine cmd = e.getCommandLine();
    String msg = firstLine(e.getMessage());
    if (e instanceof CommandLine.UnmatchedArgumentException u && UnknownOptions.message(u) != null) {
      msg = UnknownOptions.message(u);
    } else if (e instanceof CommandLine.MissingParameterException m && UnknownOptions.beforeMissing(m, args) != null) {
      msg = UnknownOptions.beforeMissing(m, args);
    }
    // a value the type cannot hold (a 10-digit int, say) never reaches the command's own range
    // check: quote the option's help line, which states its valid range
    if (e.getCause() instanceof CommandLine.TypeConversionException && e.getArgSpec() != null
        && e.getArgSpec().isOption() && e.getArgSpec().renderedDescription().length > 0) {
      String help = String.join(" ", e.getArgSpec().renderedDescription()).strip();
      if (!help.isEmpty()) {
        msg = msg + "; " + ((CommandLine.Model.OptionSpec) e.getArgSpec()).longestName() + ": " + help;
      }
    }
    cmd.getErr()
        .println(
            "fabriclab: error: "
                + IoErrors.clean(msg)
                + " (see 'fabriclab "
                + (qualifiedName(cmd).isEmpty() ? "" : qualifiedName(cmd) + " ")
                + "--help')");
    return 2;
  }

  private static int failed(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
    PrintWriter err = cmd.getErr();
    String msg = userMessage(e);
    if (msg != null) {
      err.println("fabriclab: error: " + msg);
      return 2;
    }
    String what = IoErrors.clean(firstLine(String.valueOf(e.getMessage())));
    err.println("fabriclab: internal error" + (what.isEmpty() || what.equals("null") ? "" : ": " + what)
        + " (please report it; FABRICLAB_DEBUG=1 shows the stack)");
    if (System.getenv("FABRICLAB_DEBUG") != null) {
      e.printStackTrace(err);
    }
    return 1;
  }

  /**
   * The one-line message of an error that is the user's to fix, or {@code null} for an internal
   * error: fabriclab's own exceptions as they are, I/O errors through the one translation of
   * {@link IoErrors}; every message is cleaned of Java class names.
   */
  static String userMessage(Throwable e) {
    if (e instanceof FabriclabException) {
      String m = IoErrors.clean(firstLine(e.getMessage()));
      return m.isEmpty() ? "invalid input" : m;
    }
    if (e instanceof UncheckedIOException u) {
      return IoErrors.reason(u);
    }
    if (e instanceof java.io.IOException io) {
      return IoErrors.reason(io);
    }
    if (e instanceof java.nio.file.InvalidPathException ip) {
      return IoErrors.invalidPath(ip.getInput(), ip).getMessage();
    }
    return null;
  }

  /** The first line of a message. */
  static String firstLine(String s) {
    if (s == null) {
      return "(no message)";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).trim();
  }

  private static String qualifiedName(CommandLine cmd) {
    String q = cmd.getCommandSpec().qualifiedName(" ");
    if (q.equals("fabriclab")) {
      return "";
    }
    return q.startsWith("fabriclab ") ? q.substring("fabriclab ".length()) : q;
  }
}
