package org.fabriclab.graph.io;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.units.AsciiNumbers;
import org.fabriclab.units.Limits;

/**
 * The capacity and delay of an imported link from the attribute names other tools write (the
 * table of {@code docs/formats.md}, "Link attributes of other tools"):
 * fabriclab's own {@code capacityBps} and {@code delayPs} (integers, read by the readers) come
 * first when a link has them.
 * <ul>
 *   <li>capacity: {@code capacity} or {@code bandwidth}
 *       (bit/s, networkx's flow algorithms' name; in the unit of the graph's {@code capacity_unit}
 *       when it has one, as FNSS writes), {@code capacity_bps|kbps|mbps|gbps|tbps} and the same
 *       suffixes on {@code bandwidth}, Topology Zoo's {@code LinkSpeedRaw} (bit/s) or {@code
 *       LinkSpeed} with {@code LinkSpeedUnits} ({@code K}, {@code M}, {@code G}, {@code T});
 *   <li>delay: {@code delay} or {@code latency} (seconds,
 *       or the graph's {@code delay_unit}), {@code delay_ps|ns|us|ms|s} and the same suffixes on
 *       {@code latency}.
 * </ul>
 * Numbers may be fractional; they are rounded to the nearest bit/s or ps. When a link gives
 * several of one kind, they must agree (within 1 ppm); a blank value counts as absent. A value
 * out of the command line's ranges ({@link Limits}) or an unknown unit is a {@link
 * MalformedInputException} naming the attribute. O(1) per link.
 */
final class LinkAttributes {
  /** The graph attributes that give units. */
  static final Set<String> GRAPH_NAMES = Set.of("capacity_unit", "delay_unit");

  private static final List<String> RATE_UNITS = List.of("bps", "kbps", "mbps", "gbps", "tbps");
  private static final List<String> TIME_UNITS = List.of("ps", "ns", "us", "ms", "s");
  private static final String RATE_VALID = "valid: bps, Kbps, Mbps, Gbps, Tbps (or b/s, Kb/s, ...)";
  private static final String TIME_VALID = "valid: ps, ns, us, ms, s";
  private static final String ZOO_VALID = "valid: K, M, G, T (or Kbps, Mbps, Gbps, Tbps, bps)";

  private final String source;
  private final double capacityScale;
  private final double delayScale;

  /**
   * @param source the file name used in messages
   * @param graph the graph's attributes (name to text); {@code capacity_unit} and {@code
   *     delay_unit} are read from it
   */
  LinkAttributes(String source, Map<String, String> graph) {
    this.source = source;
    this.capacityScale = scale(graph.get("capacity_unit"), true, "graph attribute capacity_unit");
    this.delayScale = scale(graph.get("delay_unit"), false, "graph attribute delay_unit");
  }

  /** Whether {@code name} is an edge attribute this class reads ({@code capacityBps}, {@code delayPs} are not). */
  static boolean isLinkAttribute(String name) {
    return capacityFactor(name) != 0 || delayFactor(name) != 0 || name.equals("LinkSpeed")
        || name.equals("LinkSpeedUnits");
  }

  /**
   * The link's capacity in bit/s, or null when {@code values} gives none; {@code given} is the
   * value of {@code capacityBps} when the link has one (it comes first, the others must agree).
   */
  Long capacityBps(Map<String, String> values, String where, Long given) {
    Long found = given;
    String foundName = given == null ? null : "capacityBps";
    for (Map.Entry<String, String> e : values.entrySet()) {
      double f = capacityFactor(e.getKey());
      if (f != 0 && !e.getValue().isBlank()) {
        double scaleBy = f < 0 ? capacityScale : f;
        long v = convert(where, e.getKey(), e.getValue(), scaleBy, "bit/s",
            Limits.MIN_RATE_BPS, Limits.MAX_RATE_BPS, Limits.RATE_RANGE);
        found = agree(where, foundName, found, e.getKey(), v);
        foundName = foundName == null ? e.getKey() : foundName;
      }
    }
    String speed = values.get("LinkSpeed");
    if (speed != null && !speed.isBlank() && !present(values, "LinkSpeedRaw")) {
      String unit = values.get("LinkSpeedUnits");
      if (unit == null || unit.isBlank()) {
        throw error(where + ": LinkSpeed \"" + speed + "\" without LinkSpeedUnits (" + ZOO_VALID + ")");
      }
      double s = zooScale(unit.strip());
      if (s == 0) {
        throw error(where + ": LinkSpeedUnits \"" + unit + "\" is not a unit of rate (" + ZOO_VALID + ")");
      }
      long v = convert(where, "LinkSpeed", speed, s, "bit/s", Limits.MIN_RATE_BPS, Limits.MAX_RATE_BPS,
          Limits.RATE_RANGE);
      found = agree(where, foundName, found, "LinkSpeed", v);
    }
    return found;
  }

  /** The link's delay in ps, or null when it has none; {@code given}: its {@code delayPs}. */
  Long delayPs(Map<String, String> values, String where, Long given) {
    Long found = given;
    String foundName = given == null ? null : "delayPs";
    for (Map.Entry<String, String> e : values.entrySet()) {
      double f = delayFactor(e.getKey());
      if (f != 0 && !e.getValue().isBlank()) {
        long v = convert(where, e.getKey(), e.getValue(), f < 0 ? delayScale : f, "ps", 0,
            Limits.MAX_DELAY_PS, Limits.DELAY_RANGE);
        found = agree(where, foundName, found, e.getKey(), v);
        foundName = foundName == null ? e.getKey() : foundName;
      }
    }
    return found;
  }

  private static boolean present(Map<String, String> values, String name) {
    String v = values.get(name);
    return v != null && !v.isBlank();
  }

  /**
   * Bit/s per unit of a capacity attribute: -1 for the bare names (the graph's unit applies), 0
   * for a name that is none; {@code capacityBps} and {@code LinkSpeedRaw} are in bit/s.
   */
  private static double capacityFactor(String name) {
    if (name.equals("LinkSpeedRaw")) {
      return 1;
    }
    if (name.equals("capacity") || name.equals("bandwidth")) {
      return -1;
    }
    for (String base : List.of("capacity_", "bandwidth_")) {
      if (name.startsWith(base)) {
        int u = RATE_UNITS.indexOf(name.substring(base.length()));
        return u < 0 ? 0 : Math.pow(1000, u);
      }
    }
    return 0;
  }

  /** Ps per unit of a delay attribute: -1 for the bare names, 0 for a name that is none. */
  private static double delayFactor(String name) {
    if (name.equals("delay") || name.equals("latency")) {
      return -1;
    }
    for (String base : List.of("delay_", "latency_")) {
      if (name.startsWith(base)) {
        int u = TIME_UNITS.indexOf(name.substring(base.length()));
        return u < 0 ? 0 : Math.pow(1000, u);
      }
    }
    return 0;
  }

  /** Bit/s or ps per {@code unit} (SI base unit when null); an unknown unit is an error. */
  private double scale(String unit, boolean rate, String what) {
    if (unit == null || unit.isBlank()) {
      return rate ? 1 : 1e12;
    }
    String u = unit.strip().toLowerCase(Locale.ROOT).replace("b/s", "bps").replace("µ", "u");
    if (rate && u.endsWith("bit/s")) {
      u = u.substring(0, u.length() - "bit/s".length()) + "bps";
    }
    if (!rate && (u.equals("sec") || u.equals("second") || u.equals("seconds"))) {
      u = "s";
    }
    int i = (rate ? RATE_UNITS : TIME_UNITS).indexOf(u);
    if (i < 0) {
      throw error(what + " \"" + unit + "\" is not a unit of " + (rate ? "rate (" + RATE_VALID : "time ("
          + TIME_VALID) + ")");
    }
    return Math.pow(1000, i);
  }

  /** Topology Zoo's LinkSpeedUnits: a prefix alone or with bps; 0 when unknown. */
  private static double zooScale(String unit) {
    String u = unit.toLowerCase(Locale.ROOT).replace("b/s", "bps");
    if (u.length() == 1) {
      u += "bps";
    }
    int i = RATE_UNITS.indexOf(u);
    return i < 0 ? 0 : Math.pow(1000, i);
  }

  private long convert(String where, String name, String text, double scale, String unit, long min,
      long max, String range) {
    double v;
    try {
      v = AsciiNumbers.parseDouble(text.strip());
    } catch (NumberFormatException e) {
      throw error(where + ": " + name + " \"" + text + "\" is not a number");
    }
    double scaled = v * scale;
    if (!(scaled >= min - 0.5 && scaled <= max + 0.5)) {
      throw error(where + ": " + name + " " + text.strip() + " = " + scaled + " " + unit
          + " out of range (" + range + ")");
    }
    return Math.round(scaled);
  }

  private long agree(String where, String firstName, Long first, String name, long v) {
    if (first == null) {
      return v;
    }
    if (Math.abs(first - v) > 1e-6 * Math.max(Math.abs(first), Math.abs(v))) {
      throw error(where + ": " + name + " (" + v + ") disagrees with " + firstName + " (" + first
          + "); give one value");
    }
    return first;
  }

  private MalformedInputException error(String problem) {
    return new MalformedInputException(source, problem);
  }
}
