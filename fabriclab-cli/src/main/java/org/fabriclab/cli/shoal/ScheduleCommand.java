package org.fabriclab.cli.shoal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.shoal.ClosFabric;
import org.fabriclab.shoal.FabricSchedule;
import org.fabriclab.shoal.SwitchSchedules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code shoal schedule}: Fig. 3 (fabric) and Fig. 4 (per-switch) schedules. */
@Command(name = "schedule", mixinStandardHelpOptions = true, description = {
    "the fabric schedule (slot x node -> peer, Fig. 3; columns channel-major) and every switch's",
    "schedule (slot x input port -> output port, Fig. 4); -1 = idle. JSON keys: nodes, switchPorts,",
    "channels, epochSlots, fabric, switches[{plane, name, schedule}]"})
public final class ScheduleCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--nodes", required = true, description = "rack nodes N = k²/2, 2..8192")
  int nodes;

  @Option(names = "--switch-ports", required = true, description = "ports k of each circuit switch, even")
  int ports;

  @Option(names = "--channels", defaultValue = "1", description = "channels per link, 1..N-1 (default 1)")
  int channels;

  @Option(names = "--propagation-aware", description = "Appendix A schedule")
  boolean propagationAware;

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @Override
  public void run() {
    format.format();
    InvalidParameterException.requireRange("--nodes", nodes, 2, 8192);
    ClosFabric clos = new ClosFabric(nodes, ports);
    FabricSchedule s = new FabricSchedule(nodes, channels, propagationAware);
    SwitchSchedules d = new SwitchSchedules(clos, s);
    PrintWriter o = spec.commandLine().getOut();
    int[][] fabric = s.table();
    if (!format.isText()) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("nodes", nodes);
      j.put("switchPorts", ports);
      j.put("channels", channels);
      j.put("epochSlots", s.epochSlots());
      j.put("fabric", fabric);
      List<Map<String, Object>> sw = new ArrayList<>();
      for (int c = 0; c < channels; c++) {
        int[][][] t = d.table(c);
        for (int w = 0; w < t.length; w++) {
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("plane", c);
          m.put("name", d.switchName(w));
          m.put("schedule", t[w]);
          sw.add(m);
        }
      }
      j.put("switches", sw);
      ShoalCommand.print(format, o, j);
      return;
    }
    o.printf("%d nodes, %d-port switches (%d leaves, %d spines per plane), %d channel(s), epoch %d slots%n",
        nodes, ports, clos.leaves(), clos.spines(), channels, s.epochSlots());
    o.println("fabric schedule (row = node, column = slot, value = peer):");
    for (int i = 0; i < nodes; i++) {
      StringBuilder b = new StringBuilder(String.format("  %4d:", i));
      for (int[] col : fabric) {
        b.append(' ').append(col[i]);
      }
      o.println(b);
    }
    int[][][] t = d.table(0);
    o.println("switch leaf-0, plane 0 (row = input port, column = slot):");
    for (int p = 0; p < ports; p++) {
      StringBuilder b = new StringBuilder(String.format("  %4d:", p));
      for (int[] slot : t[0]) {
        b.append(' ').append(slot[p]);
      }
      o.println(b);
    }
  }
}
