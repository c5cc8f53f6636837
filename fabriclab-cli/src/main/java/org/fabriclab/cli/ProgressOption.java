package org.fabriclab.cli;

import java.io.PrintWriter;
import java.io.Writer;
import org.fabriclab.cli.report.ProgressReporter;
import org.fabriclab.progress.Progress;
import picocli.CommandLine.Option;

/**
 * {@code --no-progress} as a picocli mixin, for commands that print progress on stderr: add it with
 * {@code @Mixin ProgressOption progress = new ProgressOption();}, then log progress lines through
 * {@link #log} or report a long task through {@link #reporter}. Summary and status lines that are
 * not progress are printed as before.
 */
public final class ProgressOption {
  @Option(names = "--no-progress", description = "no progress bar or progress log lines on stderr")
  boolean off;

  /** {@code err}, or a writer that drops everything under {@code --no-progress}. */
  public PrintWriter log(PrintWriter err) {
    return off ? new PrintWriter(Writer.nullWriter()) : err;
  }

  /** A progress bar / log-line reporter on {@code err}, or {@link Progress#NONE} under {@code --no-progress}. */
  public Progress reporter(PrintWriter err) {
    return ProgressReporter.create(!off, err);
  }
}
