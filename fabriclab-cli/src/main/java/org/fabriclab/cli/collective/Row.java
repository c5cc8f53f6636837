package org.fabriclab.cli.collective;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.sim.collective.CollectiveResult;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.table.Table;

/**
 * One run of the collective command and its table and JSON forms. Times in integer ns. {@code
 * engine}: the engine this run used when it differs from its batch's (a scheme with an engine of
 * its own, such as Shoal's {@code slot}), else null.
 */
public record Row(String fabric, String scheme, CollectiveSpec spec, CollectiveResult result, String engine) {
  /** A run on its batch's engine. */
  public Row(String fabric, String scheme, CollectiveSpec spec, CollectiveResult result) {
    this(fabric, scheme, spec, result, null);
  }

  private String engineOr(String batch) {
    return engine != null ? engine : batch;
  }

  private static String transportOn(String engine, String transport) {
    return engine.equals("packet") ? transport : null;
  }

  /** Picoseconds as integer nanoseconds, rounded half up; -1 stays -1 (never happened). */
  public static long ns(long ps) {
    return ps < 0 ? -1 : (ps + 500) / 1000;
  }

  /** The JCT in ns; null when the run did not finish. */
  public Long jctNs() {
    return result.jctPs() < 0 ? null : ns(result.jctPs());
  }

  /** algbw in Gb/s; null without a positive JCT. */
  public Double algbw() {
    return result.jctPs() <= 0 ? null : result.algbwGbps(spec);
  }

  /** busbw in Gb/s; null without a positive JCT. */
  public Double busbw() {
    return result.jctPs() <= 0 ? null : result.busbwGbps(spec);
  }

  /** {@code runs.csv}: one row per run; {@code transport} the packet engine's (null at flow level). */
  static Table table(List<Row> rows, String engine, String transport) {
    Table.Builder b = Table.builder("runs").stringColumn("op").stringColumn("scheme").stringColumn("fabric")
        .stringColumn("engine").stringColumn("transport").longColumn("ranks").longColumn("sizeBytes").longColumn("jctNs")
        .doubleColumn("algbwGbps").doubleColumn("busbwGbps").longColumn("wireBytes").longColumn("linkBytes")
        .longColumn("linksUsed").longColumn("rootUplinkBytes").longColumn("maxQueueBytes").longColumn("drops")
        .longColumn("retransmissions");
    for (Row r : rows) {
      CollectiveResult x = r.result;
      String e = r.engineOr(engine);
      b.row(r.spec.op().cliName(), r.scheme, r.fabric, e, transportOn(e, transport), (long) r.spec.ranks(), r.spec.sizeBytes(),
          r.jctNs(), r.algbw(), r.busbw(), x.wireBytes(), x.linkBytes(), (long) x.linksUsed(), x.rootUplinkBytes(),
          x.maxQueueBytes(), x.drops(), x.retransmissions());
    }
    return b.build();
  }

  /** The text view: the columns a reader compares first. */
  static Table brief(List<Row> rows) {
    Table.Builder b = Table.builder("runs").stringColumn("fabric").stringColumn("scheme")
        .longColumn("sizeBytes").doubleColumn("jctUs").doubleColumn("algbwGbps").doubleColumn("busbwGbps")
        .longColumn("wireBytes");
    for (Row r : rows) {
      b.row(r.fabric, r.scheme, r.spec.sizeBytes(), r.jctNs() == null ? null : r.jctNs() / 1000.0,
          r.algbw(), r.busbw(), r.result.wireBytes());
    }
    return b.build();
  }

  /** {@code rank-ends.csv}: each rank's end, tidy (one row per run and rank). */
  static Table rankEnds(List<Row> rows) {
    Table.Builder b = Table.builder("rank-ends").stringColumn("scheme").stringColumn("fabric")
        .longColumn("sizeBytes").longColumn("rank").longColumn("endNs");
    for (Row r : rows) {
      long[] e = r.result.rankEndPs();
      for (int k = 0; k < e.length; k++) {
        b.row(r.scheme, r.fabric, r.spec.sizeBytes(), (long) k, ns(e[k]));
      }
    }
    return b.build();
  }

  /** The JSON runs: the table's keys and {@code rankEndNs}. */
  static List<Map<String, Object>> json(List<Row> rows, String engine, String transport) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Row r : rows) {
      CollectiveResult x = r.result;
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("op", r.spec.op().cliName());
      m.put("scheme", r.scheme);
      m.put("fabric", r.fabric);
      String on = r.engineOr(engine);
      m.put("engine", on);
      m.put("transport", transportOn(on, transport));
      m.put("ranks", r.spec.ranks());
      m.put("sizeBytes", r.spec.sizeBytes());
      m.put("jctNs", r.jctNs());
      m.put("algbwGbps", r.algbw());
      m.put("busbwGbps", r.busbw());
      m.put("wireBytes", x.wireBytes());
      m.put("linkBytes", x.linkBytes());
      m.put("linksUsed", x.linksUsed());
      m.put("rootUplinkBytes", x.rootUplinkBytes());
      m.put("maxQueueBytes", x.maxQueueBytes());
      m.put("drops", x.drops());
      m.put("retransmissions", x.retransmissions());
      long[] e = x.rankEndPs();
      long[] ns = new long[e.length];
      for (int k = 0; k < e.length; k++) {
        ns[k] = ns(e[k]);
      }
      m.put("rankEndNs", ns);
      out.add(m);
    }
    return out;
  }
}
