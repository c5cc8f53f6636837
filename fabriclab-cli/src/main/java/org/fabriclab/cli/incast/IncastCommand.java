package org.fabriclab.cli.incast;

import picocli.CommandLine.Command;

/** {@code fabriclab incast}: in-network aggregation trees for incast and shuffle (seed 004). */
@Command(
    name = "incast",
    mixinStandardHelpOptions = true,
    description = "Incast aggregation trees on BCube and FBFLY: tree, shuffle, update, bench and fbfly.",
    subcommands = {IncastTreeCommand.class, IncastShuffleCommand.class, IncastUpdateCommand.class, IncastBenchCommand.class, IncastFbflyCommand.class})
public final class IncastCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(
        spec.commandLine(), "missing subcommand; valid: " + String.join(", ", spec.subcommands().keySet()));
  }
}
