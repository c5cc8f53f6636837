package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.IpMulticast;
import org.fabriclab.sim.collective.pattern.HplPattern;
import org.junit.jupiter.api.Test;

/**
 * The §5.3 HPL workload with Gleam is the collective model's HPL pattern over one multicast per
 * row and per column, node for node: the same multicasts in the same order, the same join between
 * the panel broadcast and the row swap.
 */
class HplWorkloadPatternTest {
  @Test
  void gleamsHplIsThePatternOverMulticast() {
    for (int n : new int[] {2, 3, 8}) {
      long m = 1 << 20;
      CollectiveSchedule w = new HplWorkload(n, "gleam", m).schedule();
      CollectiveSchedule p = new HplPattern(n, n).over(new IpMulticast())
          .build(CollectiveSpec.of(CollectiveOp.HPL, n * n, m));
      assertThat(text(w)).as("%dx%d", n, n).isEqualTo(text(p));
      // N multicasts of each phase, one join
      assertThat(w.size()).isEqualTo(2 * n + 1);
    }
  }

  private static String text(CollectiveSchedule s) {
    StringBuilder sb = new StringBuilder();
    for (int t = 0; t < s.size(); t++) {
      sb.append(s.kind(t)).append(' ').append(s.rank(t)).append("->")
          .append(java.util.Arrays.toString(s.receivers(t))).append(' ').append(s.bytes(t)).append(" phase ")
          .append(s.phaseLabel(s.phase(t))).append(" after");
      for (int i = 0; i < s.dependencyCount(t); i++) {
        sb.append(' ').append(s.dependency(t, i));
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
