package org.fabriclab.cli.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.sim.collective.CollectiveSchemes;
import org.fabriclab.topology.TopologyFamilies;

/**
 * Expands a spec into its points: for every topology entry, the cartesian product of its
 * parameter lists, times the cartesian product of the settings lists, times {@code seeds}
 * repetitions (first key outermost, repetitions innermost). Settings that do not apply to a point
 * (the transport of a flow-engine point, the Poisson rate of a permutation workload) are blanked,
 * and points that then coincide are kept once. Every topology combination is validated by its
 * family here (its heap estimate too), every simulate point's workload against its topology's
 * server count ({@link PointChecks}) and every collective point's scheme, engine, ranks and sizes
 * against its topology ({@link CollectivePoint}), before anything runs or is written.
 * O(points × keys).
 *
 * <p>Seeds: repetition r of every point gets the same seed, derived from the master seed and r
 * ({@link #seed}). Decision: the other coordinates are left out on purpose, so the fabrics,
 * engines and transports of one repetition see the same trace (common random numbers): their
 * differences are not noise of different traces.
 */
public final class Sweep {
  private Sweep() {}

  /** The seed of repetition {@code rep} under {@code masterSeed} (non-negative). */
  public static long seed(long masterSeed, int rep) {
    return new RandomStreams(masterSeed).stream("sweep/point-seed", rep).nextLong() >>> 1;
  }

  /** Every point of {@code spec}, validated. */
  public static List<Point> expand(ExperimentSpec spec) {
    TopologyFamilies families = TopologyFamilies.load();
    List<Map<String, String>> settings = cartesian(spec.settings());
    Set<Map<String, String>> seen = new LinkedHashSet<>();
    List<Point> out = new ArrayList<>();
    PointChecks checks = new PointChecks(spec);
    boolean simulate = spec.kind().equals("simulate");
    boolean collective = spec.kind().equals("collective");
    CollectiveSchemes registry = collective ? CollectiveSchemes.load() : null;
    for (ExperimentSpec.TopologyEntry e : spec.topologies()) {
      for (Map<String, String> combo : cartesian(e.params())) {
        if (e.family() != null) {
          checkFamily(families, e, combo);
        } else if (!simulate && !collective) {
          PointRunner.checkFile(e.file(), combo, e.node());
        }
        int servers = simulate ? PointChecks.servers(e, combo) : 0;
        Topology topo = collective ? PointChecks.topology(e, combo) : null;
        for (Map<String, String> s : settings) {
          LinkedHashMap<String, String> p = new LinkedHashMap<>();
          p.put("topology", e.label());
          if (e.file() != null) {
            p.put("topology.file", e.file().toString());
          }
          p.putAll(combo);
          p.putAll(s);
          blank(spec.kind(), p);
          if (!seen.add(p)) {
            continue;
          }
          if (simulate) {
            checks.workload(p, servers, PointChecks.describe(e, combo));
          } else if (collective) {
            CollectivePoint.check(spec, p, topo, PointChecks.describe(e, combo), registry);
          }
          for (int rep = 0; rep < spec.seeds(); rep++) {
            out.add(new Point(out.size(), spec.kind(), p, rep, seed(spec.seed(), rep)));
          }
        }
      }
    }
    return out;
  }

  /** The settings {@link #blank} reads to decide what applies: never blanked themselves. */
  private static final List<String> SELECTORS =
      List.of("simulate.engine", "workload.type", "throughput.solver", "throughput.traffic", "collective.op");

  /**
   * The number of points {@link #expand} gives, computed from the spec's list sizes without
   * expanding (so a sweep too large to hold is refused by its count): per topology entry the
   * product of its lists, times the distinct settings combinations after blanking, times
   * {@code seeds}; saturates at {@link Long#MAX_VALUE}. Exact unless two topology entries repeat
   * one topology or a list repeats a value (then an upper bound). O(selector combinations × values).
   */
  public static long count(ExperimentSpec spec) {
    List<ExperimentSpec.Axis> selectors = new ArrayList<>();
    List<ExperimentSpec.Axis> others = new ArrayList<>();
    for (ExperimentSpec.Axis a : spec.settings()) {
      (SELECTORS.contains(a.key()) ? selectors : others).add(a);
    }
    long settings = 0;
    for (Map<String, String> sel : cartesian(selectors)) {
      long product = 1;
      for (ExperimentSpec.Axis a : others) {
        Set<String> distinct = new java.util.HashSet<>();
        for (String v : a.values()) {
          Map<String, String> p = new LinkedHashMap<>(sel);
          p.put(a.key(), v);
          blank(spec.kind(), p);
          distinct.add(p.get(a.key()));
        }
        product = times(product, distinct.size());
      }
      settings = Math.min(Long.MAX_VALUE - product, settings) + product;
    }
    long total = 0;
    for (ExperimentSpec.TopologyEntry e : spec.topologies()) {
      long combos = 1;
      for (ExperimentSpec.Axis a : e.params()) {
        combos = times(combos, a.values().size());
      }
      long n = times(times(combos, settings), spec.seeds());
      total = Math.min(Long.MAX_VALUE - n, total) + n;
    }
    return total;
  }

  private static long times(long a, long b) {
    return Math.multiplyHigh(a, b) != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
  }

  private static void checkFamily(TopologyFamilies families, ExperimentSpec.TopologyEntry e,
      Map<String, String> combo) {
    Map<String, String> raw = new LinkedHashMap<>();
    combo.forEach((k, v) -> raw.put(k.substring("topology.".length()), v));
    raw.putIfAbsent("seed", "1");
    try {
      PointChecks.size(families, e.family(), families.parse(e.family(), raw));
    } catch (InvalidParameterException ex) {
      String key = ex.parameter();
      if (key != null && key.contains("--")) {
        key = key.substring(key.indexOf("--") + 2);
      }
      throw e.node().keyError(key == null ? "family" : key, ex.getMessage());
    } catch (FabriclabException ex) {
      throw e.node().error(e.family() + ": " + ex.getMessage());
    }
  }

  /**
   * Settings whose 0 means "not set" (no time or event limit, PFC off, every BFS source, an
   * automatic cluster size, one Pod of all servers): an empty cell rather than a placeholder 0.
   */
  private static final List<String> UNSET_WHEN_ZERO = List.of("simulate.until-ms", "simulate.max-events",
      "simulate.pfc-xoff-bytes", "topo.max-sources", "throughput.cluster-size", "throughput.pod-size",
      "workload.load");

  /** Blanks settings that do not apply, so the CSV never shows a value that was not used. */
  static void blank(String kind, Map<String, String> p) {
    for (String k : UNSET_WHEN_ZERO) {
      String v = p.get(k);
      if (v != null && !v.isEmpty() && Double.parseDouble(v) == 0) {
        p.put(k, "");
      }
    }
    if (kind.equals("simulate")) {
      if (p.get("simulate.engine").equals("flow")) {
        blankAll(p, "simulate.transport", "simulate.paths", "simulate.pfc-xoff-bytes");
      } else {
        blankAll(p, "simulate.subflows");
      }
      String type = p.get("workload.type");
      if (!type.equals("poisson")) {
        blankAll(p, "workload.flows", "workload.rate-per-s", "workload.sizes", "workload.skew", "workload.load");
      } else if (p.containsKey("workload.load") && !p.get("workload.load").isEmpty()) {
        blankAll(p, "workload.rate-per-s"); // the load sets the rate
      }
      if (!type.equals("incast")) {
        blankAll(p, "workload.senders");
      }
      if (type.equals("poisson") || type.equals("trace")) {
        blankAll(p, "workload.flow-bytes");
      }
      if (!type.equals("trace")) {
        blankAll(p, "workload.trace");
      }
    } else if (kind.equals("collective")) {
      // a pattern's ranks and roots follow from its own settings; another pattern's settings do not apply
      org.fabriclab.sim.collective.CollectiveOp op = org.fabriclab.sim.collective.CollectiveOp.parse(p.get("collective.op"));
      if (op.pattern()) {
        blankAll(p, "collective.ranks", "collective.root");
      }
      for (org.fabriclab.cli.collective.PatternSettings.Key k : org.fabriclab.cli.collective.PatternSettings.KEYS) {
        if (k.op() != op) {
          blankAll(p, "collective." + k.name());
        }
      }
    } else if (kind.equals("throughput")) {
      if (p.get("throughput.solver").equals("lp")) {
        blankAll(p, "throughput.epsilon");
      }
      if (p.get("throughput.traffic").equals("permutation")) {
        blankAll(p, "throughput.cluster-size", "throughput.locality");
      }
    }
  }

  private static void blankAll(Map<String, String> p, String... keys) {
    for (String k : keys) {
      if (p.containsKey(k)) {
        p.put(k, "");
      }
    }
  }

  /** The cartesian product of the axes, first axis outermost. */
  static List<Map<String, String>> cartesian(List<ExperimentSpec.Axis> axes) {
    List<Map<String, String>> out = new ArrayList<>();
    out.add(new LinkedHashMap<>());
    for (ExperimentSpec.Axis a : axes) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> m : out) {
        for (String v : a.values()) {
          Map<String, String> c = new LinkedHashMap<>(m);
          c.put(a.key(), v);
          next.add(c);
        }
      }
      out = next;
    }
    return out;
  }
}
