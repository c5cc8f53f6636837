package org.fabriclab.shoal;

import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;

/**
 * {@code shoal}: the Shoal rack as a topology (seed 003 §3.2, Fig. 2; §3.4; §7.1):
 * {@code shoal [--nodes N] [--channels C] [--node-gbps R] [--slot-ns] [--guard-ns] [--cell-bytes]
 * [--propagation-ns] [--propagation-aware no|yes]}, defaults §7.1's (512 nodes, 100 Gb/s = 4 × 25
 * Gb/s channels, 23.25 ns slots with 2.75 ns guard, 64 B cells with the 8 B header of Fig. 5).
 *
 * <p>Nodes 0..N−1 are the rack's servers (node i is Shoal node i); then, per channel plane c (one
 * two-stage Clos per channel, §3.4), k leaves and k/2 spines of circuit switches (N = k²/2): server
 * i on leaf i / (k/2), every leaf to every spine. Each link carries R / C, and its delay is a
 * quarter of the propagation (a cell crosses node → leaf → spine → leaf → node). The slot, cell and
 * schedule parameters are kept in the topology's parameters; {@link ShoalRack} reads them back.
 *
 * <p>Decision: the common {@code --link-gbps} and {@code --link-delay-ns} do not apply (the rate is
 * the node's, the delay the propagation): a value other than their registry default is refused.
 */
public final class ShoalFamily implements TopologyFamily {
  /** Registry name. */
  public static final String NAME = "shoal";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "Shoal rack: N = k²/2 nodes on a two-stage Clos of k-port circuit switches per channel, static"
        + " round-robin schedule (Shoal paper §3.2, §7.1)";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of(
        ParamSpec.integer("nodes", 2, 1 << 15, 512L, "rack nodes N = k²/2 for an even port count k (8, 18, 32, ..., 512)"),
        ParamSpec.integer("channels", 1, 1 << 15, 4L, "channels per node link, each its own Clos plane (§3.4)"),
        ParamSpec.real("node-gbps", 0.001, 1e6, 100.0, "node bandwidth in Gb/s, shared by the channels"),
        ParamSpec.real("slot-ns", 0.001, 1e6, 23.25, "slot length in ns, guard band included (§7.1)"),
        ParamSpec.real("guard-ns", 0, 1e6, 2.75, "guard band in ns, below --slot-ns (§7.1)"),
        ParamSpec.integer("cell-bytes", ShoalConfig.HEADER_BYTES + 1, 1 << 16, 64L, "cell size, 8 B header included"),
        ParamSpec.real("propagation-ns", 0, 1e6, 0.0, "from a slot's end until the next node can forward the cell"),
        ParamSpec.choice("propagation-aware", List.of("no", "yes"), "no",
            "the schedule of Appendix A (reverse link N/2 columns later)"));
  }

  /** The rack of {@code p}: every Shoal mechanism on (§3.3). */
  static ShoalConfig config(Params p) {
    return new ShoalConfig(p.getInt("nodes"), 0, p.getInt("channels"), p.getDouble("node-gbps"),
        p.getDouble("slot-ns"), p.getDouble("guard-ns"), p.getInt("cell-bytes"), p.getDouble("propagation-ns"),
        p.getChoice("propagation-aware").equals("yes"), true, true, true);
  }

  @Override
  public void validate(Params p) {
    try {
      config(p);
    } catch (InvalidParameterException e) {
      throw new InvalidParameterException(e.parameter(), NAME + ": " + e.getMessage());
    }
    for (ParamSpec common : TopologyFamilies.COMMON) {
      String n = common.name();
      if (!n.equals("seed") && p.getDouble(n) != Double.parseDouble(common.defaultValue())) {
        throw new InvalidParameterException("--" + n, NAME + " --" + n + " does not apply: a Shoal link"
            + " carries --node-gbps / --channels and its delay is set by --propagation-ns");
      }
    }
  }

  @Override
  public SizeEstimate estimate(Params p) {
    long n = p.getLong("nodes");
    long c = p.getLong("channels");
    long k = Math.max(2, Math.round(Math.sqrt(2.0 * n)));
    return new SizeEstimate(n + c * (k + k / 2), 4 * c * n, 0);
  }

  @Override
  public Topology build(Params p) {
    ShoalConfig cfg = config(p);
    int n = cfg.nodes();
    int k = cfg.switchPorts();
    int half = k / 2;
    int c = cfg.channels();
    SizeEstimate e = estimate(p);
    // the common link parameters do not apply: the description leaves them out
    TopologyBuilder b = new TopologyBuilder(NAME, p.shown("link-gbps", null).shown("link-delay-ns", null).describe(),
        (int) e.nodes(), (int) e.directedLinks());
    long bps = Math.round(cfg.linkGbps() * 1e9 / c);
    long delay = Math.round(cfg.propagationNs() * 1000 / 4);
    b.defaults(bps, delay);
    b.addNodes(NodeRole.SERVER, n);
    for (int plane = 0; plane < c; plane++) {
      int leaf0 = b.addNodes(NodeRole.CIRCUIT_SWITCH, k);
      int spine0 = b.addNodes(NodeRole.CIRCUIT_SWITCH, half);
      for (int i = 0; i < n; i++) {
        b.addCable(i, leaf0 + i / half);
      }
      for (int l = 0; l < k; l++) {
        for (int s = 0; s < half; s++) {
          b.addCable(leaf0 + l, spine0 + s);
        }
      }
    }
    return b.build();
  }
}
