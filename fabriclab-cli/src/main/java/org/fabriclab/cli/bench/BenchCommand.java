package org.fabriclab.cli.bench;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code fabriclab bench}: performance scenarios with wall-clock and heap numbers. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {
      "Run performance scenarios and print measured wall-clock times and heap sizes.",
      "JMH versions of the same scenarios are in the fabriclab-bench module."
    },
    subcommands = {TopoBenchCommand.class, EngineBenchCommand.class})
public final class BenchCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
