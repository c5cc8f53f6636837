package org.fabriclab.sim.collective.pattern;

import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * An application's communication as a composition of collectives: each part is the schedule a
 * scheme builds for one group (a row's broadcast, a reducer's incast), appended over the group's
 * ranks ({@link CollectiveSchedule#append}) after what it waits for. The scheme is the user's
 * choice, so one pattern compares host algorithms and in-network schemes on the same job.
 */
public interface Pattern {
  /** The pattern's operation ({@link CollectiveOp#pattern()}). */
  CollectiveOp op();

  /** The operation its parts run, whose schemes it composes. */
  CollectiveOp partOp();

  /** The ranks of the whole pattern. */
  int ranks();

  /** One part's spec for a pattern of {@code spec}: its op, ranks and size (used to check a scheme). */
  CollectiveSpec partSpec(CollectiveSpec spec);

  /** The whole schedule, every part built by {@code scheme}. */
  CollectiveSchedule compose(CollectiveScheme scheme, CollectiveSpec spec);

  /** The pattern over {@code scheme}, as a scheme of {@link #op()}. */
  default CollectiveScheme over(CollectiveScheme scheme) {
    return new PatternScheme(this, scheme);
  }

  /** {@code spec}'s settings (segments, reduction rate, α) for a part of {@code op} over {@code ranks}. */
  static CollectiveSpec part(CollectiveSpec spec, CollectiveOp op, int ranks, long bytes) {
    return new CollectiveSpec(op, ranks, bytes, 0, spec.segmentBytes(), spec.reduceBytesPerS(), spec.alpha());
  }

  /** The nodes of {@code s} no other node waits for. */
  static int[] sinks(CollectiveSchedule s) {
    boolean[] waitedFor = new boolean[s.size()];
    for (int v = 0; v < s.size(); v++) {
      for (int i = 0; i < s.dependencyCount(v); i++) {
        waitedFor[s.dependency(v, i)] = true;
      }
    }
    int c = 0;
    for (boolean w : waitedFor) {
      c += w ? 0 : 1;
    }
    int[] out = new int[c];
    for (int v = 0, k = 0; v < s.size(); v++) {
      if (!waitedFor[v]) {
        out[k++] = v;
      }
    }
    return out;
  }
}
