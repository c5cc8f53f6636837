package org.fabriclab.topology.hyperx;

import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;

/** Registry adapter of {@link HyperX}: {@code hyperx --dims S1,..,SL --trunk K --servers-per-switch T}. */
public final class HyperXFamily implements TopologyFamily {
  @Override
  public String name() {
    return "hyperx";
  }

  @Override
  public String description() {
    return "HyperX (Ahn et al. SC'09): lattice of switches fully connected along every dimension,"
        + " K-cable trunks, T servers per switch";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of(
        ParamSpec.intList("dims", 2, HyperX.MAX_DIM, "4,4", "switches along each dimension"),
        ParamSpec.integer("trunk", 1, HyperX.MAX_TRUNK, 1L, "parallel cables per connected switch pair"),
        ParamSpec.integer(
            "servers-per-switch", 1, HyperX.MAX_SERVERS_PER_SWITCH, 1L, "servers on every switch"));
  }

  private static HyperX of(Params p) {
    return new HyperX(p.getIntList("dims"), p.getInt("trunk"), p.getInt("servers-per-switch"));
  }

  @Override
  public void validate(Params params) {
    of(params);
  }

  @Override
  public SizeEstimate estimate(Params params) {
    return HyperX.estimate(
        params.getIntList("dims"), params.getInt("trunk"), params.getInt("servers-per-switch"));
  }

  @Override
  public Topology build(Params params) {
    HyperX h = of(params);
    return h.build(TopologyFamilies.builder(this, params, h.estimate()));
  }
}
