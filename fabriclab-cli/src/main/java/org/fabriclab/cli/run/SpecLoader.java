package org.fabriclab.cli.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;

/**
 * Loads and validates a spec file: unknown keys, wrong types, out-of-range values, unknown
 * families and family parameter errors are all reported as {@code file:line: message} before any
 * point runs. Every scalar value may be a list, which becomes a sweep axis.
 */
public final class SpecLoader {
  private SpecLoader() {}

  /** Loads {@code file} (YAML, or JSON by extension). */
  public static ExperimentSpec load(Path file) {
    SpecNode root = SpecParser.parse(file);
    Path base = file.toAbsolutePath().getParent();
    return validate(root, base);
  }

  /** Loads spec text (YAML, or JSON); {@code source} names it in messages. */
  public static ExperimentSpec fromText(String text, String source, boolean json, Path baseDir) {
    return validate(SpecParser.parse(text, source, json), baseDir);
  }

  /** Validates a parsed spec; relative file names resolve against {@code baseDir}. */
  public static ExperimentSpec validate(SpecNode root, Path baseDir) {
    Map<String, SpecNode> top = root.entries();
    unknownKeys(root, SpecSchema.TOP_KEYS, "the spec");
    SpecNode kindNode = top.get("kind");
    if (kindNode == null) {
      throw root.error("missing 'kind': " + SpecSchema.KIND.rangeText());
    }
    String kind = SpecSchema.KIND.check(kindNode, "");
    String name = top.containsKey("name") ? SpecSchema.NAME.check(top.get("name"), "") : SpecSchema.NAME.defaultValue();
    long seed = Long.parseLong(top.containsKey("seed") ? SpecSchema.SEED.check(top.get("seed"), "") : "1");
    int seeds = Integer.parseInt(top.containsKey("seeds") ? SpecSchema.SEEDS.check(top.get("seeds"), "") : "1");
    for (String k : SpecSchema.KINDS) {
      if (!k.equals(kind) && top.containsKey(k)) {
        throw root.keyError(k, "section '" + k + "' does not apply to kind " + kind
            + " (use section '" + kind + "')");
      }
    }
    List<ExperimentSpec.TopologyEntry> topologies = topologies(top.get("topologies"), root, baseDir);
    List<ExperimentSpec.Axis> settings = new ArrayList<>();
    SpecNode section = top.get(kind);
    List<Field> fields = SpecSchema.SECTIONS.get(kind);
    if (kind.equals("simulate")) {
      List<String> keys = new ArrayList<>(fields.stream().map(Field::name).toList());
      keys.add("workload");
      if (section == null) {
        throw root.error("missing section 'simulate' with a 'workload'");
      }
      unknownKeys(section, keys, "simulate");
      settings.addAll(axes(section, fields, kind));
      SpecNode w = section.entries().get("workload");
      if (w == null) {
        throw section.error("missing simulate.workload (type: poisson, permutation, incast, alltoall or trace)");
      }
      unknownKeys(w, SpecSchema.WORKLOAD.stream().map(Field::name).toList(), "simulate.workload");
      if (w.entries().containsKey("load") && w.entries().containsKey("rate-per-s")) {
        throw w.keyError("load", "simulate.workload: give either load or rate-per-s, not both");
      }
      List<ExperimentSpec.Axis> wl = axes(w, SpecSchema.WORKLOAD, "workload");
      for (int i = 0; i < wl.size(); i++) {
        ExperimentSpec.Axis a = wl.get(i);
        boolean sizes = a.key().equals("workload.sizes");
        if ((a.key().equals("workload.trace") && !a.values().get(0).isEmpty()) || sizes) {
          List<String> abs = new ArrayList<>();
          for (String v : a.values()) {
            if (sizes && (v.equals("websearch") || v.startsWith("pareto:"))) {
              sizesChecked(v, a);
              abs.add(v);
              continue;
            }
            Path p = baseDir.resolve(v).normalize();
            if (!Files.isRegularFile(p)) {
              throw a.node().error("simulate." + a.key() + ": no such file " + p
                  + (sizes ? " (sizes are websearch, pareto:SHAPE:MEAN_BYTES or a CSV file)" : ""));
            }
            if (sizes) {
              sizesChecked(p.toString(), a);
            }
            abs.add(p.toString());
          }
          wl.set(i, new ExperimentSpec.Axis(a.key(), abs, a.node()));
        }
      }
      settings.addAll(wl);
    } else {
      SpecNode s = section == null
          ? SpecNode.map(root.source(), root.line(), new java.util.LinkedHashMap<>(), Map.of()) : section;
      List<String> valid = new ArrayList<>(fields.stream().map(Field::name).toList());
      if (kind.equals("collective")) {
        SpecSchema.COLLECTIVE_PATTERN.forEach(f -> valid.add(f.name()));
      }
      unknownKeys(s, valid, kind);
      if (kind.equals("collective")) {
        CollectivePoint.requireScheme(section, root);
      }
      settings.addAll(axes(s, fields, kind));
      if (kind.equals("collective")) {
        CollectivePoint.checkSchemes(settings);
        settings.addAll(CollectivePoint.patternAxes(s, settings));
      }
    }
    List<String> metrics = new ArrayList<>();
    SpecNode m = top.get("metrics");
    if (m != null) {
      if (m.kind() != SpecNode.Kind.LIST) {
        throw m.error("metrics must be a list of metric names, not " + m.describe());
      }
      List<String> known = PointRunner.metricNames(kind);
      for (SpecNode item : m.items()) {
        if (!item.isScalar() || item.kind() == SpecNode.Kind.NULL) {
          throw item.error("metrics must be a list of metric names, not a list holding " + item.describe()
              + "; valid for kind " + kind + ": " + String.join(", ", known));
        }
        if (!known.contains(item.text())) {
          throw item.error("unknown metric '" + item.text() + "' for kind " + kind + "; valid: "
              + String.join(", ", known));
        }
        metrics.add(item.text());
      }
    }
    return new ExperimentSpec(name, kind, seed, seeds, List.copyOf(topologies), List.copyOf(settings),
        List.copyOf(metrics), root.source());
  }

  /**
   * Reads a sizes distribution once, so a malformed CSV file (its message names the file and the
   * line) or Pareto parameters fail while the spec loads, before any output is written.
   */
  private static void sizesChecked(String sizes, ExperimentSpec.Axis a) {
    try {
      WorkloadSizes.parse(sizes);
    } catch (org.fabriclab.error.FabriclabException e) {
      throw a.node().error("simulate." + a.key() + ": " + e.getMessage());
    }
  }

  private static List<ExperimentSpec.TopologyEntry> topologies(SpecNode node, SpecNode root, Path base) {
    if (node == null) {
      throw root.error("missing 'topologies': a list of {family: NAME, <parameters>} or {file: PATH}");
    }
    if (node.kind() != SpecNode.Kind.LIST || node.items().isEmpty()) {
      throw node.error("topologies must be a non-empty list of {family: NAME, ...} or {file: PATH}, not "
          + node.describe());
    }
    TopologyFamilies families = TopologyFamilies.load();
    List<ExperimentSpec.TopologyEntry> out = new ArrayList<>();
    for (SpecNode e : node.items()) {
      if (e.kind() != SpecNode.Kind.MAP) {
        throw e.error("a topology is a map {family: NAME, <parameters>} or {file: PATH}, not " + e.describe());
      }
      SpecNode fam = e.entries().get("family");
      SpecNode file = e.entries().get("file");
      if ((fam == null) == (file == null)) {
        throw e.error("a topology names exactly one of 'family' and 'file'");
      }
      if (file != null) {
        unknownKeys(e, List.of("file", "servers-per-switch", "link-gbps", "link-delay-ns"), "a topology file");
        String text = Field.text("file", null, "").check(file, "topologies");
        Path p = base.resolve(text).normalize();
        if (!Files.isRegularFile(p)) {
          throw file.error("no such topology file " + p);
        }
        List<ExperimentSpec.Axis> params = new ArrayList<>();
        for (Field f : SpecSchema.IMPORT) {
          SpecNode v = e.entries().get(f.name());
          if (v != null) {
            params.add(axis(f, v, "topology"));
          }
        }
        out.add(new ExperimentSpec.TopologyEntry(null, p, List.copyOf(params), e));
        continue;
      }
      String famName = Field.text("family", null, "").check(fam, "topologies");
      TopologyFamily f;
      try {
        f = families.get(famName);
      } catch (InvalidParameterException ex) {
        throw fam.error(ex.getMessage());
      }
      List<ParamSpec> specs = TopologyFamilies.allParameters(f);
      List<String> valid = new ArrayList<>(List.of("family"));
      specs.forEach(s -> valid.add(s.name()));
      unknownKeys(e, valid, "family " + f.name());
      List<ExperimentSpec.Axis> params = new ArrayList<>();
      for (Map.Entry<String, SpecNode> kv : e.entries().entrySet()) {
        if (kv.getKey().equals("family")) {
          continue;
        }
        params.add(new ExperimentSpec.Axis("topology." + kv.getKey(), rawValues(kv.getValue(), kv.getKey()),
            kv.getValue()));
      }
      out.add(new ExperimentSpec.TopologyEntry(f.name(), null, List.copyOf(params), e));
    }
    return out;
  }

  /** Family parameter values as text (their types are checked by the family, per combination). */
  private static List<String> rawValues(SpecNode v, String key) {
    List<SpecNode> items = v.kind() == SpecNode.Kind.LIST ? v.items() : List.of(v);
    if (items.isEmpty()) {
      throw v.error(key + ": an empty list sweeps nothing");
    }
    List<String> out = new ArrayList<>();
    for (SpecNode i : items) {
      if (!i.isScalar() || i.kind() == SpecNode.Kind.NULL) {
        throw i.error(key + " must be a value or a list of values, not " + i.describe());
      }
      String t = i.text().trim();
      if (i.kind() == SpecNode.Kind.NUMBER) {
        try {
          t = Long.toString(Field.integral(t));
        } catch (NumberFormatException ignored) {
          // a real number stays as written
        }
      }
      out.add(t);
    }
    return out;
  }

  private static List<ExperimentSpec.Axis> axes(SpecNode section, List<Field> fields, String prefix) {
    List<ExperimentSpec.Axis> out = new ArrayList<>();
    for (Field f : fields) {
      SpecNode v = section.entries().get(f.name());
      if (v == null) {
        out.add(new ExperimentSpec.Axis(prefix + "." + f.name(), List.of(f.defaultValue()), section));
      } else {
        out.add(axis(f, v, prefix));
      }
    }
    return out;
  }

  static ExperimentSpec.Axis axis(Field f, SpecNode v, String prefix) {
    List<SpecNode> items = v.kind() == SpecNode.Kind.LIST ? v.items() : List.of(v);
    if (items.isEmpty()) {
      throw v.error(prefix + "." + f.name() + ": an empty list sweeps nothing");
    }
    List<String> values = new ArrayList<>();
    for (SpecNode i : items) {
      values.add(f.check(i, prefix));
    }
    return new ExperimentSpec.Axis(prefix + "." + f.name(), List.copyOf(values), v);
  }

  private static void unknownKeys(SpecNode map, List<String> valid, String where) {
    if (map.kind() != SpecNode.Kind.MAP) {
      throw map.error(where + " must be a map of keys, not " + map.describe());
    }
    for (Map.Entry<String, SpecNode> e : map.entries().entrySet()) {
      if (!valid.contains(e.getKey())) {
        throw map.keyError(e.getKey(), "unknown key '" + e.getKey() + "' in " + where + "; valid: "
            + String.join(", ", valid));
      }
    }
  }
}
