package org.fabriclab.sim.collective.pattern;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * Concurrent multicast groups (Shufflecast, seed 000 §III-A4 Lemma 3 and §VI-B(b) Fig. 6(d): up
 * to 16 concurrent 1:15 groups; Gleam, seed 002 §5.1: groups of a job's ranks): {@code G} disjoint
 * groups of {@code K} ranks, group {@code g} the ranks {@code g·K .. g·K + K − 1} with its first
 * rank the source, each broadcasting {@code S} to its other {@code K − 1} members at the same
 * time, by the chosen scheme. Where the groups' ranks sit is the placement's ({@code contiguous}
 * puts a group under as few ToRs as it fills; {@code spread} deals each group over the fabric), so
 * the same groups meet different shared links on different fabrics. The JCT is the last group's
 * end; each rank's end gives every group's. Decision: disjoint, equal groups starting together
 * (the figure's setting; the paper's overlapping groups need one rank in several groups, which
 * one schedule rank cannot be). O(G × the scheme's nodes for K ranks).
 */
public final class MulticastGroupsPattern implements Pattern {
  private final int groups;
  private final int groupSize;

  /** {@code groups} ≥ 1 groups of {@code groupSize} ≥ 2 ranks each. */
  public MulticastGroupsPattern(int groups, int groupSize) {
    InvalidParameterException.requireRange("groups", groups, 1, 1 << 20);
    InvalidParameterException.requireRange("group size", groupSize, 2, 1 << 20);
    if ((long) groups * groupSize > 1 << 24) {
      throw new InvalidParameterException("groups", groups + " groups of " + groupSize
          + " ranks: at most 16,777,216 ranks in all");
    }
    this.groups = groups;
    this.groupSize = groupSize;
  }

  /** The groups. */
  public int groups() {
    return groups;
  }

  /** Ranks per group, its source included. */
  public int groupSize() {
    return groupSize;
  }

  @Override
  public CollectiveOp op() {
    return CollectiveOp.MULTICAST;
  }

  @Override
  public CollectiveOp partOp() {
    return CollectiveOp.BROADCAST;
  }

  @Override
  public int ranks() {
    return groups * groupSize;
  }

  @Override
  public CollectiveSpec partSpec(CollectiveSpec spec) {
    return Pattern.part(spec, CollectiveOp.BROADCAST, groupSize, spec.sizeBytes());
  }

  @Override
  public CollectiveSchedule compose(CollectiveScheme scheme, CollectiveSpec spec) {
    CollectiveSchedule s = new CollectiveSchedule(ranks()).named("multicast " + scheme.name());
    CollectiveSchedule one = scheme.build(partSpec(spec));
    int[] map = new int[groupSize];
    for (int g = 0; g < groups; g++) {
      s.beginPhase("group " + g);
      for (int i = 0; i < groupSize; i++) {
        map[i] = g * groupSize + i;
      }
      s.append(one, map);
    }
    return s;
  }
}
