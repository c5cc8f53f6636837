package org.fabriclab.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The root command; subcommands (added in {@link Main#commandLine()}) do the work. Run bare, it
 * prints its help, which lists every command.
 */
@Command(
    name = "fabriclab",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Build, simulate and measure datacenter fabrics for group communication:",
      "Shufflecast, Flat-tree, Gleam, Shoal and BCube/FBFLY incast trees, side by side.",
      "",
      "A topology family and its parameters are written the same way everywhere:",
      "--topo FAMILY --PARAM VALUE ... (in 'topo', FAMILY is the subcommand).",
      "",
      "Examples:",
      "  fabriclab topo list                            topology families and their parameters",
      "  fabriclab topo fattree --k 8 --format json     statistics of a fat-tree as one JSON object",
      "  fabriclab topo bcube --n 4 --k 1 --export graphml --out bcube.graphml",
      "  fabriclab analyze throughput --topo jellyfish --k 4",
      "  fabriclab simulate --topo fattree --k 4 --workload poisson --flows 200",
      "  fabriclab compare --topo fattree --k 4 --topo jellyfish --k 4 --out results/compare",
      "  fabriclab run examples/cross-fabric.yaml --out results/cross-fabric",
      "  fabriclab reproduce --list                     papers whose figures can be reproduced"
    })
public final class FabriclabCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
