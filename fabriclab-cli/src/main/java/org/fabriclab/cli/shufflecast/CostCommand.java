package org.fabriclab.cli.shufflecast;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.shufflecast.ComponentCatalog;
import org.fabriclab.shufflecast.PowerCostModel;
import org.fabriclab.shufflecast.ShufflecastTopology;
import org.fabriclab.table.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code shufflecast cost --tors T --switch-ports P --rate R}: §VI-A(b)(c) for one ToR count. */
@Command(
    name = "cost",
    mixinStandardHelpOptions = true,
    description = {
      "active ports, transceivers, power and capital cost of one one-to-all multicast tree:",
      "overlay, ipMulticast (minimal-layer core of P-port switches), shufflecast (JSON keys:",
      "overlay, ipMulticast, shufflecast, improvement; csv and md: one row per architecture)"
    })
public final class CostCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--tors", required = true, description = "ToR count T, 2..52488 (2..49152 with 3-port switches): k·p^k with p <= min(8, ports-1), else the nearest larger such instance (at most 65536 ToRs)")
  int tors;

  @Option(names = "--switch-ports", required = true, description = "port count of ToRs and core switches, >= 3")
  int switchPorts;

  @Option(names = "--rate", required = true, description = "data rate in Gbps: 10, 25 or 100")
  int rate;

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @Override
  public void run() {
    format.format();
    int maxP = Math.max(2, Math.min(8, switchPorts - 1));
    InvalidParameterException.requireRange("--tors", tors, 2, ShufflecastTopology.largestInstance(maxP));
    PowerCostModel m = new PowerCostModel(ComponentCatalog.tableI());
    m.catalog().switchPort(rate);
    int[] pk = PowerCostModel.instanceFor(tors, maxP);
    boolean exact = pk != null;
    if (!exact) {
      pk = ShufflecastTopology.nearestInstance(tors, maxP);
    }
    PowerCostModel.Tree ov = m.overlay(tors, rate);
    PowerCostModel.Tree ip = m.ipMulticast(tors, switchPorts, rate);
    PowerCostModel.Tree sc = m.shufflecast(pk[0], pk[1], rate);
    Map<String, Object> imp = new LinkedHashMap<>();
    imp.put("powerVsOverlay", ov.powerW() / sc.powerW());
    imp.put("powerVsIpMulticast", ip.powerW() / sc.powerW());
    imp.put("costVsIpMulticast", ip.capitalCostUsd() / sc.capitalCostUsd());
    PrintWriter o = spec.commandLine().getOut();
    Map<String, Object> instance = new LinkedHashMap<>();
    instance.put("p", pk[0]);
    instance.put("k", pk[1]);
    instance.put("logicalTors", ShufflecastTopology.tors(pk[0], pk[1]));
    instance.put("exact", exact);
    double perTor = m.perTorCostUsd(pk[0], rate);
    if (format.isJson()) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("tors", tors);
      j.put("switchPorts", switchPorts);
      j.put("rateGbps", rate);
      j.put("instance", instance);
      for (PowerCostModel.Tree t : List.of(ov, ip, sc)) {
        j.put(t.architecture(), t);
      }
      j.put("improvement", imp);
      j.put("perTorCostUsd", perTor);
      format.printDocument(o, j);
      return;
    }
    if (!format.isText()) {
      o.print(format.render(table(instance, List.of(ov, ip, sc), imp, perTor)));
      return;
    }
    o.printf("%d ToRs (%s%d,%d-Shufflecast), %d-port switches, %d Gbps; one one-to-all tree%n",
        tors, exact ? "" : "nearest larger instance ", pk[0], pk[1], switchPorts, rate);
    o.printf("%-12s %-12s %-13s %-10s %-7s %-11s %s%n", "architecture", "activePorts", "transceivers",
        "splitters", "fibres", "power (W)", "capital cost (USD)");
    for (PowerCostModel.Tree t : List.of(ov, ip, sc)) {
      o.printf("%-12s %-12d %-13d %-10d %-7d %-11.2f %.2f%n", t.architecture(), t.activePorts(),
          t.transceivers(), t.splitters(), t.fibres(), t.powerW(), t.capitalCostUsd());
    }
    o.printf("improvement: power x%.3f vs overlay, power x%.3f vs IP multicast, cost x%.3f vs IP multicast%n",
        (double) imp.get("powerVsOverlay"), (double) imp.get("powerVsIpMulticast"),
        (double) imp.get("costVsIpMulticast"));
  }

  /**
   * csv and md: one row per architecture, the columns in the JSON document's key order — the
   * request, the instance, the tree's fields, the improvement of Shufflecast over that row's
   * architecture (JSON's {@code improvement}: empty where JSON has no such ratio, as on Shufflecast's
   * own row) and the per-ToR cost (Shufflecast's row only).
   */
  private Table table(Map<String, Object> instance, List<PowerCostModel.Tree> trees, Map<String, Object> imp,
      double perTor) {
    Table.Builder b = Table.builder("cost").longColumn("tors").longColumn("switchPorts").longColumn("rateGbps")
        .longColumn("p").longColumn("k").longColumn("logicalTors").stringColumn("exact")
        .stringColumn("architecture").longColumn("activePorts").longColumn("transceivers")
        .longColumn("splitters").longColumn("fibres").doubleColumn("powerW").doubleColumn("capitalCostUsd")
        .doubleColumn("improvementPower").doubleColumn("improvementCost").doubleColumn("perTorCostUsd");
    for (PowerCostModel.Tree t : trees) {
      String a = Character.toUpperCase(t.architecture().charAt(0)) + t.architecture().substring(1);
      b.row(tors, switchPorts, rate, instance.get("p"), instance.get("k"), instance.get("logicalTors"),
          instance.get("exact"), t.architecture(), t.activePorts(), t.transceivers(), t.splitters(), t.fibres(),
          t.powerW(), t.capitalCostUsd(), imp.get("powerVs" + a), imp.get("costVs" + a),
          t.architecture().equals("shufflecast") ? perTor : null);
    }
    return b.build();
  }
}
