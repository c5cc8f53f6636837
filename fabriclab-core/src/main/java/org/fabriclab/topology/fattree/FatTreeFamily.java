package org.fabriclab.topology.fattree;

import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;

/** Registry adapter of {@link FatTree}: {@code fattree --k K}. */
public final class FatTreeFamily implements TopologyFamily {
  @Override
  public String name() {
    return "fattree";
  }

  @Override
  public String description() {
    return "k-ary fat-tree (Al-Fares et al. 2008; Flat-tree paper §3.1): k^3/4 servers, 5k^2/4 k-port switches";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of(
        ParamSpec.integer("k", 2, FatTree.MAX_K, 4L, "switch port count (even): k pods, k^3/4 servers"));
  }

  @Override
  public void validate(Params params) {
    new FatTree(params.getInt("k"));
  }

  @Override
  public SizeEstimate estimate(Params params) {
    return new FatTree(params.getInt("k")).estimate();
  }

  @Override
  public Topology build(Params params) {
    FatTree t = new FatTree(params.getInt("k"));
    return t.build(TopologyFamilies.builder(this, params, t.estimate()));
  }
}
