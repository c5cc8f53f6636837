package org.fabriclab.cli.topo;

import java.nio.file.Path;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.io.TopologyFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fabriclab topo import FILE}: reads a JSON edge list or GraphML file; same outputs. */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    description = {
      "Read a topology from a JSON edge list or GraphML file (see docs/formats.md),",
      "print its statistics, optionally export it in another format."
    })
final class ImportCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "FILE", description = "a .json edge list or .graphml file")
  Path file;

  @Option(names = "--seed", defaultValue = "1", description = "seed for sampled analyses")
  long seed;

  @Mixin OutputOptions output;

  @Override
  public void run() {
    TopoReport.checkExportOptions(output);
    Topology t = TopologyFiles.read(file);
    TopoReport.emit(
        t, output, seed, spec.commandLine().getOut(), spec.commandLine().getErr());
  }
}
