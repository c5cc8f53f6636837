package org.fabriclab.cli.run;

import java.nio.file.Path;
import java.util.List;

/**
 * A validated experiment spec: what every point computes ({@code kind}), the master seed and the
 * repetitions, the topologies and the settings, each value possibly a list that the
 * {@link Sweep} expands. Made by {@link SpecLoader}; immutable.
 *
 * @param name name for the report
 * @param kind topo, throughput or simulate
 * @param seed master seed
 * @param seeds repetitions of every point
 * @param topologies one entry per family or file, its parameters as axes
 * @param settings the kind's section and the workload, keys {@code section.key}
 * @param metrics the metrics to keep (empty = all)
 * @param source where the spec came from
 */
public record ExperimentSpec(String name, String kind, long seed, int seeds,
    List<TopologyEntry> topologies, List<Axis> settings, List<String> metrics, String source) {

  /** A key and its values (one value, or several to sweep), with the node to blame in errors. */
  public record Axis(String key, List<String> values, SpecNode node) {}

  /**
   * A family with its parameters, or a topology file (absolute path) with import defaults.
   *
   * @param family family name, or null for a file
   * @param file topology file, or null for a family
   * @param params parameters as axes (family parameters, or import defaults of a file)
   * @param node the entry, for errors
   */
  public record TopologyEntry(String family, Path file, List<Axis> params, SpecNode node) {
    /** The name in the CSV's {@code topology} column. */
    public String label() {
      return family != null ? family : file.getFileName().toString();
    }
  }
}
