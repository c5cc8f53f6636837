package org.fabriclab.cli.collective;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveResult;
import org.fabriclab.sim.collective.CollectiveRun;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.Placement;
import org.fabriclab.table.TableWriter;

/**
 * Runs of one operation: every fabric × scheme × spec, checked before the first run, and the
 * files a run folder gets. Shared by {@code collective} and {@code demo}.
 */
public final class Batch {
  private final List<Fabric> fabrics;
  private final List<CollectiveScheme> schemes;
  private final List<CollectiveSpec> specs;
  private final String engine;
  private final Placement placement;
  private final List<int[]> hosts;
  private final long seed;
  private final String transport;

  Batch(List<Fabric> fabrics, List<CollectiveScheme> schemes, List<CollectiveSpec> specs, String engine,
      Placement placement, List<Long> hostList, long seed) {
    this(fabrics, schemes, specs, engine, placement, hostList, seed, "rocev2");
  }

  Batch(List<Fabric> fabrics, List<CollectiveScheme> schemes, List<CollectiveSpec> specs, String engine,
      Placement placement, List<Long> hostList, long seed, String transport) {
    this.transport = transport;
    this.fabrics = fabrics;
    this.schemes = schemes;
    this.specs = specs;
    this.engine = engine;
    this.placement = placement;
    this.seed = seed;
    hosts = new ArrayList<>();
    double hops = 0;
    for (Fabric fab : fabrics) {
      CollectiveRun run = CollectiveRun.defaults(fab.topology(), engine, placement, seed).withTransport(transport);
      int[] h = Flags.hosts(hostList, specs.get(0).ranks(), fab, placement, seed);
      org.fabriclab.sim.net.EcmpTable ecmp = engine.equals("packet") ? new org.fabriclab.sim.net.EcmpTable(fab.topology()) : null;
      for (CollectiveScheme sc : schemes) {
        for (CollectiveSpec cs : specs) {
          // the pairing, then the schedule itself (an algorithm's own requirement, such as a
          // power of two of ranks, is found while building): all before the first run
          CollectiveScheme.Placed placed = Flags.domain(() -> {
            run.check(sc, cs);
            return sc.place(cs, fab.topology(), h);
          });
          if (ecmp != null) {
            hops += org.fabriclab.cli.WorkEstimate.packetHops(fab.topology(), ecmp, placed.schedule(), placed.hosts());
          }
        }
      }
      hosts.add(h);
    }
    packetHops = hops;
  }

  private final double packetHops;

  /** The line announcing runs estimated at over an hour of packet-level work, or null. */
  String longRunAnnouncement() {
    return engine.equals("packet") ? org.fabriclab.cli.WorkEstimate.announcement(packetHops,
        "--engine flow takes seconds") : null;
  }

  /** Runs. */
  public long size() {
    return (long) fabrics.size() * schemes.size() * specs.size();
  }

  /**
   * Runs everything in order. One run reports its own progress on {@code progress} (transfers
   * completed, as the engines count them); several report one unit per run.
   */
  List<Row> run(Progress progress) {
    return run(progress, null);
  }

  /** {@link #run(Progress)}, each packet-level run's simulation shown to {@code beforeStart} (may be null) first. */
  List<Row> run(Progress progress, java.util.function.Consumer<org.fabriclab.sim.PacketSimulation> beforeStart) {
    boolean single = size() == 1;
    Progress each = single ? progress : Progress.NONE;
    if (!single) {
      progress.begin("runs", size());
    }
    try {
      return runAll(progress, each, single, beforeStart);
    } finally {
      if (!single) {
        progress.end();
      }
    }
  }

  private List<Row> runAll(Progress progress, Progress each, boolean single,
      java.util.function.Consumer<org.fabriclab.sim.PacketSimulation> beforeStart) {
    List<Row> rows = new ArrayList<>();
    for (int fi = 0; fi < fabrics.size(); fi++) {
      Fabric fab = fabrics.get(fi);
      int[] h = hosts.get(fi);
      CollectiveRun run = CollectiveRun.defaults(fab.topology(), engine, placement, seed).withTransport(transport);
      for (CollectiveScheme sc : schemes) {
        for (CollectiveSpec cs : specs) {
          CollectiveResult r = Flags.domain(() -> beforeStart == null ? run.run(sc, cs, h, each)
              : run.run(sc, cs, h, each, beforeStart));
          rows.add(new Row(fab.label(), sc.name(), cs, r));
          if (!single) {
            progress.advance(1);
          }
        }
      }
    }
    return rows;
  }

  String engine() {
    return engine;
  }

  /** The packet engine's transport settings on the first fabric. */
  org.fabriclab.sim.transport.TransportSpec transportSpec() {
    return CollectiveRun.defaults(fabrics.get(0).topology(), engine, placement, seed).withTransport(transport)
        .transport();
  }

  /** The packet engine's transport, or null at flow level. */
  String transport() {
    return engine.equals("packet") ? transport : null;
  }

  /**
   * Writes {@code runs.csv}, {@code rank-ends.csv} and the plots of {@code rows} into {@code dir},
   * file names prefixed with {@code prefix} (empty, or e.g. {@code "allreduce-"}).
   */
  static void write(Path dir, String prefix, List<Row> rows, CollectiveOp op, String engine, String transport) {
    TableWriter.write(Row.table(rows, engine, transport), TableWriter.Format.CSV, dir.resolve(prefix + "runs.csv"));
    TableWriter.write(Row.rankEnds(rows), TableWriter.Format.CSV, dir.resolve(prefix + "rank-ends.csv"));
    CollectivePlots.write(dir, prefix, rows, op);
  }
}
