package org.fabriclab.cli.simulate;

import java.util.LinkedHashMap;
import java.util.List;
import org.fabriclab.graph.io.ImportDefaults;
import org.fabriclab.units.AsciiNumbers;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.TopologyFamilies;

/**
 * Turns the family options left over by picocli ({@code --k 8}, {@code --dims=4,4}) into a
 * topology of the named family; the family's own parameter checks give the error messages.
 */
final class TopologyArgs {
  private TopologyArgs() {}

  static Map<String, String> parse(List<String> rest) {
    Map<String, String> raw = new LinkedHashMap<>();
    for (int i = 0; i < rest.size(); i++) {
      String a = rest.get(i);
      if (!a.startsWith("--") || a.length() < 3) {
        throw new InvalidParameterException("arguments", "unexpected argument '" + a
            + "'; topology parameters are given as --name value");
      }
      String name = a.substring(2);
      String value;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      } else if (i + 1 < rest.size()) {
        value = rest.get(++i);
      } else {
        throw new InvalidParameterException("--" + name, "missing value for --" + name);
      }
      if (raw.put(name, value) != null) {
        throw new InvalidParameterException("--" + name, "option '--" + name + "' should be specified only once");
      }
    }
    return raw;
  }

  /**
   * Defaults for a topology file's missing values: {@code --servers-per-switch}, {@code --link-gbps}
   * and {@code --link-delay-ns} are the only parameters a file takes.
   */
  static ImportDefaults importDefaults(String file, List<String> rest) {
    Map<String, String> raw = parse(rest);
    for (String k : raw.keySet()) {
      if (!k.equals("servers-per-switch") && !k.equals("link-gbps") && !k.equals("link-delay-ns")) {
        throw new InvalidParameterException("--" + k, "--" + k + " applies to a topology family, not to --topo "
            + file + " (a file takes --servers-per-switch, --link-gbps, --link-delay-ns)");
      }
    }
    Integer sps = null;
    if (raw.containsKey("servers-per-switch")) {
      sps = number("--servers-per-switch", raw.get("servers-per-switch"), 0, 1 << 16).intValue();
    }
    Double gbps = null;
    if (raw.containsKey("link-gbps")) {
      try {
        gbps = AsciiNumbers.parseDouble(raw.get("link-gbps"));
      } catch (NumberFormatException e) {
        throw new InvalidParameterException("--link-gbps", raw.get("link-gbps"), "not a number; valid range 0.001..1000000");
      }
    }
    Long delay = raw.containsKey("link-delay-ns")
        ? number("--link-delay-ns", raw.get("link-delay-ns"), 0, 1_000_000_000L) : null;
    return ImportDefaults.of(sps, gbps, delay);
  }

  private static Long number(String option, String text, long min, long max) {
    long v;
    try {
      v = AsciiNumbers.parseLong(text);
    } catch (NumberFormatException e) {
      throw new InvalidParameterException(option, text, "not an integer; valid range " + min + ".." + max);
    }
    InvalidParameterException.requireRange(option, v, min, max);
    return v;
  }

  static Topology build(String family, List<String> rest, long seed) {
    TopologyFamilies fams = TopologyFamilies.load();
    Map<String, String> raw = parse(rest);
    raw.putIfAbsent("seed", Long.toString(seed));
    return fams.build(family, raw);
  }
}
