package org.fabriclab.cli.topo;

import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab topo}: one subcommand per registered topology family (made at start-up from
 * the registry, so a new family needs no CLI code), plus {@code list} and {@code import}.
 */
@Command(
    name = "topo",
    mixinStandardHelpOptions = true,
    description = {
      "Build a topology, print its statistics, export it.",
      "Run 'fabriclab topo list' for the families and their parameters,",
      "'fabriclab topo <family> --help' for one family's options."
    },
    subcommands = {ListCommand.class, ImportCommand.class})
public final class TopoCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The {@code topo} command with a subcommand per family. */
  public static CommandLine commandLine() {
    CommandLine topo = new CommandLine(new TopoCommand());
    TopologyFamilies families = TopologyFamilies.load();
    for (TopologyFamily f : families.all()) {
      topo.addSubcommand(f.name(), FamilyCommand.commandLine(families, f));
    }
    return topo;
  }
}
