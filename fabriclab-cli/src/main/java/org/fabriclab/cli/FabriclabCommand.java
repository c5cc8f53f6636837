package org.fabriclab.cli;

import org.fabriclab.cli.bench.BenchCommand;
import org.fabriclab.cli.demo.DemoCommand;
import org.fabriclab.cli.reproduce.ReproduceCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The root command; subcommands do the work. */
@Command(
    name = "fabriclab",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Build, simulate and measure datacenter fabrics for group communication:",
      "Shufflecast, Flat-tree, Gleam, Shoal and BCube/FBFLY incast trees, side by side.",
      "",
      "Examples:",
      "  fabriclab demo                          compare fabrics of 128 servers -> results/demo/",
      "  fabriclab topo list                     topology families and their parameters",
      "  fabriclab topo fattree --k 8 --json     statistics of a fat-tree as one JSON object",
      "  fabriclab topo bcube --n 4 --k 1 --export graphml --out bcube.graphml",
      "  fabriclab reproduce --list               papers whose figures can be reproduced"
    },
    subcommands = {DemoCommand.class, ReproduceCommand.class, BenchCommand.class})
public final class FabriclabCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "missing subcommand (topo, demo, reproduce, bench)");
  }
}
