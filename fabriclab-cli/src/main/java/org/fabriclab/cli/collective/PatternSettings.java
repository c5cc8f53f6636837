package org.fabriclab.cli.collective;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.pattern.HplPattern;
import org.fabriclab.sim.collective.pattern.MulticastGroupsPattern;
import org.fabriclab.sim.collective.pattern.Pattern;
import org.fabriclab.sim.collective.pattern.ReplicationPattern;
import org.fabriclab.sim.collective.pattern.ShufflePattern;

/**
 * The application patterns' settings, one definition for the options of {@code fabriclab
 * collective} ({@code --grid}, {@code --replicas}, {@code --groups}, {@code --group-size},
 * {@code --mappers}, {@code --reducers}) and the keys of a {@code kind: collective} spec (the same
 * names without the dashes): which pattern reads each, its range and its default, and the pattern
 * they make. Errors name the setting as {@code prefix + name} ({@code --groups},
 * {@code collective.groups}).
 */
public final class PatternSettings {
  private PatternSettings() {}

  /**
   * One setting: its name, the pattern that reads it, its range (for {@code grid}: of P and of Q)
   * and its default, as text.
   */
  public record Key(String name, CollectiveOp op, long min, long max, String defaultValue, String description) {
    /** Whether the value is a {@code PxQ} grid rather than an integer. */
    public boolean grid() {
      return name.equals("grid");
    }
  }

  /** Every pattern setting, in the order of the command's help. */
  public static final List<Key> KEYS = List.of(
      new Key("grid", CollectiveOp.HPL, 1, 4096, "2x4", "hpl: the process grid, P rows x Q columns, each 1..4096 (ranks = P*Q >= 2)"),
      new Key("replicas", CollectiveOp.REPLICATE, 1, 1 << 20, "3", "replicate: storage servers the client writes to (ranks = R + 1)"),
      new Key("groups", CollectiveOp.MULTICAST, 1, 1 << 20, "4", "multicast: concurrent groups"),
      new Key("group-size", CollectiveOp.MULTICAST, 2, 1 << 20, "16", "multicast: ranks per group, its source included (ranks = G*K)"),
      new Key("mappers", CollectiveOp.SHUFFLE, 1, 1 << 16, "4", "shuffle: mappers"),
      new Key("reducers", CollectiveOp.SHUFFLE, 1, 1 << 16, "4", "shuffle: reducers (ranks = M + R)"));

  /** The settings of pattern {@code op} (none for an operation). */
  public static List<Key> of(CollectiveOp op) {
    return KEYS.stream().filter(k -> k.op() == op).toList();
  }

  /**
   * The pattern {@code op} makes of its settings: {@code value.apply(name)} is a setting's text,
   * or null for its default. Each value is checked against its range.
   */
  public static Pattern pattern(CollectiveOp op, Function<String, String> value, String prefix) {
    if (!op.pattern()) {
      throw new IllegalArgumentException(op.cliName() + " is no pattern");
    }
    return switch (op) {
      case HPL -> {
        int[] pq = grid(value.apply("grid"), prefix);
        yield new HplPattern(pq[0], pq[1]);
      }
      case MULTICAST -> new MulticastGroupsPattern(number("groups", value, prefix), number("group-size", value, prefix));
      case REPLICATE -> new ReplicationPattern(number("replicas", value, prefix));
      default -> new ShufflePattern(number("mappers", value, prefix), number("reducers", value, prefix));
    };
  }

  /** {@code text} ({@code PxQ}, null for the default) as {@code {P, Q}}, checked. */
  public static int[] grid(String text, String prefix) {
    Key k = KEYS.get(0);
    String g = text == null ? k.defaultValue() : text.strip().toLowerCase(Locale.ROOT);
    String[] pq = g.split("x", -1);
    long p;
    long q;
    try {
      if (pq.length != 2) {
        throw new NumberFormatException();
      }
      p = Long.parseLong(pq[0]);
      q = Long.parseLong(pq[1]);
    } catch (NumberFormatException e) {
      throw new InvalidParameterException(prefix + "grid", text, "P x Q as two whole numbers, e.g. 4x4");
    }
    if (p < k.min() || p > k.max() || q < k.min() || q > k.max()) {
      throw new InvalidParameterException(prefix + "grid", text, "valid range " + k.min() + ".." + k.max()
          + " rows x " + k.min() + ".." + k.max() + " columns");
    }
    if (p * q < 2) {
      throw new InvalidParameterException(prefix + "grid", text, "at least 2 ranks (P x Q >= 2)");
    }
    return new int[] {(int) p, (int) q};
  }

  private static int number(String name, Function<String, String> value, String prefix) {
    Key k = KEYS.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
    String t = value.apply(name);
    long v;
    try {
      v = Long.parseLong(t == null ? k.defaultValue() : t.strip());
    } catch (NumberFormatException e) {
      throw new InvalidParameterException(prefix + name, t, "not an integer; valid range " + k.min() + ".." + k.max());
    }
    return (int) InvalidParameterException.requireRange(prefix + name, v, k.min(), k.max());
  }

  /** The settings a pattern's ranks follow from, named with {@code prefix}: {@code --grid (P x Q)}. */
  public static String shape(CollectiveOp op, String prefix) {
    return switch (op) {
      case HPL -> prefix + "grid (P x Q)";
      case REPLICATE -> prefix + "replicas (R + 1)";
      case MULTICAST -> prefix + "groups x " + prefix + "group-size";
      default -> prefix + "mappers + " + prefix + "reducers";
    };
  }

  /**
   * Why pattern {@code p} cannot run on a fabric of {@code hosts} hosts called {@code fabric}
   * (more ranks than hosts), or null.
   */
  public static String hostProblem(Pattern p, int hosts, String fabric, String prefix) {
    if (p.ranks() <= hosts) {
      return null;
    }
    return p.op().cliName() + " needs " + p.ranks() + " ranks (" + shape(p.op(), prefix) + "), more than the "
        + hosts + " hosts of " + fabric;
  }

  /** Why pattern {@code p} cannot split {@code size} bytes (a shuffle's partitions), or null. */
  public static String sizeProblem(Pattern p, long size, String prefix) {
    if (p instanceof ShufflePattern sh && size % sh.reducers() != 0) {
      return "shuffle splits each mapper's output into one partition per reducer: a multiple of " + prefix
          + "reducers (" + sh.reducers() + ")";
    }
    return null;
  }
}
