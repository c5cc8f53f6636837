package org.fabriclab.incast;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Seed 004 §V-C: the builders at switch level on FBFLY / HyperX. */
class HyperXIncastTest {
  @Test
  void fbflyWithOneServerPerSwitchMirrorsTheWorkedExample() {
    // 4-ary 3-flat, c = 1: the 4x4 switch lattice is BCube(4,1)'s server graph; senders on
    // switches {2,5,9,10,11,14}, receiver on switch 0. Intra-stage tree: 7 switch edges, so cost
    // = 6 sender cables + 7 switch links + 1 to the receiver = 14 (each carrying one unit).
    HyperXIncast f = HyperXIncast.flattenedButterfly(4, 3, 1);
    int[] s = {2, 5, 9, 10, 11, 14};
    HyperXIncast.Result r = f.build(0, s, IncastMethod.ARS_INTRA, 1, 0);
    assertThat(r.cost()).isEqualTo(6 + 7 + 1);
    assertThat(r.links()).isEqualTo(6 + 7 + 1);
    // existing: each flow crosses 2 server cables + its switch hops: 6·2 + (1 + 5·2) = 23
    assertThat(f.build(0, s, IncastMethod.EXISTING, 1, 0).cost()).isEqualTo(23);
  }

  @Test
  void sendersSharingAnAgentAggregateThere() {
    // 4-ary 3-flat with c = 2 (32 servers, 16 switches, the paper's §II example): servers 10 and
    // 11 hang off switch 5, receiver 0 off switch 0; switch 5 = (1,1) is 2 switch hops away
    HyperXIncast f = HyperXIncast.flattenedButterfly(4, 3, 2);
    assertThat(f.serverCount()).isEqualTo(32);
    HyperXIncast.Result r = f.build(0, new int[] {10, 11}, IncastMethod.ARS, 1, 0);
    assertThat(r.cost()).isEqualTo(2 + 2 + 1);
    assertThat(r.aggregatingSwitches()).containsExactly(5);
    HyperXIncast.Result ex = f.build(0, new int[] {10, 11}, IncastMethod.EXISTING, 1, 0);
    assertThat(ex.cost()).isEqualTo(2 * (2 + 2));
    // a sender on the receiver's own switch: sender -> switch -> receiver
    assertThat(f.build(0, new int[] {1}, IncastMethod.ARS, 1, 0).cost()).isEqualTo(2);
  }

  @Test
  void exactNeverCostlierAndMixedRadixLabelsAreRealSwitches() {
    HyperXIncast h = new HyperXIncast(new int[] {3, 4}, 2);
    SplittableRandom rnd = new SplittableRandom(2);
    for (int round = 0; round < 100; round++) {
      int r = rnd.nextInt(h.serverCount());
      int[] s = IncastTransfer.randomOthers(h.serverCount(), 1 + rnd.nextInt(6), r, rnd);
      double exact = h.build(r, s, IncastMethod.EXACT, 1, 0).cost();
      for (IncastMethod m : new IncastMethod[] {IncastMethod.ARS, IncastMethod.ARS_INTRA, IncastMethod.UNICAST,
          IncastMethod.EXISTING, IncastMethod.BEST_RS}) {
        HyperXIncast.Result x = h.build(r, s, m, round, 0);
        assertThat(x.cost()).isGreaterThanOrEqualTo(exact);
        if (x.switchTree() != null) {
          for (int lab : x.switchTree().nodes()) {
            assertThat(x.switchTree().labels().digit(lab, 0)).isLessThan(3);
          }
        }
      }
    }
  }
}
