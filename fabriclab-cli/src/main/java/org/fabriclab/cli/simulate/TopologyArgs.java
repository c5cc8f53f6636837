package org.fabriclab.cli.simulate;

import java.util.LinkedHashMap;
import java.util.List;
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
      raw.put(name, value);
    }
    return raw;
  }

  static Topology build(String family, List<String> rest, long seed) {
    TopologyFamilies fams = TopologyFamilies.load();
    Map<String, String> raw = parse(rest);
    raw.putIfAbsent("seed", Long.toString(seed));
    return fams.build(family, raw);
  }
}
