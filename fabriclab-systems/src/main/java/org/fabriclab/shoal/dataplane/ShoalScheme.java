package org.fabriclab.shoal.dataplane;

import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.graph.Topology;
import org.fabriclab.shoal.ShoalRack;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * {@code shoal}: a collective's transfers as cell flows on the Shoal rack (seed 003, Shoal, §3 and
 * §7): fixed-size cells on a static round-robin schedule of circuit switches, spread over every
 * node and detoured at most once (Valiant routing, §3.3.1), paced by one-hop backpressure
 * (§3.3.2–3.3.3), on the slot engine ({@link ShoalCollective}).
 *
 * <p>Decision — which schedule: the direct one of each operation ({@link DirectSchedules}: every
 * rank sends each peer its share at once; flat fan-out and fan-in, direct all-to-all, a direct
 * reduce-scatter and allreduce). The rack fabric offers an equal-rate virtual link between every
 * pair of nodes and already spreads each pair's cells over all nodes (§3.3.2 "High
 * Multi-pathing"), so a ring or tree only adds rounds, each paying at least an epoch (§3.4). Any
 * other host scheme's schedule runs on the same fabric through {@link #ShoalScheme(CollectiveScheme)}
 * (its transfers and steps; it must use no multicast or aggregation).
 *
 * <p>Fabric: a Shoal rack only, as {@code --topo shoal} builds it ({@link ShoalRack}: nodes, channels,
 * slot, guard, cell size and schedule come from it; defaults §7.1: 100 Gb/s = 4 × 25 Gb/s, 64 B
 * cells with the 8 B header, 23.25 ns slots with 2.75 ns guard). Engine: {@code slot} only.
 */
public final class ShoalScheme implements CollectiveScheme {
  /** The engine the scheme runs on. */
  public static final String ENGINE = "slot";

  private final CollectiveScheme schedule;

  /** The registered scheme: the direct schedule of every operation. */
  public ShoalScheme() {
    this.schedule = null;
  }

  /** The schedule of {@code hostScheme} (its transfers and steps) on the Shoal rack. */
  public ShoalScheme(CollectiveScheme hostScheme) {
    this.schedule = hostScheme;
  }

  @Override
  public String name() {
    return schedule == null ? "shoal" : "shoal-" + schedule.name();
  }

  @Override
  public String description() {
    return "Shoal rack: " + (schedule == null ? "direct transfers" : schedule.name() + "'s transfers")
        + " as 64 B cells on circuit switches, detoured once, one-hop backpressure, slot engine, --topo shoal only"
        + " (Shoal paper §3)";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return schedule == null ? EnumSet.allOf(CollectiveOp.class) : schedule.ops();
  }

  @Override
  public Set<String> engines() {
    return Set.of(ENGINE);
  }

  @Override
  public String unsupported(Topology topo, CollectiveSpec spec) {
    return ShoalRack.why(topo);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    return schedule == null ? DirectSchedules.of(spec) : schedule.build(spec);
  }

  @Override
  public Executor executor(String engine) {
    return engine.equals(ENGINE) ? new ShoalCollective() : null;
  }
}
