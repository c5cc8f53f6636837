package org.fabriclab.cli.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.collective.PatternSettings;
import org.fabriclab.cli.collective.Row;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveResult;
import org.fabriclab.sim.collective.CollectiveRun;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSchemes;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.Placement;
import org.fabriclab.sim.collective.pattern.Pattern;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;

/**
 * The {@code collective} kind: a point is one run of {@code fabriclab collective} (one size, one
 * scheme, one fabric) with the command's defaults and the point's seed in place of {@code --seed}
 * (placement, ECMP hashing, transports, and the topology unless its entry fixes a seed), so a
 * point's metrics are the numbers the command prints for the same settings. Its checks — a scheme
 * that does not implement the operation or run on the engine or fabric, more ranks than hosts, a
 * root or size the operation refuses — run while the sweep expands, before anything is written,
 * and name the spec key. An application pattern ({@code op: hpl|replicate|shuffle|multicast}) is
 * composed over the scheme of its parts from its own keys ({@link PatternSettings}), as the
 * command composes it.
 */
final class CollectivePoint {
  /** The metrics of a point, in the order of the command's JSON. */
  static final List<String> METRICS = List.of("jctNs", "algbwGbps", "busbwGbps", "wireBytes", "linkBytes",
      "linksUsed", "rootUplinkBytes", "maxQueueBytes", "drops", "retransmissions");

  /** The spec key of each of the model's parameter names. */
  private static final Map<String, String> KEY = Map.ofEntries(
      Map.entry("ranks", "collective.ranks"), Map.entry("sizeBytes", "collective.size"),
      Map.entry("root", "collective.root"), Map.entry("segmentBytes", "collective.segment-bytes"),
      Map.entry("segments", "collective.segment-bytes"), Map.entry("alpha", "collective.alpha"),
      Map.entry("reduceBytesPerS", "collective.reduce-gbps"), Map.entry("scheme", "collective.scheme"),
      Map.entry("engine", "collective.engine"), Map.entry("op", "collective.op"),
      Map.entry("placement", "collective.placement"), Map.entry("hosts", "collective.placement"));

  private CollectivePoint() {}

  /** A point's settings in the model's terms. */
  record Settings(CollectiveSpec spec, CollectiveScheme scheme, String engine, Placement placement) {}

  /** The settings of point coordinates {@code p}; the model's errors as they are. */
  static Settings settings(Map<String, String> p, CollectiveSchemes registry) {
    CollectiveOp op = CollectiveOp.parse(p.get("collective.op"));
    long size = Long.parseLong(p.get("collective.size"));
    long seg = Long.parseLong(p.get("collective.segment-bytes"));
    double reduceGbps = Double.parseDouble(p.get("collective.reduce-gbps"));
    double alpha = Double.parseDouble(p.get("collective.alpha"));
    String engine = p.get("collective.engine");
    Placement placement = Placement.parse(p.get("collective.placement"));
    if (op.pattern()) {
      // the command's composition: the pattern over the scheme of its parts, root 0
      Pattern pattern = pattern(p);
      CollectiveSpec spec = new CollectiveSpec(op, pattern.ranks(), size, 0, seg, reduceGbps * 1e9 / 8, alpha);
      return new Settings(spec, pattern.over(registry.get(p.get("collective.scheme"))), engine, placement);
    }
    int ranks = Integer.parseInt(p.get("collective.ranks"));
    int root = Integer.parseInt(p.get("collective.root"));
    // the command's conversion (Gb/s of input to bytes per second), so both give the same spec
    CollectiveSpec spec = new CollectiveSpec(op, ranks, size, root, seg, reduceGbps * 1e9 / 8, alpha);
    CollectiveScheme scheme = registry.get(p.get("collective.scheme"), op);
    return new Settings(spec, scheme, engine, placement);
  }

  /** The pattern of a point whose {@code collective.op} is one. */
  static Pattern pattern(Map<String, String> p) {
    return PatternSettings.pattern(CollectiveOp.parse(p.get("collective.op")), k -> p.get("collective." + k),
        "collective.");
  }

  /**
   * At load: the pattern keys of {@code section} as settings, after the command's keys. A key is
   * allowed only when the spec's {@code op} names its pattern, and becomes a setting (a column)
   * only then, with its default when not given; {@code ranks} and {@code root}, which follow from
   * a pattern, may not be given when every {@code op} is a pattern. {@code grid} values are
   * checked here.
   */
  static List<ExperimentSpec.Axis> patternAxes(SpecNode section, List<ExperimentSpec.Axis> settings) {
    ExperimentSpec.Axis opAxis = settings.stream().filter(a -> a.key().equals("collective.op")).findFirst().orElseThrow();
    java.util.Set<CollectiveOp> ops = new java.util.LinkedHashSet<>();
    opAxis.values().forEach(v -> ops.add(CollectiveOp.parse(v)));
    Map<String, SpecNode> given = section.entries();
    String opText = String.join(", ", opAxis.values());
    for (PatternSettings.Key k : PatternSettings.KEYS) {
      if (given.containsKey(k.name()) && !ops.contains(k.op())) {
        throw section.keyError(k.name(), "collective." + k.name() + " applies to op " + k.op().cliName()
            + " only, not to op " + opText);
      }
    }
    if (ops.stream().allMatch(CollectiveOp::pattern)) {
      for (String key : List.of("ranks", "root")) {
        if (given.containsKey(key)) {
          CollectiveOp first = ops.iterator().next();
          throw section.keyError(key, "collective." + key + " does not apply to op " + opText + ": "
              + (key.equals("ranks") ? "its ranks follow from " + PatternSettings.shape(first, "collective.")
                  : "its roots are the pattern's (column 0 and row 0, the client, each group's first rank)"));
        }
      }
    }
    List<ExperimentSpec.Axis> out = new java.util.ArrayList<>();
    for (Field f : SpecSchema.COLLECTIVE_PATTERN) {
      PatternSettings.Key k = PatternSettings.KEYS.stream().filter(x -> x.name().equals(f.name())).findFirst().orElseThrow();
      if (!ops.contains(k.op())) {
        continue;
      }
      SpecNode v = given.get(f.name());
      if (v == null) {
        out.add(new ExperimentSpec.Axis("collective." + f.name(), List.of(f.defaultValue()), section));
        continue;
      }
      ExperimentSpec.Axis a = SpecLoader.axis(f, v, "collective");
      if (k.grid()) {
        List<SpecNode> items = v.kind() == SpecNode.Kind.LIST ? v.items() : List.of(v);
        List<String> canonical = new java.util.ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
          try {
            int[] pq = PatternSettings.grid(a.values().get(i), "collective.");
            canonical.add(pq[0] + "x" + pq[1]);
          } catch (InvalidParameterException e) {
            throw items.get(i).error(e.getMessage().replaceFirst("^invalid ", ""));
          }
        }
        a = new ExperimentSpec.Axis(a.key(), List.copyOf(canonical), v);
      }
      out.add(a);
    }
    return out;
  }

  /**
   * At load: the section must name its scheme(s). {@code section} is the spec's {@code collective}
   * map, or null when the spec has none; the error is at the line of {@code collective:} (or the
   * spec's first line).
   */
  static void requireScheme(SpecNode section, SpecNode root) {
    if (section == null || !section.entries().containsKey("scheme")) {
      throw root.keyError("collective", "missing collective.scheme: one of " + schemeNames(
          CollectiveSchemes.load()) + " (fabriclab collective --list names the operations of each)");
    }
  }

  private static String schemeNames(CollectiveSchemes registry) {
    return String.join(", ", registry.all().stream().map(CollectiveScheme::name).toList());
  }

  /** At load: every scheme a spec names is registered. */
  static void checkSchemes(List<ExperimentSpec.Axis> settings) {
    CollectiveSchemes registry = CollectiveSchemes.load();
    String valid = schemeNames(registry);
    for (ExperimentSpec.Axis a : settings) {
      if (a.key().equals("collective.scheme")) {
        for (String v : a.values()) {
          try {
            registry.get(v);
          } catch (InvalidParameterException e) {
            throw a.node().error("collective.scheme = '" + v + "' is not valid: one of " + valid);
          }
        }
      }
    }
  }

  /**
   * Checks point coordinates {@code p} on {@code topo} (described as {@code topology}) as the
   * command checks its runs, and builds the point's schedule once (a scheme's own requirements,
   * such as a power of two ranks, are checked there); an error names the spec key and the line of
   * its value: {@code collective.ranks = 32 on fattree k=4: valid range 2..16 (the hosts of fattree)}.
   */
  static void check(ExperimentSpec spec, Map<String, String> p, Topology topo, String topology,
      CollectiveSchemes registry) {
    try {
      Settings s = settings(p, registry);
      if (s.spec().op().pattern()) {
        Pattern pattern = pattern(p);
        String first = "collective." + PatternSettings.of(pattern.op()).get(0).name();
        String why = PatternSettings.hostProblem(pattern, topo.serverCount(), topo.family(), "collective.");
        if (why != null) {
          throw node(spec, first).error(first + " = " + p.get(first) + " on " + topology + ": " + why);
        }
        why = PatternSettings.sizeProblem(pattern, s.spec().sizeBytes(), "collective.");
        if (why != null) {
          throw node(spec, "collective.size").error("collective.size = " + s.spec().sizeBytes() + " on " + topology
              + ": " + why);
        }
      }
      CollectiveRun.defaults(topo, s.engine(), s.placement(), 1).check(s.scheme(), s.spec());
      s.scheme().place(s.spec(), topo, s.placement().hosts(topo, s.spec().ranks(), 1));
    } catch (InvalidParameterException e) {
      String key = e.parameter() != null && e.parameter().startsWith("collective.") ? e.parameter()
          : KEY.getOrDefault(e.parameter(), "collective.scheme");
      String m = e.getMessage();
      String prefix = "invalid " + e.parameter() + " = ";
      int colon = m.indexOf(": ", prefix.length());
      m = m.startsWith(prefix) && colon > 0
          ? key + " = " + m.substring(prefix.length(), colon) + " on " + topology + m.substring(colon)
          : key + " on " + topology + ": " + m;
      throw node(spec, key).error(m);
    }
  }

  private static SpecNode node(ExperimentSpec spec, String key) {
    for (ExperimentSpec.Axis a : spec.settings()) {
      if (a.key().equals(key)) {
        return a.node();
      }
    }
    throw new IllegalStateException("no setting " + key);
  }

  /** Runs the point: its metrics, and {@code rank-ends.csv} (each rank's host and end) in {@code files}. */
  static Map<String, Number> run(Topology t, Point p, Map<String, String> files) {
    Settings s = settings(p.params(), CollectiveSchemes.load());
    CollectiveRun run = CollectiveRun.defaults(t, s.engine(), s.placement(), p.seed());
    int[] hosts = s.placement().hosts(t, s.spec().ranks(), p.seed());
    CollectiveResult r = run.run(s.scheme(), s.spec(), hosts, Progress.NONE);
    Row row = new Row(p.params().get("topology"), s.scheme().name(), s.spec(), r);
    Map<String, Number> m = new LinkedHashMap<>();
    m.put("jctNs", row.jctNs());
    m.put("algbwGbps", row.algbw());
    m.put("busbwGbps", row.busbw());
    m.put("wireBytes", r.wireBytes());
    m.put("linkBytes", r.linkBytes());
    m.put("linksUsed", (long) r.linksUsed());
    m.put("rootUplinkBytes", r.rootUplinkBytes());
    m.put("maxQueueBytes", r.maxQueueBytes()); // null on the flow engine: an empty cell
    m.put("drops", r.drops());
    m.put("retransmissions", r.retransmissions());
    Table.Builder b = Table.builder("rank-ends").longColumn("rank").longColumn("host").longColumn("endNs");
    long[] end = r.rankEndPs();
    for (int k = 0; k < end.length; k++) {
      b.row((long) k, (long) hosts[k], end[k] < 0 ? null : Row.ns(end[k]));
    }
    files.put(PointFiles.RANK_ENDS, TableWriter.csv(b.build()));
    return m;
  }
}
