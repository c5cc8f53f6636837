package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.GroupResult;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.MembershipChange;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Result;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Scenario;
import org.junit.jupiter.api.Test;

/**
 * Joins, leaves and a relay failure during a reliable transfer on the §V testbed (seed
 * 000_9b2589b0d55d7b52.txt §III-B application-directed membership, §III-C1 Algorithm 2,
 * §IV-C(b) NORM above the fabric). Expected values by counting: a member that never loses a packet
 * receives every repair as a duplicate; the relay set of source ToR 0 is Fig. 3's {0,1,4,5}; the
 * mirror of failed relay 4 = (column 1, row 00) is (1, 10) = ToR 6 (Algorithm 2, y = r₁ + 1).
 */
class NormScenarioTest {
  static final long SIZE = 8_000_000;

  static Result run(int[] members, Scenario sc) {
    return NormMulticastTest.norm().run(new int[] {0}, new int[][] {members}, SIZE, 0, sc);
  }

  static int index(GroupResult g, int server) {
    for (int j = 0; j < g.members().length; j++) {
      if (g.members()[j] == server) {
        return j;
      }
    }
    throw new AssertionError("server " + server + " is not listed");
  }

  @Test
  void aMemberJoiningMidTransferGetsTheWholeObjectOnceThroughRepairs() {
    int[] initial = {1, 2, 3, 4, 5, 6, 7};
    Scenario sc = new Scenario(List.of(new MembershipChange(0, 9, true, 2_000_000)), -1, 0,
        1_000_000, -1, 0);
    Result r = run(initial, sc);
    GroupResult g = r.groups().get(0);
    assertThat(g.members()).containsExactly(1, 2, 3, 4, 5, 6, 7, 9);
    assertThat(r.droppedPackets()).isZero();
    // the joiner's rule is in place 0.6 ms after it joins at 2 ms: everything sent before is
    // repaired for it, and the original members see each repair as a duplicate
    assertThat(g.repairs()).isPositive();
    for (int j = 0; j < g.members().length; j++) {
      assertThat(g.memberBytes()[j]).isEqualTo(SIZE);
      if (g.members()[j] != 9) {
        assertThat(g.memberDuplicates()[j]).isEqualTo(g.repairs());
        assertThat(g.memberArrivals()[j]).isEqualTo(g.transmissions());
      }
    }
    assertThat(g.memberDuplicates()[index(g, 9)]).isZero();
    assertThat(g.memberArrivals()[index(g, 9)]).isLessThan(g.transmissions());
    assertThat(r.acct().balanced()).isTrue();
  }

  @Test
  void aMemberLeavingMidTransferStopsAndTheOthersFinish() {
    int[] initial = {1, 2, 3, 4, 5, 6, 7};
    Scenario sc = new Scenario(List.of(new MembershipChange(0, 3, false, 2_000_000)), -1, 0,
        1_000_000, -1, 0);
    Result r = run(initial, sc);
    GroupResult g = r.groups().get(0);
    long leaver = g.memberBytes()[index(g, 3)];
    assertThat(leaver).isPositive().isLessThan(SIZE);
    for (int server : new int[] {1, 2, 4, 5, 6, 7}) {
      assertThat(g.memberBytes()[index(g, server)]).isEqualTo(SIZE);
    }
    assertThat(g.repairs()).isZero();
    assertThat(r.acct().balanced()).isTrue();
  }

  @Test
  void aRelayFailureIsRepairedByAlgorithm2AndNormRecoversEveryByte() {
    int[] all = NormMulticastTest.members(0);
    Result healthy = run(all, Scenario.NONE);
    Result failed = run(all, new Scenario(List.of(), 4, 2_000_000, 1_000_000, -1, 0));
    // healthy: only source 0's relays {0,1,4,5} transmit its data into their splitters; the other
    // splitters carry the members' 64 B feedback on its way to the source, far less
    for (int tor = 0; tor < 8; tor++) {
      boolean relay = tor == 0 || tor == 1 || tor == 4 || tor == 5;
      if (relay) {
        assertThat(healthy.splitterPortBytes()[tor]).isGreaterThanOrEqualTo(SIZE);
      } else {
        assertThat(healthy.splitterPortBytes()[tor]).isLessThan(SIZE / 50);
      }
    }
    assertThat(failed.recovery().steps().get(0).mirrorFailed()).isEqualTo(6);
    // after recovery (2.6 ms into a transfer of about 7 ms) the mirror ToR 6 carries source 0's data
    assertThat(failed.splitterPortBytes()[6]).isGreaterThan(SIZE / 5);
    GroupResult g = failed.groups().get(0);
    for (int j = 0; j < g.members().length; j++) {
      int server = g.members()[j];
      if (server / 2 == 4) {
        assertThat(g.memberBytes()[j]).isLessThan(SIZE); // cut off with their ToR
      } else {
        assertThat(g.memberBytes()[j]).as("server %d", server).isEqualTo(SIZE);
      }
    }
    // packets were lost between the failure and the recovered rules, and repaired
    assertThat(failed.droppedPackets()).isPositive();
    assertThat(g.repairs()).isPositive();
    assertThat(failed.acct().balanced()).isTrue();
  }
}
