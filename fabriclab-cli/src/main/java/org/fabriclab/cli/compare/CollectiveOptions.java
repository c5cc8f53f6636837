package org.fabriclab.cli.compare;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSchemes;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * The collective workload of {@code compare}: {@code --collective OP} and the settings of
 * {@code fabriclab collective} under the same names, which become the {@code collective} section
 * of the spec compare runs. Without {@code --collective} none of them may be given; with it, none
 * of the flow workload's options.
 */
final class CollectiveOptions {
  @Option(names = "--collective", paramLabel = "OP",
      description = "compare a collective instead of flows: " + "broadcast, scatter, gather, reduce, allreduce, allgather,"
          + " reducescatter, alltoall or incast, with --ranks, --size, --scheme and the options below, or an application"
          + " pattern: hpl (--grid), replicate (--replicas), shuffle (--mappers, --reducers), multicast (--groups,"
          + " --group-size);"
          + " every --size x --scheme x fabric is one row (see 'fabriclab collective --help')")
  String op;

  @Option(names = "--ranks", paramLabel = "N", description = "--collective: ranks, 2..the fabric's hosts (default: 16)")
  Long ranks;

  @Option(names = "--size", split = ",", paramLabel = "BYTES",
      description = "--collective: sizes S, comma-separated, e.g. 64KiB,1MiB or 1e6 (default: 1MiB)")
  List<String> sizes;

  @Option(names = "--scheme", split = ",", paramLabel = "S",
      description = "--collective: schemes, comma-separated (default: every scheme of OP on --engine;"
          + " 'fabriclab collective --list' names them)")
  List<String> schemes;

  @Option(names = "--placement", paramLabel = "P",
      description = "--collective: contiguous, spread or random (seeded) (default: contiguous)")
  String placement;

  @Option(names = "--segment-bytes", paramLabel = "B",
      description = "--collective: segment size of pipelined schemes; 0 = whole blocks (default: 0)")
  String segmentBytes;

  @Option(names = "--root", paramLabel = "R", description = "--collective: root rank of rooted operations (default: 0)")
  Long root;

  @Option(names = "--alpha", paramLabel = "A",
      description = "--collective: in-network aggregation, merged size max + A (sum - max), 0..1 (default: 0)")
  Double alpha;

  @Option(names = "--reduce-gbps", paramLabel = "G",
      description = "--collective: a rank's reduction rate in Gb/s; 0 = reductions take no time (default: 0)")
  Double reduceGbps;

  @Option(names = "--grid", paramLabel = "PxQ", description = "--collective hpl: the process grid (default: 2x4)")
  String grid;

  @Option(names = "--replicas", paramLabel = "R", description = "--collective replicate: servers, 1..1048576 (default: 3)")
  Long replicas;

  @Option(names = "--groups", paramLabel = "G", description = "--collective multicast: groups, 1..1048576 (default: 4)")
  Long groups;

  @Option(names = "--group-size", paramLabel = "K",
      description = "--collective multicast: ranks per group, 2..1048576 (default: 16)")
  Long groupSize;

  @Option(names = "--mappers", paramLabel = "M", description = "--collective shuffle: mappers, 1..65536 (default: 4)")
  Long mappers;

  @Option(names = "--reducers", paramLabel = "R", description = "--collective shuffle: reducers, 1..65536 (default: 4)")
  Long reducers;

  /** The options of the collective workload (besides --collective itself). */
  private static final List<String> OWN = List.of("--ranks", "--size", "--scheme", "--placement",
      "--segment-bytes", "--root", "--alpha", "--reduce-gbps", "--grid", "--replicas", "--groups", "--group-size",
      "--mappers", "--reducers");

  /** The options of the flow workload, which a collective does not read. */
  private static final List<String> FLOWS = List.of("--trace", "--workload", "--flows", "--rate-per-s", "--load",
      "--sizes", "--flow-bytes", "--senders", "--transport");

  boolean given() {
    return op != null;
  }

  /** Refuses options of the other workload than the one chosen. */
  void checkOptions(CommandSpec spec) {
    ParseResult parsed = spec.commandLine().getParseResult();
    for (String o : op == null ? OWN : FLOWS) {
      if (parsed.hasMatchedOption(o)) {
        throw new InvalidParameterException(o, op == null
            ? o + " is a setting of a collective: give --collective OP too (or leave " + o + " out)"
            : o + " is a setting of flows, not of --collective " + op + "; leave it out");
      }
    }
  }

  /**
   * Fills the spec's {@code collective} section for {@code engine}; without {@code --scheme}, the
   * operation's schemes that run on the engine and on every one of {@code fabrics}.
   */
  void put(ObjectNode section, String engine, java.util.List<org.fabriclab.graph.Topology> fabrics) {
    CollectiveOp operation;
    try {
      operation = CollectiveOp.parse(op);
    } catch (InvalidParameterException e) {
      throw new InvalidParameterException("--collective", op, "valid: " + CollectiveOp.names());
    }
    section.put("op", operation.cliName());
    if (ranks != null) {
      section.put("ranks", ranks);
    }
    if (sizes != null) {
      ArrayNode a = section.putArray("size");
      sizes.forEach(a::add);
    }
    ArrayNode a = section.putArray("scheme");
    if (schemes != null) {
      schemes.forEach(a::add);
    } else {
      // the command's default: every scheme of the operation on the engine
      // a pattern's: the schemes of its parts (hpl and replicate broadcasts, shuffle incasts)
      CollectiveOp parts = operation.pattern()
          ? org.fabriclab.cli.collective.PatternSettings.pattern(operation, k -> null, "--").partOp() : operation;
      for (CollectiveScheme s : CollectiveSchemes.load().all()) {
        if (s.ops().contains(parts) && s.engines().contains(engine)
            && fabrics.stream().allMatch(t -> s.unsupported(t, null) == null)) {
          a.add(s.name());
        }
      }
      if (a.isEmpty()) {
        throw new InvalidParameterException("--scheme", "no scheme implements " + operation.cliName()
            + " on the " + engine + " engine; see fabriclab collective --list");
      }
    }
    section.put("engine", engine);
    if (placement != null) {
      section.put("placement", placement);
    }
    if (segmentBytes != null) {
      section.put("segment-bytes", segmentBytes);
    }
    if (root != null) {
      section.put("root", root);
    }
    if (alpha != null) {
      section.put("alpha", alpha);
    }
    if (reduceGbps != null) {
      section.put("reduce-gbps", reduceGbps);
    }
    if (grid != null) {
      section.put("grid", grid);
    }
    java.util.Map<String, Long> numbers = new java.util.LinkedHashMap<>();
    numbers.put("replicas", replicas);
    numbers.put("groups", groups);
    numbers.put("group-size", groupSize);
    numbers.put("mappers", mappers);
    numbers.put("reducers", reducers);
    numbers.forEach((k, v) -> {
      if (v != null) {
        section.put(k, v);
      }
    });
  }

  private static final Pattern SPEC_ERROR = Pattern.compile("^compare options:\\d+: (.*)$", Pattern.DOTALL);
  private static final Pattern KEY = Pattern.compile("\\bcollective\\.([a-z][a-z-]*)");

  /**
   * A spec error about the options, in the options' words: {@code compare options:1:
   * collective.ranks = 32 ...} becomes {@code --ranks = 32 ...} ({@code collective.op} is
   * {@code --collective}).
   */
  static FabriclabException inOptionWords(FabriclabException e) {
    Matcher m = SPEC_ERROR.matcher(e.getMessage());
    if (!m.matches()) {
      return e;
    }
    Matcher k = KEY.matcher(m.group(1));
    StringBuilder b = new StringBuilder();
    while (k.find()) {
      k.appendReplacement(b, k.group(1).equals("op") ? "--collective" : "--" + k.group(1));
    }
    k.appendTail(b);
    return new FabriclabException(b.toString(), e);
  }
}
