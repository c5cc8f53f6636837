package org.fabriclab.experiment;

/**
 * A paper's evaluation as a runnable, registered experiment: {@code fabriclab reproduce <system>}
 * finds it through {@link java.util.ServiceLoader} (list implementations in
 * {@code META-INF/services/org.fabriclab.experiment.Reproduction}) and writes its tables as CSV,
 * its plots as PNG + SVG and a {@code summary.md} that puts every measured value beside the
 * paper's. A reproduction is a pure function of its {@link ReproductionContext} (seed included):
 * it computes, it never writes files or prints.
 */
public interface Reproduction {
  /** Registry and CLI name, lower case ({@code shufflecast}); results go to results/&lt;system&gt;/. */
  String system();

  /**
   * The paper: title, venue, and the seed file it is specified by (its file name, never an
   * absolute path; {@code reproduce --list} strips folders anyway).
   */
  String paper();

  /** Runs the evaluation; {@code ctx.quick()} selects the smaller, CI-sized variant. */
  ReproductionReport run(ReproductionContext ctx);
}
