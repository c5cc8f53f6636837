package org.fabriclab.cli.collective;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.Json;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.collective.CollectiveResult;
import org.fabriclab.sim.collective.CollectiveRun;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSchemes;
import org.fabriclab.sim.collective.Placement;
import org.fabriclab.sim.collective.goal.GoalReader;
import org.fabriclab.sim.collective.goal.GoalSchedule;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;

/**
 * {@code collective --goal FILE}: a GOAL schedule (LogGOPSim, Schedgen, ATLAHS) on each fabric, on the
 * packet or flow engine, or on the slot engine of a Shoal rack (its transfers as Shoal cell flows,
 * its calcs as delays: the {@code shoal} scheme's executor). Text
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
    List<CollectiveScheme.Executor> own = new ArrayList<>();
    CollectiveSchemes registry = engine.equals("packet") || engine.equals("flow") ? null : CollectiveSchemes.load();
    for (Fabric fab : fabrics) {
      // checked before any run: the engine's executor for the fabric (the packet and flow engines
      // are CollectiveRun's own), and the hosts
      own.add(registry == null ? null : executor(registry, engine, fab));
      hosts.add(Flags.hosts(hostList, ranks, fab, where, seed));
    }
    List<Map<String, Object>> runs = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < fabrics.size(); i++) {
      Fabric fab = fabrics.get(i);
      CollectiveRun run = CollectiveRun.defaults(fab.topology(), engine, where, seed);
      int[] h = hosts.get(i);
      CollectiveScheme.Executor ex = own.get(i);
      CollectiveResult r = Flags.domain(() -> ex == null ? run.run(g.schedule(), 0, h, Progress.NONE)
          : ex.run(fab.topology(), g.schedule(), h, 0, seed, Progress.NONE));
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

  /**
   * The executor of an engine that only a scheme runs ({@code slot}: the Shoal rack's) for {@code
   * fab}: that of the registered scheme on {@code engine} that can run on the fabric, which runs
   * the GOAL schedule's transfers and steps as it runs its own schedules. Refuses a fabric no
   * such scheme runs on, naming each scheme's reason.
   */
  static CollectiveScheme.Executor executor(CollectiveSchemes registry, String engine, Fabric fab) {
    List<String> why = new ArrayList<>();
    for (CollectiveScheme s : registry.all()) {
      CollectiveScheme.Executor ex = s.engines().contains(engine) ? s.executor(engine) : null;
      if (ex == null) {
        continue;
      }
      String no = s.unsupported(fab.topology(), null);
      if (no == null) {
        return ex;
      }
      why.add(s.name() + ": " + no);
    }
    throw new InvalidParameterException("--engine", "--engine " + engine + " runs a GOAL schedule on the fabric of a"
        + " scheme with an engine of its own, not on " + fab.label() + (why.isEmpty() ? "" : " (" + String.join("; ", why)
        + ")") + "; use --engine packet or flow there");
  }
}
