package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.shufflecast.ShufflecastMulticastRun.GroupResult;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Method;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Result;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Scenario;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Sender;
import org.fabriclab.sim.net.Accounting;
import org.junit.jupiter.api.Test;

/**
 * The NORM-like reliable multicast with TFMCC rate control that the paper runs over Shufflecast
 * (seed 000_9b2589b0d55d7b52.txt §IV-C(b), §VI-B(b); RFC 5740, RFC 4654) on the §V testbed
 * (2,2-Shufflecast, 2 servers per ToR, 10 Gb/s). Expected values come from counting: a member
 * that loses nothing receives every transmission of its source once, so its duplicates are exactly
 * the repairs; the lossy member receives every transmission the lossy link did not drop.
 */
class NormMulticastTest {
  static final long SIZE = 8_000_000;
  /** ceil(8,000,000 / 1460). */
  static final long PACKETS = 5480;

  static ShufflecastMulticastRun norm() {
    return new ShufflecastMulticastRun(2, 2, 2, 10, Sender.NORM, Method.SHUFFLECAST);
  }

  @Test
  void losslessOneToFifteenNeedsNoRepairAndDeliversEveryByteOnce() {
    Result r = norm().run(new int[] {0}, SIZE, 16, 0);
    GroupResult g = r.groups().get(0);
    assertThat(g.members()).hasSize(15);
    assertThat(g.repairs()).isZero();
    assertThat(r.droppedPackets()).isZero();
    for (int j = 0; j < 15; j++) {
      assertThat(g.memberBytes()[j]).isEqualTo(SIZE);
      assertThat(g.memberDuplicates()[j]).isZero();
      // every transmission (the data packets and the flush rounds) reached every member once
      assertThat(g.memberArrivals()[j]).isEqualTo(g.transmissions());
    }
    assertThat(g.transmissions()).isGreaterThan(PACKETS);
    assertThat(r.lossRate()).isZero();
    Accounting a = r.acct();
    assertThat(a.balanced()).isTrue();
    assertThat(a.inFlightPackets()).isZero();
  }

  @Test
  void randomLossOnOneMemberIsRepairedAndBytesAreConserved() {
    int lossy = 5;
    Result r = norm().run(new int[] {0}, new int[][] {members(0)}, SIZE, 0,
        Scenario.NONE.withLoss(lossy, 0.02));
    GroupResult g = r.groups().get(0);
    assertThat(r.droppedPackets()).isGreaterThan(50); // 2% of ≥ 5480 packets
    long flushes = g.transmissions() - PACKETS - g.repairs();
    assertThat(flushes).isPositive();
    for (int j = 0; j < g.members().length; j++) {
      int server = g.members()[j];
      // exactly once: a segment's payload counts only on its first arrival, so the application
      // got SIZE bytes iff it got every segment once
      assertThat(g.memberBytes()[j]).isEqualTo(SIZE);
      if (server == lossy) {
        // conservation on the lossy link: offered = delivered + dropped
        assertThat(g.memberArrivals()[j] + r.droppedPackets()).isEqualTo(g.transmissions());
      } else {
        assertThat(g.memberArrivals()[j]).isEqualTo(g.transmissions());
        assertThat(g.memberDuplicates()[j]).isEqualTo(g.repairs());
      }
    }
    // every dropped data or repair packet needs a later repair; at most all flushes were dropped
    assertThat(g.repairs()).isGreaterThanOrEqualTo(r.droppedPackets() - flushes);
    assertThat(r.acct().balanced()).isTrue();
  }

  @Test
  void twoGroupsSharingRelaysConvergeNearTheirLemma3ShareAndStayReliable() {
    // sources on ToRs 0 and 1: relay sets {0,1,4,5} and {0,1,4,5}'s neighbours share ToRs 0, 1's
    // splitters (Fig. 3), Lemma 3 share 1/2: 9.733 / 2 = 4.867 Gb/s of payload each
    long size = 60_000_000;
    Result r = norm().run(new int[] {0, 2}, new int[][] {members(0), members(2)}, size, 0,
        Scenario.NONE);
    double share = 10.0 * 1460 / 1500 / 2;
    long[][] s = r.seriesBytes();
    long end = Math.min(r.groups().get(0).endNs(), r.groups().get(1).endNs());
    int from = (int) (end / 1_000_000 / 2);
    int to = (int) (end / 1_000_000) - 2;
    double sum = 0;
    for (int g = 0; g < 2; g++) {
      GroupResult gr = r.groups().get(g);
      for (long b : gr.memberBytes()) {
        assertThat(b).isEqualTo(size);
      }
      long bytes = 0;
      for (int i = from; i < to; i++) {
        bytes += s[g][i];
      }
      // steady state: the second half of the common span, mean over the 15 members
      double gbps = bytes * 8.0 / 15 / ((to - from) * 1e6);
      assertThat(gbps).isCloseTo(share, within(0.1 * share));
      sum += gbps;
    }
    // the shared splitter transmitters carry at most their line rate of payload
    assertThat(sum).isLessThanOrEqualTo(2 * share * 1.001);
    assertThat(r.acct().balanced()).isTrue();
  }

  static int[] members(int source) {
    int[] m = new int[15];
    for (int i = 0; i < 15; i++) {
      m[i] = (source + 1 + i) % 16;
    }
    return m;
  }

  @Test
  void feedbackInAStrictPriorityClassKeepsSixteenGroupsReliable() {
    // the Fig. 6(d) what-if at 16 groups: every server is a source and a member of the 15 other
    // groups, so every downlink is a bottleneck and NORM's NACKs, reports and ACKs take the
    // ports' priority class; reliability must not depend on it
    long size = 2_000_000;
    int[] src = new int[16];
    int[][] members = new int[16][];
    for (int i = 0; i < 16; i++) {
      src[i] = i;
      members[i] = members(i);
    }
    Result r = norm().withFeedbackPriority().run(src, members, size, 0);
    for (GroupResult g : r.groups()) {
      assertThat(g.members()).hasSize(15);
      for (int j = 0; j < 15; j++) {
        // each segment's payload counts on its first arrival only: size bytes iff every segment once
        assertThat(g.memberBytes()[j]).isEqualTo(size);
      }
    }
    assertThat(r.acct().balanced()).isTrue();
    assertThat(r.acct().inFlightPackets()).isZero();
  }

  @Test
  void feedbackPriorityNeedsTheNormSender() {
    ShufflecastMulticastRun udp = new ShufflecastMulticastRun(2, 2, 2, 10, Sender.UDP,
        Method.SHUFFLECAST);
    org.assertj.core.api.Assertions.assertThatThrownBy(udp::withFeedbackPriority)
        .isInstanceOf(org.fabriclab.error.InvalidParameterException.class)
        .hasMessageContaining("--sender norm");
  }
}
