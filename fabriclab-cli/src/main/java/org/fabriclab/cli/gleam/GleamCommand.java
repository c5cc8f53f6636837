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
      "Gleam, RDMA RC multicast in the fabric (Gleam paper): multicast table memory, a broadcast on the",
      "paper's testbed or any topology (packet level over RoCEv2 RC with loss and NACKs, or the analytic",
      "model) and HPL on the 16,384-server Clos (Fig. 14, flow or packet level)."
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
