package org.fabriclab.cli.collective;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.Json;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.collective.CollectiveResult;
import org.fabriclab.sim.collective.CollectiveRun;
import org.fabriclab.sim.collective.Placement;
import org.fabriclab.sim.collective.goal.GoalReader;
import org.fabriclab.sim.collective.goal.GoalSchedule;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;

/**
 * {@code collective --goal FILE}: a GOAL schedule (LogGOPSim, Schedgen, ATLAHS) on each fabric. Text
 * output is each rank's end time as LogGOPSim prints it ({@code Host i: t}, ns), per fabric;
 * JSON and CSV give the run's metrics and {@code rankEndNs}.
 */
final class GoalMode {
  private GoalMode() {}

  static void run(Path file, List<Fabric> fabrics, String engine, Placement where, List<Long> hostList, long seed,
      TableWriter.Format f, PrintWriter out, PrintWriter err) {
    GoalSchedule g = GoalReader.read(file);
    int ranks = g.schedule().ranks();
    List<int[]> hosts = new ArrayList<>();
    for (Fabric fab : fabrics) {
      hosts.add(Flags.hosts(hostList, ranks, fab, where, seed)); // checked before any run
    }
    List<Map<String, Object>> runs = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < fabrics.size(); i++) {
      Fabric fab = fabrics.get(i);
      CollectiveRun run = CollectiveRun.defaults(fab.topology(), engine, where, seed);
      int[] h = hosts.get(i);
      CollectiveResult r = Flags.domain(() -> run.run(g.schedule(), 0, h, Progress.NONE));
      if (fabrics.size() > 1) {
        text.append("# ").append(fab.label()).append('\n');
      }
      text.append(g.formatEndTimes(r.nodeEndPs()));
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("goal", file.getFileName().toString());
      m.put("fabric", fab.label());
      m.put("engine", engine);
      m.put("ranks", ranks);
      m.put("operations", g.operations());
      m.put("jctNs", r.jctPs() < 0 ? null : Row.ns(r.jctPs()));
      m.put("wireBytes", r.wireBytes());
      m.put("linkBytes", r.linkBytes());
      m.put("linksUsed", r.linksUsed());
      m.put("maxQueueBytes", r.maxQueueBytes());
      m.put("drops", r.drops());
      m.put("retransmissions", r.retransmissions());
      long[] e = g.endTimesPs(r.nodeEndPs());
      long[] ns = new long[e.length];
      for (int k = 0; k < e.length; k++) {
        ns[k] = Row.ns(e[k]);
      }
      m.put("rankEndNs", ns);
      runs.add(m);
    }
    if (f == TableWriter.Format.JSON) {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("runs", runs);
      out.println(Json.of(doc));
    } else if (f == TableWriter.Format.TEXT) {
      out.print(text);
    } else {
      Table.Builder b = Table.builder("goal").stringColumn("fabric").longColumn("rank").longColumn("endNs");
      for (Map<String, Object> m : runs) {
        long[] ns = (long[]) m.get("rankEndNs");
        for (int k = 0; k < ns.length; k++) {
          b.row(m.get("fabric"), (long) k, ns[k]);
        }
      }
      out.print(TableWriter.render(b.build(), f));
    }
    out.flush();
  }
}
