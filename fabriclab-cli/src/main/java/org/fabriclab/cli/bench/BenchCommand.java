package org.fabriclab.cli.bench;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code fabriclab bench}: performance scenarios with wall-clock and heap numbers. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {
      "Run performance scenarios and print measured numbers (record them in docs/benchmarks.md).",
      "JMH versions of the same scenarios live in fabriclab-bench."
    },
    subcommands = {TopoBenchCommand.class, EngineBenchCommand.class})
public final class BenchCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "missing benchmark (topo)");
  }
}
