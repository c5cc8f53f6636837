package org.fabriclab.shufflecast;

import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;

/**
 * Registry adapter of {@link ShufflecastTopology}:
 * {@code shufflecast --p P --k K [--tors T] [--servers-per-tor s]}. {@code --tors 0} (default)
 * means the full {@code k·p^k} instance.
 */
public final class ShufflecastFamily implements TopologyFamily {
  @Override
  public String name() {
    return "shufflecast";
  }

  @Override
  public String description() {
    return "p,k-Shufflecast optical-splitter multicast fabric, k·p^k ToRs with 1:p splitters"
        + " (seed 000 §III-A1)";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of(
        ParamSpec.integer("p", 2, 256, 2L, "splitter fan-out (ToRs per splitter)"),
        ParamSpec.integer("k", 1, 16, 2L, "columns; the instance has k·p^k ToRs (at most 65536)"),
        ParamSpec.integer(
            "tors", 0, ShufflecastTopology.MAX_TORS, 0L,
            "physical ToRs T <= k·p^k (0: all); extra logical nodes are hosted by ToRs 0..N-T-1"),
        ParamSpec.integer("servers-per-tor", 0, 65_536, 1L, "servers on each physical ToR"));
  }

  private static ShufflecastTopology of(Params p) {
    int t = p.getInt("tors");
    return new ShufflecastTopology(p.getInt("p"), p.getInt("k"), t == 0 ? -1 : t);
  }

  @Override
  public void validate(Params params) {
    of(params);
  }

  @Override
  public SizeEstimate estimate(Params params) {
    int t = params.getInt("tors");
    long n = ShufflecastTopology.tors(params.getInt("p"), params.getInt("k"));
    if (n > ShufflecastTopology.MAX_TORS) {
      return new SizeEstimate(n, n);
    }
    return ShufflecastTopology.estimate(
        params.getInt("p"), params.getInt("k"), t == 0 ? -1 : t, params.getInt("servers-per-tor"));
  }

  @Override
  public Topology build(Params params) {
    ShufflecastTopology s = of(params);
    int spt = params.getInt("servers-per-tor");
    return s.build(
        TopologyFamilies.builder(this, params, estimate(params)), spt);
  }
}
