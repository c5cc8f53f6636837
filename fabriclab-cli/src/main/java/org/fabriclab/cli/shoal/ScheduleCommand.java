package org.fabriclab.cli.shoal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.FormatOption;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.shoal.ClosFabric;
import org.fabriclab.shoal.FabricSchedule;
import org.fabriclab.shoal.SwitchSchedules;
import org.fabriclab.table.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code shoal schedule}: Fig. 3 (fabric) and Fig. 4 (per-switch) schedules. */
@Command(name = "schedule", mixinStandardHelpOptions = true, description = {
    "the fabric schedule (slot x node -> peer, Fig. 3; columns channel-major) and every switch's",
    "schedule (slot x input port -> output port, Fig. 4); idle: n/a (text), null (JSON). JSON keys: nodes, switchPorts,",
    "channels, epochSlots, fabric, switches[{plane, name, schedule}]. csv: one row per slot x channel x",
    "node (slot,channel,node,peer), or with --switches one row per switch x slot x input port",
    "(plane,switch,slot,port,peerPort), an idle slot's peer empty; the scalar keys as one 'summary:'",
    "line on stderr. md: the keys, then the same table (idle: n/a)."})
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

  @Option(names = "--switches",
      description = "csv/md: print the switch schedules (plane,switch,slot,port,peerPort) instead of the fabric's")
  boolean switches;

  @picocli.CommandLine.Mixin FormatOption format = new FormatOption();

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
      if (!format.isJson()) {
        format.printTable(o, spec.commandLine().getErr(), j, switches ? switchTable(d) : fabricTable(s));
        return;
      }
      j.put("fabric", idleNull(fabric));
      List<Map<String, Object>> sw = new ArrayList<>();
      for (int c = 0; c < channels; c++) {
        int[][][] t = d.table(c);
        for (int w = 0; w < t.length; w++) {
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("plane", c);
          m.put("name", d.switchName(w));
          m.put("schedule", idleNull(t[w]));
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
        b.append(' ').append(col[i] < 0 ? FormatOption.MISSING : col[i]);
      }
      o.println(b);
    }
    int[][][] t = d.table(0);
    o.println("switch leaf-0, plane 0 (row = input port, column = slot):");
    for (int p = 0; p < ports; p++) {
      StringBuilder b = new StringBuilder(String.format("  %4d:", p));
      for (int[] slot : t[0]) {
        b.append(' ').append(slot[p] < 0 ? FormatOption.MISSING : slot[p]);
      }
      o.println(b);
    }
  }

  /** A schedule with null for an idle slot (-1 in the model), for JSON. */
  private static Integer[][] idleNull(int[][] a) {
    Integer[][] r = new Integer[a.length][];
    for (int i = 0; i < a.length; i++) {
      r[i] = new Integer[a[i].length];
      for (int j = 0; j < a[i].length; j++) {
        r[i][j] = a[i][j] < 0 ? null : a[i][j];
      }
    }
    return r;
  }

  /** Fig. 3 as rows slot, channel, node, peer (null when the node idles). */
  private static Table fabricTable(FabricSchedule s) {
    Table.Builder b = Table.builder("fabric-schedule").longColumn("slot").longColumn("channel").longColumn("node")
        .longColumn("peer");
    for (int t = 0; t < s.epochSlots(); t++) {
      for (int c = 0; c < s.channels(); c++) {
        for (int i = 0; i < s.nodes(); i++) {
          int p = s.peer(t, c, i);
          b.row(t, c, i, p < 0 ? null : p);
        }
      }
    }
    return b.build();
  }

  /** Fig. 4 as rows plane, switch, slot, input port, output port (null when idle). */
  private Table switchTable(SwitchSchedules d) {
    Table.Builder b = Table.builder("switch-schedules").longColumn("plane").stringColumn("switch").longColumn("slot")
        .longColumn("port").longColumn("peerPort");
    for (int c = 0; c < channels; c++) {
      int[][][] t = d.table(c);
      for (int w = 0; w < t.length; w++) {
        for (int slot = 0; slot < t[w].length; slot++) {
          for (int p = 0; p < t[w][slot].length; p++) {
            int q = t[w][slot][p];
            b.row(c, d.switchName(w), slot, p, q < 0 ? null : q);
          }
        }
      }
    }
    return b.build();
  }
}
