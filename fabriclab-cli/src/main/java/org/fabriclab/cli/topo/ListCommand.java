package org.fabriclab.cli.topo;

import org.fabriclab.cli.FormatOption;
import org.fabriclab.table.Table;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fabriclab topo list}: families, their parameters, valid ranges and defaults. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = "List topology families with their parameters, valid ranges and defaults.")
final class ListCommand implements Runnable {
  @Spec CommandSpec spec;

  @Mixin FormatOption format = new FormatOption();

  @Option(names = "--common", description = "also list the parameters every family takes")
  boolean common;

  @Override
  public void run() {
    TopologyFamilies families = TopologyFamilies.load();
    Table.Builder b =
        Table.builder("topology-families")
            .stringColumn("family")
            .stringColumn("parameter")
            .stringColumn("range")
            .stringColumn("default")
            .stringColumn("description");
    for (TopologyFamily f : families.all()) {
      b.row(f.name(), "", "", "", f.description());
      for (ParamSpec p : common ? TopologyFamilies.allParameters(f) : f.parameters()) {
        b.row("", "--" + p.name(), p.rangeText(), p.required() ? "(required)" : p.defaultValue(),
            p.description());
      }
    }
    if (!common) {
      b.row("(all)", "--seed, --link-gbps, --link-delay-ns", "see --common", "1, 10.0, 1000",
          "common to every family");
    }
    spec.commandLine().getOut().print(format.render(b.build()));
  }
}
