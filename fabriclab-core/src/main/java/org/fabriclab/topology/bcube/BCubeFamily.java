package org.fabriclab.topology.bcube;

import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;

/** Registry adapter of {@link BCube}: {@code bcube --n N --k K}. */
public final class BCubeFamily implements TopologyFamily {
  @Override
  public String name() {
    return "bcube";
  }

  @Override
  public String description() {
    return "BCube(n,k), server-centric (Guo et al. 2009; incast-tree paper §II): n^(k+1) servers with k+1"
        + " ports, (k+1)n^k n-port switches";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of(
        ParamSpec.integer("n", 2, BCube.MAX_N, 4L, "switch port count (digit base)"),
        ParamSpec.integer(
            "k", 0, BCube.MAX_K, 1L,
            "highest level: servers have k+1 ports (size limit 2^30 nodes and links)"));
  }

  @Override
  public void validate(Params params) {
    new BCube(params.getInt("n"), params.getInt("k"));
  }

  @Override
  public SizeEstimate estimate(Params params) {
    return BCube.estimate(params.getInt("n"), params.getInt("k"));
  }

  @Override
  public Topology build(Params params) {
    BCube c = new BCube(params.getInt("n"), params.getInt("k"));
    return c.build(TopologyFamilies.builder(this, params, c.estimate()));
  }
}
