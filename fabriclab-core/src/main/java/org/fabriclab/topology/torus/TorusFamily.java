package org.fabriclab.topology.torus;

import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;

/** Registry adapter of {@link Torus}: {@code torus --dims 8,8,8 --servers-per-node 0}. */
public final class TorusFamily implements TopologyFamily {
  @Override
  public String name() {
    return "torus";
  }

  @Override
  public String description() {
    return "torus (3D by default; Shoal paper §7.3 baseline): nodes are servers, or switches"
        + " with servers";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of(
        ParamSpec.intList("dims", 2, Torus.MAX_DIM, "8,8,8", "ring size of each dimension"),
        ParamSpec.integer(
            "servers-per-node", 0, Torus.MAX_SERVERS_PER_NODE, 0L,
            "0 = torus nodes are servers (direct-connect), else servers per switch node"));
  }

  private static Torus of(Params p) {
    return new Torus(p.getIntList("dims"), p.getInt("servers-per-node"));
  }

  @Override
  public void validate(Params params) {
    of(params);
  }

  @Override
  public SizeEstimate estimate(Params params) {
    return Torus.estimate(params.getIntList("dims"), params.getInt("servers-per-node"));
  }

  @Override
  public Topology build(Params params) {
    Torus t = of(params);
    // direct-connect (servers-per-node 0): the nodes are the servers, no per-switch count exists
    Params shown = params.getInt("servers-per-node") == 0 ? params.shown("servers-per-node", null) : params;
    return t.build(TopologyFamilies.builder(this, shown, t.estimate()));
  }
}
