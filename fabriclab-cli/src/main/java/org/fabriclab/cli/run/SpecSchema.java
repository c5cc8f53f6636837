package org.fabriclab.cli.run;

import java.util.List;
import java.util.Map;

/**
 * The keys a spec may hold, per section, with types, ranges and defaults (documented in
 * {@code docs/specs.md}). Topology family parameters are not here: each family declares its own.
 */
final class SpecSchema {
  private SpecSchema() {}

  /** Point kinds, each with the section of settings it reads. */
  static final List<String> KINDS = List.of("topo", "throughput", "simulate", "collective");

  static final List<String> TOP_KEYS =
      List.of("name", "kind", "seed", "seeds", "topologies", "topo", "throughput", "simulate", "collective",
          "metrics");

  static final Field KIND = Field.choice("kind", KINDS, null, "what every point computes");
  static final Field NAME = Field.text("name", "experiment", "a name for the report");
  static final Field SEED = Field.integer("seed", 0, Long.MAX_VALUE, 1L, "master seed");
  static final Field SEEDS = Field.integer("seeds", 1, 10_000, 1L, "repetitions of every point");

  /** Keys of a topology entry besides the family's parameters. */
  static final List<String> TOPOLOGY_KEYS = List.of("family", "file");

  /** Import defaults for a topology file without fabriclab's attributes. */
  static final List<Field> IMPORT = List.of(
      Field.integer("servers-per-switch", 0, 100_000, null,
          "servers to attach to every switch when the file has no server nodes"),
      Field.real("link-gbps", 0.001, 1e6, null, "capacity of links the file gives none"),
      Field.integer("link-delay-ns", 0, 1_000_000_000L, null, "delay of links the file gives none"));

  static final List<Field> TOPO = List.of(
      Field.integer("max-sources", 0, Long.MAX_VALUE, 0L,
          "BFS sources for path lengths; 0 = every server (exact)"));

  static final List<Field> THROUGHPUT = List.of(
      Field.choice("traffic", List.of("broadcast", "incast", "all-to-all", "permutation"), "permutation",
          "demand pattern"),
      Field.integer("cluster-size", 2, 1_000_000, 0L, "servers per cluster; 0 = automatic"),
      Field.choice("locality", List.of("strong", "weak", "none"), "strong", "cluster placement"),
      Field.integer("pod-size", 0, Long.MAX_VALUE, 0L, "servers per Pod without pod labels; 0 = all"),
      Field.choice("solver", List.of("lp", "approx"), "approx", "exact LP or (1+eps) approximation"),
      Field.real("epsilon", 0.001, 0.5, 0.05, "accuracy of approx"),
      Field.bool("server-links", false, "constrain server links too"));

  static final List<Field> SIMULATE = List.of(
      Field.choice("engine", List.of("packet", "flow"), "flow", "packet-level or flow-level engine"),
      Field.choice("transport", List.of("dctcp", "newreno", "ndp", "rocev2"), "dctcp",
          "packet engine transport"),
      Field.integer("subflows", 1, 64, 1L, "flow engine: ECMP paths per flow"),
      Field.integer("paths", 0, 1024, 0L, "packet engine: k-shortest source routes; 0 = hop-by-hop ECMP"),
      Field.real("until-ms", 0, 1e8, 0.0, "stop at this simulated time; 0 = when every flow is done"),
      Field.integer("max-events", 0, Long.MAX_VALUE, 0L, "stop after this many events; 0 = no limit"),
      Field.bytes("pfc-xoff-bytes", 0, 1L << 40, 0L, "packet engine: PFC pause threshold; 0 = off"));

  static final List<Field> WORKLOAD = List.of(
      Field.choice("type", List.of("poisson", "permutation", "incast", "alltoall", "trace"), "poisson",
          "generated flows, or a trace file"),
      Field.text("trace", "", "flow trace CSV (type: trace), relative to the spec"),
      Field.integer("flows", 1, 10_000_000, 1000L, "poisson: number of flows"),
      Field.real("rate-per-s", 1e-6, 1e12, 20_000.0, "poisson: arrivals per second"),
      Field.real("load", 0, 10, 0.0,
          "poisson: offered load, a fraction of the hosts' link capacity, (0, 10]: sets each fabric's arrival rate"
              + " instead of rate-per-s; 0 = not set"),
      Field.text("sizes", "websearch",
          "poisson sizes: websearch, pareto:SHAPE:MEAN_BYTES, or a CSV file of bytes,probability (relative to the spec)"),
      Field.real("skew", 0, 10, 0.0, "poisson: Zipf skew of destinations"),
      Field.bytes("flow-bytes", 1, 1L << 40, 1_000_000L, "permutation/incast/alltoall: bytes per flow"),
      Field.integer("senders", 1, 1_000_000, 8L, "incast: senders into host 0"));

  /**
   * The keys of {@code fabriclab collective}, with its defaults. {@code scheme} has none: its
   * choices come from the scheme registry, checked by {@link CollectivePoint}.
   */
  static final List<Field> COLLECTIVE = List.of(
      Field.choice("op", java.util.Arrays.stream(org.fabriclab.sim.collective.CollectiveOp.values())
          .map(org.fabriclab.sim.collective.CollectiveOp::cliName).toList(), "allreduce", "the operation"),
      Field.integer("ranks", 2, 1 << 24, 16L, "ranks, at most the topology's servers"),
      Field.bytes("size", 1, Long.MAX_VALUE / 1024, 1_048_576L, "the size S: digits, 1e6, 64KB, 1MiB"),
      Field.text("scheme", null, "the scheme (fabriclab collective --list)"),
      Field.choice("engine", List.of("packet", "flow", "slot"), "packet",
          "packet-level or flow-level engine, or slot (the schemes with an engine of their own: shoal)"),
      Field.choice("placement", List.of("contiguous", "spread", "random"), "contiguous", "where ranks run"),
      Field.bytes("segment-bytes", 0, Long.MAX_VALUE / 1024, 0L, "pipelined schemes: segment size; 0 = whole blocks"),
      Field.integer("root", 0, (1 << 24) - 1, 0L, "root rank, below ranks"),
      Field.real("alpha", 0, 1, 0.0, "in-network aggregation: merged size max + alpha (sum - max)"),
      Field.real("reduce-gbps", 0, 1e6, 0.0, "a rank's reduction rate; 0 = reductions take no time"));

  /**
   * The application patterns' keys ({@code grid}, {@code replicas}, {@code groups},
   * {@code group-size}, {@code mappers}, {@code reducers}: the command's options, ranges and
   * defaults): optional, allowed only when {@code op} names their pattern, and settings of the
   * spec (columns of its CSV files) only then ({@link CollectivePoint#patternAxes}).
   */
  static final List<Field> COLLECTIVE_PATTERN = org.fabriclab.cli.collective.PatternSettings.KEYS.stream()
      .map(k -> k.grid() ? Field.text(k.name(), k.defaultValue(), k.description())
          : Field.integer(k.name(), k.min(), k.max(), Long.parseLong(k.defaultValue()), k.description()))
      .toList();

  /** The settings section of each kind. */
  static final Map<String, List<Field>> SECTIONS =
      Map.of("topo", TOPO, "throughput", THROUGHPUT, "simulate", SIMULATE, "collective", COLLECTIVE);

  static String names(List<Field> fields) {
    return String.join(", ", fields.stream().map(Field::name).toList());
  }
}
