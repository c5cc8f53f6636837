package org.fabriclab.topology;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;

/**
 * The registry of topology families, loaded with {@link ServiceLoader}: adding a family is adding
 * a class and a line in its services file, with no central switch. Instances are immutable;
 * make one with {@link #load()} and pass it where it is needed.
 */
public final class TopologyFamilies {
  /** Parameters every family accepts. */
  public static final List<ParamSpec> COMMON =
      List.of(
          ParamSpec.integer("seed", 0, Long.MAX_VALUE, 1L, "master seed of anything random"),
          ParamSpec.real("link-gbps", 0.001, 1e6, 10.0, "capacity of every link in Gbit/s"),
          ParamSpec.integer(
              "link-delay-ns", 0, 1_000_000_000L, 1000L, "propagation delay of every link in ns"));

  private final Map<String, TopologyFamily> byName;

  private TopologyFamilies(Map<String, TopologyFamily> byName) {
    this.byName = byName;
  }

  /** Every family on the class path. */
  public static TopologyFamilies load() {
    Map<String, TopologyFamily> m = new TreeMap<>();
    for (TopologyFamily f : ServiceLoader.load(TopologyFamily.class)) {
      if (m.put(f.name(), f) != null) {
        throw new IllegalStateException("two topology families named " + f.name());
      }
    }
    return new TopologyFamilies(Collections.unmodifiableMap(m));
  }

  /** Families in name order. */
  public List<TopologyFamily> all() {
    return List.copyOf(byName.values());
  }

  /**
   * The family called {@code name}.
   *
   * @throws InvalidParameterException when there is none, listing the known ones
   */
  public TopologyFamily get(String name) {
    TopologyFamily f = byName.get(name.toLowerCase(Locale.ROOT));
    if (f == null) {
      throw new InvalidParameterException(
          "family", name, "unknown topology family; known: " + String.join(", ", byName.keySet()));
    }
    return f;
  }

  /** The family's parameters followed by {@link #COMMON}. */
  public static List<ParamSpec> allParameters(TopologyFamily f) {
    List<ParamSpec> all = new ArrayList<>(f.parameters());
    all.addAll(COMMON);
    return all;
  }

  /** Parses and validates raw parameter text for {@code family}. */
  public Params parse(String family, Map<String, String> raw) {
    TopologyFamily f = get(family);
    Params p = Params.parse(f.name(), allParameters(f), raw);
    f.validate(p);
    return p;
  }

  /** Parses, validates, checks the heap and builds. */
  public Topology build(String family, Map<String, String> raw) {
    TopologyFamily f = get(family);
    Params p = parse(family, raw);
    return build(f, p, org.fabriclab.units.HeapBudget.maxHeapBytes());
  }

  /**
   * Builds after checking that the estimated peak heap fits in {@code heapBytes}.
   *
   * @throws InvalidParameterException when the topology is too large, naming its size
   */
  public static Topology build(TopologyFamily f, Params p, long heapBytes) {
    checkSize(f, p, heapBytes);
    return f.build(p);
  }

  /**
   * Checks, from the estimate alone, that {@link #build(TopologyFamily, Params, long)} would not
   * refuse the topology as too large: a validation before anything is built or written.
   *
   * @throws InvalidParameterException when the topology is too large, naming its size
   */
  public static void checkSize(TopologyFamily f, Params p, long heapBytes) {
    SizeEstimate e = f.estimate(p);
    if (e.nodes() >= Integer.MAX_VALUE || e.directedLinks() >= Integer.MAX_VALUE - 8) {
      throw new InvalidParameterException(
          f.name(),
          String.format(
              Locale.ROOT,
              "%s(%s) would have %,d nodes and %,d directed links; at most 2^31-1 of each are supported",
              f.name(), p.describe(), e.nodes(), e.directedLinks()));
    }
    long limit = (long) (heapBytes * org.fabriclab.units.HeapBudget.USABLE_FRACTION);
    if (e.peakBytes() > limit) {
      throw new InvalidParameterException(
          f.name(),
          String.format(
              Locale.ROOT,
              "%s(%s) needs about %.2f GiB of heap to build (%,d nodes, %,d directed links) but"
                  + " at most %.2f GiB may be used (85%% of the %.2f GiB heap); %s, or raise the"
                  + " heap (%s or more)",
              f.name(), p.describe(), e.peakBytes() / 1073741824.0, e.nodes(), e.directedLinks(),
              limit / 1073741824.0, heapBytes / 1073741824.0, suggestion(f, p, limit),
              org.fabriclab.units.HeapBudget.setting(e.peakBytes())));
    }
  }

  /**
   * For the first integer parameter whose reduction makes the topology fit, the largest valid
   * value that does ("valid range --k 2..180 with this heap"); O(log range) estimates.
   */
  private static String suggestion(TopologyFamily f, Params p, long limit) {
    for (ParamSpec s : f.parameters()) {
      if (s.type() != ParamSpec.Type.INT) {
        continue;
      }
      long cur = p.getLong(s.name());
      long min = (long) s.min();
      while (min < cur && min < (long) s.min() + 8 && !fitsWith(f, p, s.name(), min, limit)) {
        min++;
      }
      if (cur <= min || !fitsWith(f, p, s.name(), min, limit)) {
        continue;
      }
      long lo = min;
      long hi = cur;
      while (hi - lo > 1) {
        long mid = lo + (hi - lo) / 2;
        if (fitsWith(f, p, s.name(), mid, limit)) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      for (long v = lo; v >= min && v > lo - 64; v--) {
        if (valid(f, p.withLong(s.name(), v)) && fitsExactly(f, p, s.name(), v, limit)) {
          return "valid range with this heap: --" + s.name() + " " + min + ".." + v;
        }
      }
    }
    return "use smaller parameters";
  }

  /** Whether value v or v-1 gives an estimate within the limit (v-1 covers parity rules). */
  private static boolean fitsWith(TopologyFamily f, Params p, String name, long v, long limit) {
    for (long x = v; x >= v - 1; x--) {
      try {
        if (f.estimate(p.withLong(name, x)).peakBytes() <= limit) {
          return true;
        }
      } catch (RuntimeException ex) {
        // not a valid value: try the next one
      }
    }
    return false;
  }

  /** Whether value v itself gives an estimate within the limit (the advice is an upper bound). */
  private static boolean fitsExactly(TopologyFamily f, Params p, String name, long v, long limit) {
    try {
      return f.estimate(p.withLong(name, v)).peakBytes() <= limit;
    } catch (RuntimeException ex) {
      return false;
    }
  }

  private static boolean valid(TopologyFamily f, Params p) {
    try {
      f.validate(p);
      return true;
    } catch (InvalidParameterException ex) {
      return false;
    }
  }

  /** A builder whose default capacity and delay come from the common link parameters. */
  public static TopologyBuilder builder(TopologyFamily f, Params p, SizeEstimate e) {
    TopologyBuilder b =
        new TopologyBuilder(
            f.name(),
            p.describe(),
            (int) Math.min(Integer.MAX_VALUE - 8, e.nodes()),
            (int) Math.min(Integer.MAX_VALUE - 8, e.directedLinks()));
    b.defaults(Math.round(p.getDouble("link-gbps") * 1e9), p.getLong("link-delay-ns") * 1000L);
    return b;
  }
}
