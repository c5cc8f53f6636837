package org.fabriclab.flattree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/** The parallel batch returns each job's own result in its slot, whatever the thread count. */
class SolveBatchTest {
  @Test
  void slotsHoldTheirJobsResultsWithTwoThreads() {
    Topology t = new FatTree(4).build(); // servers 0..15, 2 per edge switch, 4 per Pod
    SolveBatch b = new SolveBatch();
    int[] slots = new int[4];
    for (int j = 0; j < 4; j++) {
      int receivers = j + 1; // server 0 sends one unit to each of servers 4..4+receivers-1 (Pod 1)
      slots[j] = b.add(j, () -> {
        DemandMatrix.Builder d = DemandMatrix.builder();
        for (int r = 0; r < receivers; r++) {
          d.add(0, 4 + r, 1);
        }
        return ThroughputExperiments.solve(t, d.build());
      });
    }
    b.run(2, "test", org.fabriclab.progress.Progress.NONE);
    // server 0's edge switch has k/2 = 2 uplinks: λ = 2 / receivers, capped by the receivers'
    // edge switches (2 uplinks each, 2 servers each): receivers 1, 2 -> 2, 1; 3, 4 -> 2/3, 1/2
    double[] expected = {2, 1, 2.0 / 3, 0.5};
    for (int j = 0; j < 4; j++) {
      assertThat(b.result(slots[j]).lambda()).as("job %d", j).isCloseTo(expected[j], within(1e-9));
      assertThat(b.result(slots[j]).flow()).isEmpty();
    }
  }

  /**
   * With insertion order and one thread the jobs run in the order added (not longest first), and
   * the listener sees each job's own result in its slot as soon as it is solved (the streamed
   * results of PaperScalePoints).
   */
  @Test
  void insertionOrderAndListenerSeeEveryJobInTurn() {
    Topology t = new FatTree(4).build();
    SolveBatch b = new SolveBatch();
    b.insertionOrder();
    java.util.List<Integer> seen = new java.util.ArrayList<>();
    java.util.Map<Integer, Double> lambdas = new java.util.HashMap<>();
    b.listener((slot, r, cpu) -> {
      seen.add(slot);
      lambdas.put(slot, r.lambda());
      assertThat(cpu).isGreaterThanOrEqualTo(0);
    });
    for (int j = 0; j < 3; j++) {
      int receivers = j + 1;
      b.add(j, () -> { // cost rises with j: longest first would run job 2 first
        DemandMatrix.Builder d = DemandMatrix.builder();
        for (int r = 0; r < receivers; r++) {
          d.add(0, 4 + r, 1);
        }
        return ThroughputExperiments.solve(t, d.build());
      });
    }
    b.run(1, "test", org.fabriclab.progress.Progress.NONE);
    assertThat(seen).containsExactly(0, 1, 2);
    // as above: 2 uplinks of server 0's edge switch over 1, 2, 3 receivers, capped by theirs
    assertThat(lambdas.get(0)).isCloseTo(2, within(1e-9));
    assertThat(lambdas.get(1)).isCloseTo(1, within(1e-9));
    assertThat(lambdas.get(2)).isCloseTo(2.0 / 3, within(1e-9));
  }
}
