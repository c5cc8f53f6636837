package org.fabriclab.cli.collective;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.pattern.Pattern;
import picocli.CommandLine.Option;

/**
 * The application patterns' options: {@code --op hpl --grid PxQ}, {@code --op replicate
 * --replicas R}, {@code --op shuffle --mappers M --reducers R}, {@code --op multicast --groups G
 * --group-size K}. A pattern's ranks follow from its
 * shape, and {@code --scheme} names the broadcast (hpl, replicate) or incast (shuffle) schemes it
 * is composed of.
 */
final class PatternOptions {
  @Option(names = "--grid", paramLabel = "PxQ",
      description = "hpl: the process grid, P rows x Q columns (ranks = P*Q; default: 2x4)")
  String grid;

  @Option(names = "--replicas", paramLabel = "R", description = "replicate: storage servers the client writes to, 1..1048576 (default: 3)")
  Long replicas;

  @Option(names = "--groups", paramLabel = "G", description = "multicast: concurrent groups, 1..1048576 (default: 4)")
  Long groups;

  @Option(names = "--group-size", paramLabel = "K",
      description = "multicast: ranks per group, its source included, 2..1048576 (ranks = G*K; default: 16)")
  Long groupSize;

  @Option(names = "--mappers", paramLabel = "M", description = "shuffle: mappers, 1..65536 (default: 4)")
  Long mappers;

  @Option(names = "--reducers", paramLabel = "R", description = "shuffle: reducers, 1..65536 (default: 4)")
  Long reducers;

  /**
   * The pattern of {@code op}, or null for an operation; refuses pattern options that do not
   * apply and, for a pattern, an explicit {@code --ranks} or {@code --root}.
   */
  Pattern pattern(CollectiveOp op, boolean ranksGiven, boolean rootGiven) {
    refuse(grid != null && op != CollectiveOp.HPL, "--grid", "hpl");
    refuse(replicas != null && op != CollectiveOp.REPLICATE, "--replicas", "replicate");
    refuse((mappers != null || reducers != null) && op != CollectiveOp.SHUFFLE,
        mappers != null ? "--mappers" : "--reducers", "shuffle");
    refuse((groups != null || groupSize != null) && op != CollectiveOp.MULTICAST,
        groups != null ? "--groups" : "--group-size", "multicast");
    if (!op.pattern()) {
      return null;
    }
    if (ranksGiven) {
      throw new InvalidParameterException("--ranks", "--ranks does not apply to --op " + op.cliName()
          + ": its ranks follow from " + shape(op));
    }
    if (rootGiven) {
      throw new InvalidParameterException("--root", "--root does not apply to --op " + op.cliName()
          + ": its roots are the pattern's (column 0 and row 0, the client, the reducers, each group's first rank)");
    }
    java.util.Map<String, Object> given = new java.util.HashMap<>();
    given.put("grid", grid);
    given.put("replicas", replicas);
    given.put("groups", groups);
    given.put("group-size", groupSize);
    given.put("mappers", mappers);
    given.put("reducers", reducers);
    return PatternSettings.pattern(op, k -> given.get(k) == null ? null : given.get(k).toString(), "--");
  }

  /** The options a pattern's ranks follow from. */
  static String shape(CollectiveOp op) {
    return PatternSettings.shape(op, "--");
  }

  /** Refuses a pattern with more ranks than a fabric has hosts, naming the pattern's options. */
  static void checkHosts(Pattern p, List<Fabric> fabrics) {
    for (Fabric f : fabrics) {
      String why = PatternSettings.hostProblem(p, f.topology().serverCount(), f.label(), "--");
      if (why != null) {
        throw new InvalidParameterException(shape(p.op()).split(" ")[0], "--op " + why);
      }
    }
  }

  private static void refuse(boolean bad, String flag, String op) {
    if (bad) {
      throw new InvalidParameterException(flag, flag + " applies to --op " + op + " only");
    }
  }

  /** Every scheme of the pattern's parts, composed into the pattern. */
  static List<CollectiveScheme> over(Pattern p, List<CollectiveScheme> parts) {
    List<CollectiveScheme> out = new ArrayList<>();
    for (CollectiveScheme s : parts) {
      out.add(p.over(s));
    }
    return out;
  }

  /** Refuses a size the pattern cannot split (a shuffle's partitions). */
  static void checkSize(Pattern p, long size) {
    String why = PatternSettings.sizeProblem(p, size, "--");
    if (why != null) {
      throw new InvalidParameterException("--size", size, why);
    }
  }
}
