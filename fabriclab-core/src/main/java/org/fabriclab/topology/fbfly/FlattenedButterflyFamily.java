package org.fabriclab.topology.fbfly;

import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;
import org.fabriclab.topology.hyperx.HyperX;

/** Registry adapter of {@link FlattenedButterfly}: {@code fbfly --k K --n N --c C}. */
public final class FlattenedButterflyFamily implements TopologyFamily {
  @Override
  public String name() {
    return "fbfly";
  }

  @Override
  public String description() {
    return "k-ary n-flat flattened butterfly (Kim, Dally, Abts 2007; incast-tree paper §II): k^(n-1)"
        + " switches, c servers each";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of(
        ParamSpec.integer("k", 2, FlattenedButterfly.MAX_K, 4L, "switches per dimension (radix)"),
        ParamSpec.integer("n", 2, FlattenedButterfly.MAX_N, 3L, "k-ary n-flat: n-1 dimensions"),
        ParamSpec.integer("c", 1, HyperX.MAX_SERVERS_PER_SWITCH, 2L, "servers per switch"));
  }

  private static FlattenedButterfly of(Params p) {
    return new FlattenedButterfly(p.getInt("k"), p.getInt("n"), p.getInt("c"));
  }

  @Override
  public void validate(Params params) {
    of(params);
  }

  @Override
  public SizeEstimate estimate(Params params) {
    return FlattenedButterfly.estimate(params.getInt("k"), params.getInt("n"), params.getInt("c"));
  }

  @Override
  public Topology build(Params params) {
    FlattenedButterfly f = of(params);
    return f.build(TopologyFamilies.builder(this, params, f.estimate()));
  }
}
