package org.fabriclab.sim.collective.pattern;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * The shuffle of a MapReduce job (incast paper, seed 004 §I and §III: every reducer fetches its
 * partition from every mapper, so each reducer is the destination of an incast from all the
 * mappers): {@code M} mappers (ranks 0..M−1) each hold {@code S} of map output, one partition of
 * {@code S / R} per reducer; reducer {@code j} (rank {@code M + j}) receives its partitions as an
 * incast of the chosen scheme ({@code flat}: one unicast per mapper, {@code M·R} transfers in
 * all; an aggregation scheme merges them on the way). All reducers' incasts run at once, reducer
 * {@code j} phase {@code j}. Decision: {@code S} must divide by {@code R}. O(M·R).
 */
public final class ShufflePattern implements Pattern {
  private final int mappers;
  private final int reducers;

  public ShufflePattern(int mappers, int reducers) {
    InvalidParameterException.requireRange("mappers", mappers, 1, 1 << 16);
    InvalidParameterException.requireRange("reducers", reducers, 1, 1 << 16);
    this.mappers = mappers;
    this.reducers = reducers;
  }

  public int mappers() {
    return mappers;
  }

  public int reducers() {
    return reducers;
  }

  @Override
  public CollectiveOp op() {
    return CollectiveOp.SHUFFLE;
  }

  @Override
  public CollectiveOp partOp() {
    return CollectiveOp.INCAST;
  }

  @Override
  public int ranks() {
    return mappers + reducers;
  }

  private long partition(CollectiveSpec spec) {
    if (spec.sizeBytes() % reducers != 0) {
      throw new InvalidParameterException("sizeBytes", spec.sizeBytes(), "shuffle splits each mapper's output "
          + "into one partition per reducer: it must be a multiple of the reducers (" + reducers + ")");
    }
    return spec.sizeBytes() / reducers;
  }

  @Override
  public CollectiveSpec partSpec(CollectiveSpec spec) {
    return Pattern.part(spec, CollectiveOp.INCAST, mappers + 1, partition(spec));
  }

  @Override
  public CollectiveSchedule compose(CollectiveScheme scheme, CollectiveSpec spec) {
    CollectiveSchedule s = new CollectiveSchedule(mappers + reducers).named("shuffle " + scheme.name());
    CollectiveSchedule incast = scheme.build(partSpec(spec));
    int[] host = new int[mappers + 1];
    for (int j = 0; j < reducers; j++) {
      s.beginPhase("reducer " + j);
      host[0] = mappers + j; // the incast's root
      for (int i = 0; i < mappers; i++) {
        host[i + 1] = i;
      }
      s.append(incast, host);
    }
    return s;
  }
}
