package org.fabriclab.cli.collective;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSchemes;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.Placement;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;

/**
 * The group comparison of {@code fabriclab demo}: a 1→63 broadcast, a 64-rank allreduce and a
 * 32→1 incast, each with every scheme that applies, on a fat-tree k=8 (128 hosts), for the
 * broadcast also the 4,2-Shufflecast fabric with two servers per ToR (optical splitters), and for
 * the incast a BCube(4,2) (64 servers) with aggregation trees, and for all three a Shoal rack of
 * 128 nodes at the fat-tree's 10 Gb/s per node (seed 003 §3: its circuit switches and cell
 * flows, on the slot engine whatever the demo's engine). Pipelined schemes use 1 MiB segments.
 * One operation per section: its runs, rank ends and plots under the operation's name, and the
 * fastest scheme per fabric and size.
 *
 * <p>Decision: the Shoal rack runs at 10 Gb/s per node (4 channels of 2.5 Gb/s) so that its node
 * links match the fat-tree's; its slot is then a 64 B cell at 2.5 Gb/s (204.8 ns) plus the §7.1
 * guard band of 2.75 ns.
 */
public final class GroupDemo {
  /** One section: an operation, its schemes and fabrics. */
  record Section(CollectiveOp op, int ranks, List<String> fabrics, List<String> schemes, long segmentBytes) {}

  /** The Shoal rack of the demo (see the class comment). */
  static final String SHOAL = "shoal nodes=128 node-gbps=10 slot-ns=207.55 guard-ns=2.75";

  private final List<Section> sections = List.of(
      new Section(CollectiveOp.BROADCAST, 64, List.of("fattree k=8", "shufflecast p=4 k=2 servers-per-tor=2", SHOAL),
          List.of("flat", "binomial", "chain", "scatterallgather", "ompi", "ipmulticast", "gleam", "splitter", "shoal"),
          1 << 20),
      new Section(CollectiveOp.ALLREDUCE, 64, List.of("fattree k=8", SHOAL),
          List.of("ring", "rabenseifner", "recdoubling", "switchagg", "shoal"), 1 << 20),
      new Section(CollectiveOp.INCAST, 33, List.of("fattree k=8", "bcube n=4 k=2", SHOAL),
          List.of("flat", "aggtree", "shoal"), 0));
  /** The engine of schemes that bring their own executor. */
  private static final String OWN_ENGINE = "slot";

  private final long[] sizes;
  private final String engine;
  private final long seed;
  private final List<Table> winners = new ArrayList<>();
  private final List<String> skipped = new ArrayList<>();

  /** The demo at {@code sizes} bytes on {@code engine}. */
  public GroupDemo(long[] sizes, String engine, long seed) {
    this.sizes = sizes.clone();
    this.engine = engine;
    this.seed = seed;
  }

  /** Runs every section into {@code dir}, logging a line per section on {@code log}. */
  public void run(Path dir, PrintWriter log) {
    CollectiveSchemes registry = CollectiveSchemes.load();
    int i = 0;
    for (Section s : sections) {
      i++;
      long t0 = System.nanoTime();
      List<Row> rows = new ArrayList<>();
      for (String label : s.fabrics()) {
        List<Fabric> fab = Fabric.parse(List.of(label), seed);
        // schemes on the demo's engine, and those with an engine of their own (Shoal's slot)
        List<CollectiveScheme> schemes = new ArrayList<>();
        List<CollectiveScheme> own = new ArrayList<>();
        for (String name : s.schemes()) {
          CollectiveScheme sc = registry.get(name);
          // on the rack only Shoal's own scheme: the other engines would see its circuit
          // switches as packet switches without the schedule
          if (sc.unsupported(fab.get(0).topology(), null) != null || (label.equals(SHOAL) && !sc.engines().contains(OWN_ENGINE))) {
            continue;
          }
          if (sc.engines().contains(engine)) {
            schemes.add(sc);
          } else if (sc.engines().contains(OWN_ENGINE)) {
            own.add(sc);
          } else {
            skipped.add(name + " (" + String.join(", ", sc.engines()) + " engine only)");
          }
        }
        List<CollectiveSpec> specs = new ArrayList<>();
        for (long b : sizes) {
          long size = s.op().needsBlocks() ? b / s.ranks() * s.ranks() : b;
          specs.add(new CollectiveSpec(s.op(), s.ranks(), size, 0, s.segmentBytes(), 0, 0));
        }
        if (!schemes.isEmpty()) {
          rows.addAll(new Batch(fab, schemes, specs, engine, Placement.CONTIGUOUS, null, seed).run(Progress.NONE));
        }
        if (!own.isEmpty()) {
          for (Row r : new Batch(fab, own, specs, OWN_ENGINE, Placement.CONTIGUOUS, null, seed).run(Progress.NONE)) {
            rows.add(new Row(r.fabric(), r.scheme(), r.spec(), r.result(), OWN_ENGINE));
          }
        }
      }
      Batch.write(dir, s.op().cliName() + "-", rows, s.op(), engine, engine.equals("packet") ? "rocev2" : null);
      winners.add(winners(s, rows));
      log.printf(Locale.ROOT, "[%d/%d] %-10s %3d runs %8.1f s%n", i, sections.size(), s.op().cliName(), rows.size(),
          (System.nanoTime() - t0) / 1e9);
    }
    TableWriter.writeAtomically(dir.resolve("summary.md"), summary());
  }

  /** Per fabric and size: the fastest scheme, its JCT and busbw, and the slowest for contrast. */
  private static Table winners(Section s, List<Row> rows) {
    Table.Builder b = Table.builder(s.op().cliName()).stringColumn("op").stringColumn("fabric")
        .longColumn("sizeBytes").stringColumn("fastest").doubleColumn("jctMs").doubleColumn("busbwGbps")
        .stringColumn("slowest").doubleColumn("slowestJctMs");
    java.util.Map<String, List<Row>> by = new java.util.LinkedHashMap<>();
    for (Row r : rows) {
      by.computeIfAbsent(r.fabric() + "\u0000" + r.spec().sizeBytes(), k -> new ArrayList<>()).add(r);
    }
    for (List<Row> g : by.values()) {
      List<Row> done = g.stream().filter(r -> r.jctNs() != null).sorted(java.util.Comparator.comparing(Row::jctNs)).toList();
      if (done.isEmpty()) {
        continue;
      }
      Row best = done.get(0);
      Row worst = done.get(done.size() - 1);
      b.row(s.op().cliName(), best.fabric(), best.spec().sizeBytes(), best.scheme(), ms(best.jctNs()),
          round(best.busbw()), worst.scheme(), ms(worst.jctNs()));
    }
    return b.build();
  }

  private static double ms(long ns) {
    return Math.round(ns / 1e3) / 1e3;
  }

  private static Double round(Double gbps) {
    return gbps == null ? null : Math.round(gbps * 100) / 100.0;
  }

  /** The fastest scheme per operation, fabric and size (the terminal's table). */
  public Table table() {
    Table.Builder b = null;
    for (Table t : winners) {
      if (b == null) {
        b = Table.builder("demo");
        for (Table.Column c : t.columns()) {
          b.column(c.name(), c.type());
        }
      }
      for (int r = 0; r < t.rowCount(); r++) {
        b.row(t.row(r));
      }
    }
    return b.build();
  }

  private String summary() {
    StringBuilder s = new StringBuilder("# fabriclab demo: group communication on several fabrics\n\n");
    s.append("Made by `./fabriclab demo` (").append(engine).append(" engine, seed ").append(seed)
        .append("): every number below comes from that command. Ranks on hosts 0..n-1; RoCEv2 framing\n")
        .append("(1024 + 64 B packets), the fabrics' 10 Gb/s links; the Shoal rack at 10 Gb/s per node in 64 B\n")
        .append("cells on the slot engine; busbw as nccl-tests defines it.\n\n");
    s.append(TableWriter.markdown(table()));
    if (!skipped.isEmpty()) {
      s.append("\nNot run on this engine: ").append(String.join(", ", new java.util.TreeSet<>(skipped))).append(".\n");
    }
    s.append("\nFiles per operation: `<op>-runs.csv` (every run), `<op>-rank-ends.csv`, `<op>-busbw.png`,"
        + " `<op>-jct.png`, `<op>-wire-bytes.png`, `<op>-rank-ends.png`.\n");
    return s.toString();
  }
}
