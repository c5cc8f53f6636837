package org.fabriclab.cli.run;

import java.nio.file.Path;
import java.util.List;

/** Writes report.html of a run folder (see {@link org.fabriclab.cli.report.HtmlReport}). */
final class RunReport {
  private RunReport() {}

  static void write(Path dir, ExperimentSpec spec, List<Point> points) {
    // filled in by the report step
  }
}
