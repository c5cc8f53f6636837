package org.fabriclab.cli.collective;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.TopologyArgs;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;

/** A fabric of {@code --topo}: its label ({@code fattree k=4}) and its topology. */
record Fabric(String label, Topology topology) {
  /** The fabrics of the {@code --topo} texts ({@code "FAMILY name=value ..."}); default fat-tree k=4. */
  static List<Fabric> parse(List<String> topos, long seed) {
    return parse(topos, seed, new java.io.PrintWriter(java.io.Writer.nullWriter()));
  }

  /** {@link #parse(List, long)}, a topology file's ignored attributes reported on {@code err}. */
  static List<Fabric> parse(List<String> topos, long seed, java.io.PrintWriter err) {
    List<String> texts = topos == null || topos.isEmpty() ? List.of("fattree k=4") : topos;
    List<Fabric> out = new ArrayList<>();
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String t : texts) {
      String[] words = t.trim().split("\\s+");
      Map<String, String> raw = new LinkedHashMap<>();
      for (int i = 1; i < words.length; i++) {
        int eq = words[i].indexOf('=');
        if (eq <= 0) {
          throw new InvalidParameterException("--topo", t, "expected 'FAMILY key=value ...', e.g. 'fattree k=8'");
        }
        raw.put(words[i].substring(0, eq), words[i].substring(eq + 1));
      }
      String label = t.trim().replaceAll("\\s+", " ");
      if (!seen.add(label)) {
        throw new InvalidParameterException("--topo", "--topo '" + label + "' is given twice: each fabric once");
      }
      Topology topo;
      try {
        topo = TopologyArgs.topology(words[0], raw, seed, err);
      } catch (InvalidParameterException e) {
        throw new InvalidParameterException("--topo", "--topo '" + label + "': " + e.getMessage());
      }
      out.add(new Fabric(label, topo));
    }
    return out;
  }
}
