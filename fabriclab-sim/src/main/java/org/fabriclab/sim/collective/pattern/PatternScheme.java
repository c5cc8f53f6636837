package org.fabriclab.sim.collective.pattern;

import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.FlowTrees;
import org.fabriclab.sim.collective.GroupBinding;

/**
 * A {@link Pattern} over one scheme, itself a scheme of the pattern's operation: named after the
 * scheme it composes, on the engines and fabrics that scheme runs on (by its executor, where it
 * brings one), its multicasts and aggregations carried as that scheme carries them.
 */
final class PatternScheme implements CollectiveScheme {
  private final Pattern pattern;
  private final CollectiveScheme part;

  PatternScheme(Pattern pattern, CollectiveScheme part) {
    if (!part.ops().contains(pattern.partOp())) {
      throw new InvalidParameterException("scheme", "scheme '" + part.name() + "' does not implement "
          + pattern.partOp().cliName() + ", which " + pattern.op().cliName() + " is made of");
    }
    this.pattern = pattern;
    this.part = part;
  }

  @Override
  public String name() {
    return part.name();
  }

  @Override
  public String description() {
    return pattern.op().cliName() + " of " + pattern.partOp().cliName() + "s by " + part.name() + ": "
        + part.description();
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(pattern.op());
  }

  @Override
  public Set<String> engines() {
    return part.engines();
  }

  @Override
  public String unsupported(Topology topo, CollectiveSpec spec) {
    return part.unsupported(topo, spec == null ? null : pattern.partSpec(spec));
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    if (spec.op() != pattern.op() || spec.ranks() != pattern.ranks()) {
      throw new InvalidParameterException("ranks", spec.ranks(), pattern.op().cliName() + " here has "
          + pattern.ranks() + " ranks");
    }
    return pattern.compose(part, spec);
  }

  @Override
  public GroupBinding packetBinding() {
    return part.packetBinding();
  }

  @Override
  public FlowTrees flowTrees() {
    return part.flowTrees();
  }

  /** The part scheme's own engine (the Shoal rack's slot engine runs the whole pattern's transfers). */
  @Override
  public Executor executor(String engine) {
    return part.executor(engine);
  }
}
