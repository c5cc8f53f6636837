package org.fabriclab.shoal.dataplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.shoal.ShoalConfig;
import org.fabriclab.shoal.ShoalFlows;
import org.fabriclab.shoal.ShoalRack;
import org.fabriclab.shoal.ShoalSimulator;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveResult;
import org.fabriclab.sim.collective.CollectiveRun;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveSchemes;
import org.fabriclab.sim.collective.CollectiveSpec;
import org.fabriclab.sim.collective.Placement;
import org.fabriclab.sim.collective.host.PairwiseExchange;
import org.fabriclab.topology.TopologyFamilies;
import org.junit.jupiter.api.Test;

/**
 * The {@code shoal} scheme on {@code --topo shoal --nodes 8} (seed 003 §3.2 Fig. 2's 8-node rack
 * with §7.1's defaults: 4 channels, 23.25 ns slots, 64 B cells with the 8 B header of Fig. 5, so 56
 * payload bytes a cell) against hand-derived closed forms.
 *
 * <p>Schedule (§3.2, §3.4): E = ⌈7/4⌉ = 2 slots per epoch; node i sends to i + 1, i + 3, i + 5, i + 7
 * in epoch slot 0 (channels 0..3) and to i + 2, i + 4, i + 6 in slot 1. The answer j → i (shift 8 −
 * s) plays in the same epoch slot as i → j, so the rate-limit feedback (§3.3.2, Eq. 1–2) of a cell
 * sent in slot u is back in slot u + 3 and each of a lone flow's 7 subflows carries one cell per 2
 * epochs: cells 7e..7e+3 leave in slot 4e (via i+1, i+3, i+5, i+7), 7e+4..7e+6 in slot 4e + 1 (via
 * i+2, i+4, i+6). A cell reaches its next node for the following slot, which forwards it in its first
 * slot to the destination from then on (§3.3.1); the flow ends at the end of the slot that carries
 * its last cell home (no propagation).
 */
class ShoalSchemeTest {
  static final long SLOT = 23_250;
  static final long MIB = 1 << 20;
  /** 1 MiB = 18725 cells (the last one 32 B): 18724 = 7·2674 + 6. */
  static final int CELLS = 18725;

  static Topology rack8() {
    return TopologyFamilies.load().build("shoal", Map.of("nodes", "8"));
  }

  @Test
  void theFamilyBuildsTheRackOfSection7() {
    Topology t = rack8();
    ShoalConfig c = ShoalRack.of(t);
    assertThat(c).isEqualTo(new ShoalConfig(8, 4, 4, 100, 23.25, 2.75, 64, 0, false, true, true, true));
    // 8 servers + 4 planes × (4 leaves + 2 spines); 4 × (8 node links + 4·2 leaf-spine) cables
    assertThat(t.serverCount()).isEqualTo(8);
    assertThat(t.nodeCount()).isEqualTo(8 + 24);
    assertThat(t.linkCount()).isEqualTo(2 * 4 * (8 + 8));
    assertThat(t.capacityBps(0)).isEqualTo(25_000_000_000L);
  }

  @Test
  void aLoneTransferToTheOppositeNodeTakesTwoEpochsPerSevenCells() {
    // 0 → 4: the direct cells are 7e+5 (slot 4e+1); cells of slot 4e go via odd nodes, whose slot
    // to 4 is epoch slot 0: home at 4e+3; cells via 2 and 6 (slot 4e+1) go on in epoch slot 1:
    // home at 4e+4. The last cell is 7·2674 + 6 (via 6): JCT = 4·2674 + 4 = 10700 slots.
    CollectiveSchedule s = new CollectiveSchedule(5);
    s.transfer(0, 4, MIB);
    CollectiveResult r = new ShoalCollective().run(rack8(), s, new int[] {0, 1, 2, 3, 4}, 0, 1, Progress.NONE);
    assertThat(r.jctPs()).isEqualTo(10_700 * SLOT);
    assertThat(r.rankEndPs()).containsExactly(10_700 * SLOT, 0, 0, 0, 10_700 * SLOT);
    // 2675 direct cells (seq 5, 12, ..., 18723), all full; every other cell crosses two virtual
    // links of 4 physical links each
    long direct = 2675;
    assertThat(r.wireBytes()).isEqualTo(4 * (2 * MIB - direct * 56));
    assertThat(r.linkBytes()).isEqualTo(4 * 64 * (2L * CELLS - direct));
    assertThat(r.rootUplinkBytes()).isEqualTo(64L * CELLS);
    // directed links under the 13 virtual links (node i on leaf i/2; a cell to j crosses spine
    // j mod 2 of its channel's plane; 0 → s uses channel (s−1)/2): node 0's 7 virtual links use its
    // 4 uplinks and 7 leaf uplinks, spine downlinks and leaf downlinks each (25). The second hops
    // j → 4 (channels: 1 → c1, 2 and 3 → c0, 5 → c3, 6 and 7 → c2) add 6 node uplinks, the leaf
    // uplinks to spine 0 of (c0, leaf 1), (c3, leaf 2), (c2, leaf 3) — (c1, leaf 0)'s is 0 → 4's —
    // and spine 0 → leaf 2 → node 4 of planes c0, c2, c3 (c1's are 0 → 4's): 25 + 6 + 3 + 3 + 3
    assertThat(r.linksUsed()).isEqualTo(40);
    // one cell per subflow per hop (Eq. 3 with one flow): no queue holds more than one cell
    assertThat(r.maxQueueBytes()).isEqualTo(64);
    assertThat(r.drops()).isZero();
    assertThat(r.retransmissions()).isZero();
  }

  @Test
  void withAppendixASchedulesEverySubflowCarriesOneCellPerEpoch() {
    // one channel, the propagation-aware schedule of Appendix A (even N: shift 4 split in two half
    // columns, E = 8 slots, node 0 idles in slot 7): node 0 sends to 1, 2, 3, 4, 7, 6, 5 in slots
    // 0..6 and j answers exactly 4 slots later, so the feedback (slot u + 5) is back before 0's
    // next slot to j (u + 8): cell 7e + p leaves in slot 8e + p. Second hops to 4 (slots of j → 4:
    // 1 → slot 2, 2 → 1, 3 → 0, 7 → 6, 6 → 5, 5 → 4) bring the cells of epoch e home at 8e + 3,
    // 10, 9, 4 (direct), 7, 14, 13. The last epoch (2674) is full: JCT = 8·2674 + 14 slots.
    Topology t = TopologyFamilies.load().build("shoal",
        Map.of("nodes", "8", "channels", "1", "propagation-aware", "yes"));
    CollectiveSchedule s = new CollectiveSchedule(5);
    s.transfer(0, 4, MIB);
    CollectiveResult r = new ShoalCollective().run(t, s, new int[] {0, 1, 2, 3, 4}, 0, 1, Progress.NONE);
    assertThat(r.jctPs()).isEqualTo((8L * 2674 + 14) * SLOT);
    assertThat(r.wireBytes()).isEqualTo(4 * (2 * MIB - 2675L * 56)); // direct: cells 7e + 3
  }

  @Test
  void aTwoRankBroadcastRunsThroughTheCollectiveRunOnTheSlotEngine() {
    // flat broadcast of 2 ranks: one transfer 0 → 1. Direct cells 7e (slot 4e, channel 0); cells
    // via 3, 5, 7 (slot 4e) go on in epoch slot 1: home at 4e+2; via 2, 4, 6 (slot 4e+1) in epoch
    // slot 0: home at 4e+3. Last cell 7·2674 + 6: JCT = 4·2674 + 3 slots.
    CollectiveRun run = CollectiveRun.defaults(rack8(), "slot", Placement.CONTIGUOUS, 1);
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.BROADCAST, 2, MIB);
    CollectiveResult r = run.run(CollectiveSchemes.load().get("shoal", CollectiveOp.BROADCAST), spec, Progress.NONE);
    assertThat(r.jctPs()).isEqualTo(10_699 * SLOT);
    assertThat(r.wireBytes()).isEqualTo(4 * (2 * MIB - 2675 * 56));
    assertThat(r.nodeEndPs()).containsExactly(10_699 * SLOT);
  }

  @Test
  void pairwiseAllToAllIsTheSumOfItsPermutationSteps() {
    // rank r on node r, 8 ranks: step s sends i → i + s for every i, and each rank starts step s + 1
    // when its send and receive of step s have ended. The cyclic schedule is the same for every
    // node up to rotation (§3.2), so every flow of a step ends in the same slot, and the JCT is
    // the end of the last of 7 permutations, each started when the one before ended. Oracle: each
    // permutation alone on the rack (static flows, the simulator's own start times) from the end
    // of the one before.
    ShoalConfig cfg = ShoalRack.of(rack8());
    long block = 7 * 1024;
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.ALLTOALL, 8, 8 * block);
    CollectiveSchedule s = new PairwiseExchange().build(spec);
    CollectiveResult r = ShoalCollective.run(cfg, s, new int[] {0, 1, 2, 3, 4, 5, 6, 7}, 0, Progress.NONE);
    long t = 0;
    for (int shift = 1; shift < 8; shift++) {
      int[] src = new int[8];
      int[] dst = new int[8];
      long[] bytes = new long[8];
      long[] start = new long[8];
      for (int i = 0; i < 8; i++) {
        src[i] = i;
        dst[i] = (i + shift) % 8;
        bytes[i] = block;
        start[i] = t;
      }
      ShoalFlows fl = new ShoalFlows(src, dst, bytes, start);
      new ShoalSimulator(cfg, fl, new boolean[8], null).run(Integer.MAX_VALUE, Long.MAX_VALUE);
      for (int i = 1; i < 8; i++) {
        assertThat(fl.endPs(i)).isEqualTo(fl.endPs(0));
      }
      t = fl.endPs(0);
    }
    assertThat(r.jctPs()).isEqualTo(t);
    assertThat(r.rankEndPs()).containsOnly(t);
    // every byte crosses 4 or 8 links
    assertThat(r.wireBytes()).isBetween(4L * 56 * block, 8L * 56 * block);
  }

  @Test
  void directAllToAllEndsAtOnceForEveryRank() {
    // the registered scheme's all-to-all: 56 transfers posted at once, rotation-symmetric
    CollectiveRun run = CollectiveRun.defaults(rack8(), "slot", Placement.CONTIGUOUS, 1);
    CollectiveSpec spec = CollectiveSpec.of(CollectiveOp.ALLTOALL, 8, 8 * 7 * 1024);
    CollectiveResult r = run.run(new ShoalScheme(), spec, Progress.NONE);
    assertThat(r.rankEndPs()).containsOnly(r.jctPs());
  }

  @Test
  void refusesOtherFabricsAndInNetworkNodes() {
    Topology ft = TopologyFamilies.load().build("fattree", Map.of("k", "4"));
    assertThat(new ShoalScheme().unsupported(ft, null)).contains("Shoal rack").contains("--topo shoal");
    assertThat(new ShoalScheme().unsupported(rack8(), null)).isNull();
    CollectiveRun onFatTree = CollectiveRun.defaults(ft, "slot", Placement.CONTIGUOUS, 1);
    assertThatThrownBy(() -> onFatTree.run(new ShoalScheme(), CollectiveSpec.of(CollectiveOp.BROADCAST, 2, 64),
        Progress.NONE)).isInstanceOf(InvalidParameterException.class).hasMessageContaining("cannot run on fattree");
    CollectiveRun flow = CollectiveRun.defaults(rack8(), "flow", Placement.CONTIGUOUS, 1);
    assertThatThrownBy(() -> flow.run(new ShoalScheme(), CollectiveSpec.of(CollectiveOp.BROADCAST, 2, 64),
        Progress.NONE)).isInstanceOf(InvalidParameterException.class).hasMessageContaining("slot engine only");
    CollectiveSchedule mc = new CollectiveSchedule(3);
    mc.multicast(0, new int[] {1, 2}, 100);
    assertThatThrownBy(() -> new ShoalCollective().run(rack8(), mc, new int[] {0, 1, 2}, 0, 1, Progress.NONE))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("multicast");
  }
}
