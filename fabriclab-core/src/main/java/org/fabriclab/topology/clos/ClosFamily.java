package org.fabriclab.topology.clos;

import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;

/**
 * Registry adapter of {@link Clos}:
 * {@code clos --tiers 2|3 --ports P --oversubscription R [--agg-oversubscription R2]}.
 */
public final class ClosFamily implements TopologyFamily {
  @Override
  public String name() {
    return "clos";
  }

  @Override
  public String description() {
    return "2-tier leaf-spine or 3-tier pod Clos of identical P-port switches with oversubscription"
        + " (Flat-tree paper §2.2-2.3)";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of(
        ParamSpec.integer("tiers", 2, 3, 3L, "2 = leaf-spine, 3 = edge/aggregation/core in pods"),
        ParamSpec.integer("ports", 2, Clos.MAX_PORTS, 8L, "ports of every switch"),
        ParamSpec.real(
            "oversubscription", 1, 1024, 1.0,
            "edge (leaf) server ports : uplinks, must give whole port counts"),
        ParamSpec.real(
            "agg-oversubscription", 1, 1024, 1.0,
            "3 tiers: aggregation down : up ports, must give whole port counts"));
  }

  private static Clos of(Params p) {
    return new Clos(
        p.getInt("tiers"),
        p.getInt("ports"),
        p.getDouble("oversubscription"),
        p.getDouble("agg-oversubscription"));
  }

  @Override
  public void validate(Params params) {
    of(params);
  }

  @Override
  public SizeEstimate estimate(Params params) {
    return of(params).estimate();
  }

  @Override
  public Topology build(Params params) {
    Clos c = of(params);
    return c.build(TopologyFamilies.builder(this, params, c.estimate()));
  }
}
