package org.fabriclab.shoal;

import java.util.LinkedHashMap;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.TopologyFamilies;

/**
 * A topology recognised as a Shoal rack ({@link ShoalFamily}): the {@link ShoalConfig} its
 * parameters name, checked against its graph (N servers, each with one link per channel plane,
 * 3k/2 circuit switches per plane). Anything else — another family, or a file that does not keep
 * the family's parameters — is no Shoal rack, and {@link #why} says so in one sentence.
 * O(nodes) per check.
 */
public final class ShoalRack {
  private ShoalRack() {}

  /** Why {@code topo} is no Shoal rack, or null when it is one. */
  public static String why(Topology topo) {
    try {
      of(topo);
      return null;
    } catch (InvalidParameterException e) {
      return e.getMessage();
    }
  }

  /**
   * The rack {@code topo} is.
   *
   * @throws InvalidParameterException (parameter {@code topo}) naming why it is none
   */
  public static ShoalConfig of(Topology topo) {
    if (!topo.family().equals(ShoalFamily.NAME)) {
      throw none("the fabric must be a Shoal rack (--topo shoal), not " + topo.family());
    }
    Map<String, String> raw = new LinkedHashMap<>();
    for (String kv : (topo.parameters() == null ? "" : topo.parameters()).split(",\\s*")) {
      int eq = kv.indexOf('=');
      if (eq > 0) {
        raw.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
      }
    }
    ShoalFamily fam = new ShoalFamily();
    ShoalConfig cfg;
    try {
      Params p = Params.parse(fam.name(), TopologyFamilies.allParameters(fam), raw);
      cfg = ShoalFamily.config(p);
    } catch (InvalidParameterException e) {
      throw none("its parameters '" + topo.parameters() + "' name no Shoal rack (" + e.getMessage() + ")");
    }
    int n = cfg.nodes();
    int c = cfg.channels();
    int switches = c * (cfg.switchPorts() + cfg.switchPorts() / 2);
    if (topo.serverCount() != n || topo.nodeCount() != n + switches) {
      throw none("a Shoal rack of " + n + " nodes and " + c + " channels has " + n + " servers and "
          + switches + " circuit switches, this fabric " + topo.serverCount() + " and "
          + (topo.nodeCount() - topo.serverCount()));
    }
    for (int v = 0; v < topo.nodeCount(); v++) {
      if (v < n ? topo.role(v) != NodeRole.SERVER || topo.degree(v) != c : topo.role(v) != NodeRole.CIRCUIT_SWITCH) {
        throw none("node " + v + " is no Shoal " + (v < n ? "node with one link per channel" : "circuit switch"));
      }
    }
    return cfg;
  }

  private static InvalidParameterException none(String why) {
    return new InvalidParameterException("topo", why);
  }
}
