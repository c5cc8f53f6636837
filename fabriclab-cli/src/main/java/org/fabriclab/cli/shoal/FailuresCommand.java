package org.fabriclab.cli.shoal;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.shoal.ClosFabric;
import org.fabriclab.shoal.FailedSlots;
import org.fabriclab.table.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code shoal failures}: failed-slot fraction per component beside Table 1. */
@Command(name = "failures", mixinStandardHelpOptions = true, description = {
    "fraction of failed slots for one failed node, node-leaf link, leaf, leaf-spine link, spine",
    "(§3.5, Table 1); JSON: {nodes, switchPorts, components: {node: {measured, paper}, ...}};",
    "csv: one row per component (component,measured,paper), nodes and switchPorts as one 'summary:'",
    "line on stderr; md: the keys, then that table"})
public final class FailuresCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--nodes", required = true, description = "rack nodes N = k²/2 (k even), 8..8192")
  int nodes;

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @picocli.CommandLine.Mixin org.fabriclab.cli.ProgressOption progress = new org.fabriclab.cli.ProgressOption();

  @Override
  public void run() {
    format.format();
    InvalidParameterException.requireRange("--nodes", nodes, 8, 8192);
    int k = ClosFabric.portsFor(nodes);
    if (k < 0) {
      throw new InvalidParameterException("--nodes", "invalid --nodes = " + nodes
          + ": must be k²/2 for an even k (8, 18, 32, 50, 72, …, 512, …)");
    }
    FailedSlots fs = new FailedSlots(new ClosFabric(nodes, k));
    FailedSlots.Component[] all = FailedSlots.Component.values();
    // each component enumerates every (sender, destination) pair: O(N^2), seconds at 8,192 nodes
    double[] measured = new double[all.length];
    org.fabriclab.progress.Progress bar = progress.reporter(spec.commandLine().getErr());
    bar.begin("failed slots, components", all.length);
    try {
      for (int i = 0; i < all.length; i++) {
        measured[i] = fs.fraction(all[i]);
        bar.advance(1);
      }
    } finally {
      bar.end();
    }
    Map<String, Object> comps = new LinkedHashMap<>();
    Table.Builder t = Table.builder("failed-slots").stringColumn("component").doubleColumn("measured")
        .doubleColumn("paper");
    for (int i = 0; i < all.length; i++) {
      comps.put(name(all[i]), Map.of("measured", measured[i], "paper", FailedSlots.paper(all[i], nodes)));
      t.row(name(all[i]), measured[i], FailedSlots.paper(all[i], nodes));
    }
    PrintWriter o = spec.commandLine().getOut();
    if (!format.isText()) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("nodes", nodes);
      j.put("switchPorts", k);
      if (format.isJson()) {
        j.put("components", comps);
        ShoalCommand.print(format, o, j);
      } else {
        format.printTable(o, spec.commandLine().getErr(), j, t.build());
      }
      return;
    }
    o.printf("%d nodes, %d-port switches: fraction of failed slots (ours / Table 1)%n", nodes, k);
    for (int i = 0; i < all.length; i++) {
      o.printf("  %-16s %.5f / %.5f%n", name(all[i]), measured[i], FailedSlots.paper(all[i], nodes));
    }
  }

  private static String name(FailedSlots.Component c) {
    return switch (c) {
      case NODE -> "node";
      case NODE_LEAF_LINK -> "nodeLeafLink";
      case LEAF -> "leaf";
      case LEAF_SPINE_LINK -> "leafSpineLink";
      case SPINE -> "spine";
    };
  }
}
