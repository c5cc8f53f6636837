package org.fabriclab.cli.gleam;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code fabriclab gleam}: RDMA RC multicast in the fabric (seed 002). */
@Command(
    name = "gleam",
    mixinStandardHelpOptions = true,
    description = {
      "Gleam, RDMA RC multicast in the fabric (seed 002): table memory, analytic testbed broadcast.",
      "Packet-level runs (loss, NACKs, fat-trees, HPL at scale) need the packet engine (issue 9)."
    },
    subcommands = {GleamTableCommand.class, GleamBcastCommand.class, GleamHplCommand.class})
public final class GleamCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(), "missing subcommand; valid: " + String.join(", ", spec.subcommands().keySet()));
  }
}
