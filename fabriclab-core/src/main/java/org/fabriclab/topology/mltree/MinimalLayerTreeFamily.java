package org.fabriclab.topology.mltree;

import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;

/** Registry adapter of {@link MinimalLayerTree}: {@code mltree --tors T --ports P --servers-per-tor s}. */
public final class MinimalLayerTreeFamily implements TopologyFamily {
  @Override
  public String name() {
    return "mltree";
  }

  @Override
  public String description() {
    return "minimal-layer multicast tree of identical P-port switches over T ToRs"
        + " (Shufflecast paper §I Fig. 1, §VI-A)";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of(
        ParamSpec.integer("tors", 1, MinimalLayerTree.MAX_TORS, 8L, "number of ToR switches"),
        ParamSpec.integer(
            "ports", 3, MinimalLayerTree.MAX_PORTS, 4L, "port count of ToRs and tree switches"),
        ParamSpec.integer(
            "servers-per-tor", 1, MinimalLayerTree.MAX_PORTS - 1, 1L,
            "servers on each ToR, at most ports-1"));
  }

  private static MinimalLayerTree of(Params p) {
    return new MinimalLayerTree(p.getInt("tors"), p.getInt("ports"), p.getInt("servers-per-tor"));
  }

  @Override
  public void validate(Params params) {
    of(params);
  }

  @Override
  public SizeEstimate estimate(Params params) {
    return MinimalLayerTree.estimate(
        params.getInt("tors"), params.getInt("ports"), params.getInt("servers-per-tor"));
  }

  @Override
  public Topology build(Params params) {
    MinimalLayerTree t = of(params);
    return t.build(TopologyFamilies.builder(this, params, t.estimate()));
  }
}
