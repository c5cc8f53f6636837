package org.fabriclab.cli.topo;

import java.nio.file.Path;
import org.fabriclab.graph.Topology;
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
      "Read a topology from a GraphML or JSON file, print its statistics and optionally export it.",
      "Files: fabriclab's JSON edge list and GraphML, and those of other tools (networkx GraphML and",
      "node-link JSON, Gephi, Topology Zoo): a node without a role is a packet switch; link capacity",
      "and delay come from capacity/bandwidth (bit/s), capacity_gbps, delay/latency (s), delay_ns,",
      "LinkSpeedRaw... (docs/formats.md); --servers-per-switch, --link-gbps and --link-delay-ns give",
      "the values such a file lacks. Attributes not used are named in one line on stderr."
    })
final class ImportCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "FILE", description = "a .json edge list or .graphml file")
  Path file;

  @Option(names = "--seed", defaultValue = "1", description = "seed for sampled analyses")
  long seed;

  @Option(names = "--servers-per-switch", paramLabel = "N",
      description = "servers attached to every node the file gives no role (default: 0)")
  Integer serversPerSwitch;

  @Option(names = "--link-gbps", paramLabel = "GBPS",
      description = "capacity of links the file gives none, in Gbit/s (default: 10)")
  Double linkGbps;

  @Option(names = "--link-delay-ns", paramLabel = "NS",
      description = "delay of links the file gives none, in ns (default: 1000)")
  Long linkDelayNs;

  @Mixin OutputOptions output;

  @Override
  public void run() {
    TopoReport.checkExportOptions(output);
    java.util.Map<String, String> given = new java.util.LinkedHashMap<>();
    if (serversPerSwitch != null) {
      given.put("servers-per-switch", serversPerSwitch.toString());
    }
    if (linkGbps != null) {
      given.put("link-gbps", linkGbps.toString());
    }
    if (linkDelayNs != null) {
      given.put("link-delay-ns", linkDelayNs.toString());
    }
    Topology t = org.fabriclab.cli.TopologyArgs.readFile(file,
        org.fabriclab.cli.TopologyArgs.importDefaults(file.toString(), given), spec.commandLine().getErr());
    TopoReport.emit(
        t, output, seed, spec.commandLine().getOut(), spec.commandLine().getErr());
  }
}
