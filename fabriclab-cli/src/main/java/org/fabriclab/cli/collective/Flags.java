package org.fabriclab.cli.collective;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSchemes;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.Placement;
import org.fabriclab.units.ByteSize;

/**
 * The collective command's options in the model's terms, and the model's errors in the options'
 * terms: the simulator names its parameters ({@code ranks}, {@code sizeBytes}), the command line
 * its flags ({@code --ranks}, {@code --size}).
 */
final class Flags {
  private Flags() {}

  private static final Map<String, String> FLAG = Map.ofEntries(
      Map.entry("ranks", "--ranks"), Map.entry("sizeBytes", "--size"), Map.entry("root", "--root"),
      Map.entry("segmentBytes", "--segment-bytes"), Map.entry("alpha", "--alpha"),
      Map.entry("reduceBytesPerS", "--reduce-gbps"), Map.entry("scheme", "--scheme"),
      Map.entry("engine", "--engine"), Map.entry("op", "--op"), Map.entry("placement", "--placement"),
      Map.entry("segments", "--segment-bytes"));

  /** Runs {@code body}, renaming a model parameter in its error to the command's flag. */
  static <T> T domain(Supplier<T> body) {
    try {
      return body.get();
    } catch (InvalidParameterException e) {
      String flag = FLAG.get(e.parameter());
      if (flag == null) {
        throw e;
      }
      String m = e.getMessage();
      String prefix = "invalid " + e.parameter() + " =";
      if (m.startsWith(prefix)) {
        m = "invalid " + flag + " =" + m.substring(prefix.length());
      } else {
        m = flag + ": " + m;
      }
      throw new InvalidParameterException(flag, m);
    }
  }

  static CollectiveOp op(String name) {
    return domain(() -> CollectiveOp.parse(name));
  }

  static Placement placement(String name) {
    return domain(() -> Placement.parse(name));
  }

  /** A byte count of at least {@code min}: digits, an exponent or an SI / binary suffix. */
  static long bytes(String flag, String text, long min) {
    long v;
    try {
      v = ByteSize.parse(text);
    } catch (NumberFormatException e) {
      throw new InvalidParameterException(flag, text, e.getMessage() + "; a byte size is " + ByteSize.FORMS);
    }
    if (v < min) {
      throw new InvalidParameterException(flag, text, "must be at least " + min + " bytes");
    }
    return v;
  }

  static CollectiveSpec spec(CollectiveOp op, long ranks, long size, long root, long seg, double reduceGbps,
      double alpha) {
    InvalidParameterException.requireRange("--ranks", ranks, 2, 1 << 24);
    InvalidParameterException.requireRange("--root", root, 0, ranks - 1);
    return domain(() -> new CollectiveSpec(op, (int) ranks, size, (int) root, seg, reduceGbps * 1e9 / 8, alpha));
  }

  /** The hosts of the ranks: {@code --hosts} (distinct, on the fabric) or the placement's. */
  static int[] hosts(List<Long> given, int ranks, Fabric fab, Placement where, long seed) {
    int servers = fab.topology().serverCount();
    if (given == null || given.isEmpty()) {
      return domain(() -> where.hosts(fab.topology(), ranks, seed));
    }
    if (given.size() != ranks) {
      throw new InvalidParameterException("--hosts", "--hosts lists " + given.size() + " hosts for "
          + ranks + " ranks (--ranks): give one host per rank");
    }
    int[] h = new int[ranks];
    java.util.BitSet seen = new java.util.BitSet();
    for (int r = 0; r < ranks; r++) {
      long x = given.get(r);
      InvalidParameterException.requireRange("--hosts", x, 0, servers - 1);
      if (seen.get((int) x)) {
        throw new InvalidParameterException("--hosts", "--hosts names host " + x + " twice: one rank per host");
      }
      seen.set((int) x);
      h[r] = (int) x;
    }
    return h;
  }

  /** The schemes named (checked for {@code op}), or every scheme of {@code op} on {@code engine}. */
  static List<CollectiveScheme> schemes(CollectiveSchemes registry, List<String> names, CollectiveOp op,
      String engine) {
    List<CollectiveScheme> out = new ArrayList<>();
    if (names == null || names.isEmpty()) {
      for (CollectiveScheme s : registry.all()) {
        if (s.ops().contains(op) && s.engines().contains(engine)) {
          out.add(s);
        }
      }
      if (out.isEmpty()) {
        throw new InvalidParameterException("--scheme", "no scheme implements " + op.cliName()
            + " on the " + engine + " engine; see fabriclab collective --list");
      }
      return out;
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String n : names) {
      CollectiveScheme s = domain(() -> registry.get(n, op));
      if (!seen.add(s.name())) {
        throw new InvalidParameterException("--scheme", "--scheme names '" + s.name() + "' twice");
      }
      out.add(s);
    }
    return out;
  }
}
