package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.sim.net.Accounting;
import org.junit.jupiter.api.Test;

/**
 * The Shufflecast data plane on the §V testbed (seed 000_9b2589b0d55d7b52.txt): 2,2-Shufflecast,
 * 8 ToRs, 2 servers per ToR, 10 Gb/s. Expected values are derived by hand here: the relay set of
 * source ToR 0 is Fig. 3's {0,1,4,5}; a 1500 B frame carrying 1460 B takes 1.2 µs at 10 Gb/s.
 */
class ShufflecastDataPlaneTest {
  static final long SIZE = 8_000_000;
  /** ceil(8,000,000 / 1460) = 5480 packets. */
  static final long PACKETS = (SIZE + 1459) / 1460;
  /** Wire bytes of one copy of the whole transfer: payload plus 40 B per packet. */
  static final long WIRE = SIZE + 40 * PACKETS;

  @Test
  void oneToFifteenReachesLineRateAndEveryMemberGetsEveryByteOnce() {
    ShufflecastMulticastRun run = new ShufflecastMulticastRun(2, 2, 2, 10);
    ShufflecastMulticastRun.Result r = run.run(new int[] {0}, SIZE, 16, 0);
    ShufflecastMulticastRun.GroupResult g = r.groups().get(0);
    assertThat(g.members()).hasSize(15);
    assertThat(g.minMemberBytes()).isEqualTo(SIZE);
    assertThat(g.outOfOrder()).isZero();
    // ≥ 95% of 10 Gb/s, and never above the payload share 1460/1500 of it
    assertThat(g.throughputGbps()).isGreaterThanOrEqualTo(9.5).isLessThanOrEqualTo(10.0 * 1460 / 1500);
    // the source starts after the controller's 0.6 ms rule update (§VI-B(a))
    assertThat(g.startNs() - g.requestNs()).isEqualTo(600_000);
    Accounting a = r.acct();
    // 15 deliveries per packet; the one reception that keeps nothing is the source ToR's own
    // packet coming back over the splitters (relays {0,1,4,5} × p = 2 outputs = all 8 ToRs once)
    assertThat(a.injectedBytes()).isEqualTo(WIRE);
    assertThat(a.deliveredBytes()).isEqualTo(15 * WIRE);
    assertThat(a.absorbedBytes()).isEqualTo(WIRE);
    assertThat(a.droppedBytes()).isZero();
    assertThat(a.inFlightBytes()).isZero();
    assertThat(a.injectedBytes() + a.copiedBytes())
        .isEqualTo(a.deliveredBytes() + a.absorbedBytes());
    assertThat(a.balanced()).isTrue();
    assertThat(r.lossRate()).isZero();
  }

  @Test
  void onlyMembersReceiveAndNonMemberToRsDiscard() {
    // group of 6 from server 0: members 1..5 on ToRs 0, 1, 2; ToRs 3, 6, 7 have no member and
    // hold no relay rule for source ToR 0 (Fig. 3), so they and the source ToR discard
    ShufflecastMulticastRun run = new ShufflecastMulticastRun(2, 2, 2, 10);
    ShufflecastMulticastRun.Result r = run.run(new int[] {0}, SIZE, 6, 0);
    assertThat(r.groups().get(0).members()).containsExactly(1, 2, 3, 4, 5);
    assertThat(r.groups().get(0).minMemberBytes()).isEqualTo(SIZE);
    Accounting a = r.acct();
    assertThat(a.deliveredBytes()).isEqualTo(5 * WIRE);
    assertThat(a.absorbedBytes()).isEqualTo(4 * WIRE);
    assertThat(a.droppedBytes()).isZero();
    assertThat(a.balanced()).isTrue();
  }

  @Test
  void disjointPartitionsMulticastTogetherAtLineRate() {
    // Lemma 3: ToRs 0 (0,00) and 3 (0,11) have all row digits distinct, disjoint relay sets
    // {0,1,4,5} and {2,3,6,7} (Fig. 3): both at line rate, share 1 each. Members are chosen so
    // that no server downlink carries both groups (server 2t+0 / 2t+1 of every other ToR t), so
    // only the fabric could limit them.
    int[] a = {2, 4, 6, 8, 10, 12, 14};
    int[] b = {1, 3, 5, 9, 11, 13, 15};
    ShufflecastMulticastRun run = new ShufflecastMulticastRun(2, 2, 2, 10);
    ShufflecastMulticastRun.Result r = run.run(new int[] {0, 7}, new int[][] {a, b}, SIZE, 0);
    double fair = 1.0 * 10.0 * 1460 / 1500;
    for (ShufflecastMulticastRun.GroupResult g : r.groups()) {
      assertThat(g.minMemberBytes()).isEqualTo(SIZE);
      assertThat(g.outOfOrder()).isZero();
      assertThat(g.throughputGbps()).isCloseTo(fair, within(0.05 * fair));
    }
    assertThat(r.acct().deliveredBytes()).isEqualTo(2 * 7 * WIRE);
    assertThat(r.acct().droppedBytes()).isZero();
    assertThat(r.lossRate()).isZero();
  }

  @Test
  void sharedRelaysLoseOnlyAtTheSharedSplitterPortsAndTheBooksBalance() {
    // ToR 0 (0,00) relays through {0,1,4,5}, ToR 1 (0,01) through {0,1,6,7} (Algorithm 1 by hand:
    // partition r1 = 0 in column 0, partition r0 in column 1). Both send at line rate with the
    // unreliable sender, so the two shared splitter transmitters (ToRs 0 and 1) are offered more
    // than line rate and drop; no other port may drop, and every byte is accounted for.
    int[] a = {2, 4, 6, 8, 10, 12, 14};
    int[] b = {1, 5, 7, 9, 11, 13, 15};
    ShufflecastMulticastRun run = new ShufflecastMulticastRun(2, 2, 2, 10);
    ShufflecastMulticastRun.Result r = run.run(new int[] {0, 3}, new int[][] {a, b}, SIZE, 0);
    // Paths by §III-A1's wiring ((c, r1 r0) feeds (c+1, r0 m)): group A (ToR 0) leaves on ToR 0's
    // transmitter to ToRs 4, 5; 4 relays to 0, 1 and 5 to 2, 3; 1 relays to 6, 7. Group B (ToR 1)
    // leaves on ToR 1's to 6, 7; 6 relays to 0, 1, 7 to 2, 3; 0 relays to 4, 5. So server 8 (ToR
    // 4) misses exactly A's drops at ToR 0, server 12 (ToR 6) those at ToRs 0 and 1; server 13
    // (ToR 6) misses B's drops at ToR 1, server 9 (ToR 4) those at ToRs 1 and 0. Each source sends
    // every packet once.
    ShufflecastMulticastRun.GroupResult ga = r.groups().get(0);
    ShufflecastMulticastRun.GroupResult gb = r.groups().get(1);
    long a0 = PACKETS - arrivals(ga, 8);
    long a1 = arrivals(ga, 8) - arrivals(ga, 12);
    long b1 = PACKETS - arrivals(gb, 13);
    long b0 = arrivals(gb, 1) - arrivals(gb, 9);
    for (int m : a) {
      long ports = m >= 12 ? a0 + a1 : a0; // ToRs 6, 7 behind both shared transmitters
      assertThat(arrivals(ga, m)).as("A member " + m).isEqualTo(PACKETS - ports);
    }
    for (int m : b) {
      long ports = m == 9 || m == 11 ? b1 + b0 : b1; // ToRs 4, 5 behind both
      assertThat(arrivals(gb, m)).as("B member " + m).isEqualTo(PACKETS - ports);
    }
    // each shared transmitter is offered its own source at line rate plus the other group's
    // survivors: both must drop
    assertThat(a0 + b0).isPositive();
    assertThat(a1 + b1).isPositive();
    long[] d = r.splitterPortDrops();
    assertThat(d[0]).isEqualTo(a0 + b0);
    assertThat(d[1]).isEqualTo(a1 + b1);
    assertThat(r.droppedPackets()).isEqualTo(a0 + b0 + a1 + b1);
    for (int tor = 2; tor < 8; tor++) {
      assertThat(d[tor]).isZero();
    }
    Accounting acct = r.acct();
    assertThat(acct.injectedBytes()).isEqualTo(2 * WIRE);
    assertThat(acct.injectedBytes() + acct.copiedBytes())
        .isEqualTo(acct.deliveredBytes() + acct.absorbedBytes() + acct.droppedBytes());
    assertThat(acct.balanced()).isTrue();
    assertThat(r.lossRate()).isPositive();
    // a shared splitter transmitter never carries more than line rate: each group's mean
    // goodput stays below the payload share of line rate
    for (ShufflecastMulticastRun.GroupResult g : r.groups()) {
      assertThat(g.throughputGbps()).isLessThan(10.0 * 1460 / 1500);
      assertThat(g.outOfOrder()).isZero();
    }
  }

  /** Multicast packets member server {@code m} of group {@code g} received. */
  static long arrivals(ShufflecastMulticastRun.GroupResult g, int m) {
    for (int j = 0; j < g.members().length; j++) {
      if (g.members()[j] == m) {
        return g.memberArrivals()[j];
      }
    }
    throw new AssertionError("server " + m + " is not a member");
  }

  @Test
  void sharedRelaysGiveEachGroupTheLemma3HalfShareUnderRateControl() {
    // Same two sources as above: relay sets {0,1,4,5} and {0,1,6,7} share the splitter
    // transmitters of ToRs 0 and 1, each of which must carry both groups, so by Lemma 3 (proof:
    // relays shared by two sources) each group gets 1/2 of line rate: 0.5 · 10 · 1460/1500 =
    // 4.8667 Gb/s of goodput. Member downlinks are disjoint, so only the relays bind.
    int[] a = {2, 4, 6, 8, 10, 12, 14};
    int[] b = {1, 5, 7, 9, 11, 13, 15};
    ShufflecastMulticastRun run = new ShufflecastMulticastRun(2, 2, 2, 10, true);
    ShufflecastMulticastRun.Result r =
        run.run(new int[] {0, 3}, new int[][] {a, b}, 60_000_000, 0);
    double fair = 0.5 * 10.0 * 1460 / 1500;
    for (ShufflecastMulticastRun.GroupResult g : r.groups()) {
      assertThat(g.throughputGbps()).isCloseTo(fair, within(0.05 * fair));
      assertThat(g.outOfOrder()).isZero();
    }
    Accounting acct = r.acct();
    assertThat(acct.injectedBytes() + acct.copiedBytes())
        .isEqualTo(acct.deliveredBytes() + acct.absorbedBytes() + acct.droppedBytes());
    assertThat(acct.balanced()).isTrue();
    // the loss-driven control loses some packets (no retransmission in this slice)
    assertThat(r.lossRate()).isLessThan(0.1);
  }

  @Test
  void rateControlKeepsASingleGroupAtLineRate() {
    ShufflecastMulticastRun run = new ShufflecastMulticastRun(2, 2, 2, 10, true);
    ShufflecastMulticastRun.GroupResult g = run.run(new int[] {0}, SIZE, 16, 0).groups().get(0);
    assertThat(g.minMemberBytes()).isEqualTo(SIZE);
    assertThat(g.throughputGbps()).isGreaterThanOrEqualTo(9.5);
  }

  @Test
  void ipMulticastOnTheNonBlockingCoreAlsoReachesLineRate() {
    // comparison network (§V): the same 8 ToRs under one core switch. One packet is copied 14
    // times for 15 members: once at the source ToR (its local member and the uplink), 6 times at
    // the core (7 other ToRs), once at each of the 7 other ToRs (2 members each); nothing is
    // discarded, and no controller latency applies
    ShufflecastMulticastRun run = new ShufflecastMulticastRun(2, 2, 2, 10, false,
        ShufflecastMulticastRun.Method.IP_MULTICAST);
    ShufflecastMulticastRun.Result r = run.run(new int[] {0}, SIZE, 16, 0);
    ShufflecastMulticastRun.GroupResult g = r.groups().get(0);
    assertThat(g.minMemberBytes()).isEqualTo(SIZE);
    assertThat(g.startNs()).isZero();
    assertThat(g.throughputGbps()).isGreaterThanOrEqualTo(9.5).isLessThanOrEqualTo(10.0 * 1460 / 1500);
    Accounting a = r.acct();
    assertThat(a.copiedBytes()).isEqualTo(14 * WIRE);
    assertThat(a.deliveredBytes()).isEqualTo(15 * WIRE);
    assertThat(a.absorbedBytes()).isZero();
    assertThat(a.droppedBytes()).isZero();
    assertThat(a.balanced()).isTrue();
  }

  @Test
  void httpRepeatedUnicastSharesTheSourceNicAmongTheMembers() {
    // one NIC at line rate sends each packet 15 times: each member gets 9.733 / 15 = 0.6489 Gb/s,
    // and the network copies nothing (15 injected copies, 15 deliveries)
    ShufflecastMulticastRun run = new ShufflecastMulticastRun(2, 2, 2, 10, false,
        ShufflecastMulticastRun.Method.HTTP);
    ShufflecastMulticastRun.Result r = run.run(new int[] {0}, 2_000_000, 16, 0);
    ShufflecastMulticastRun.GroupResult g = r.groups().get(0);
    assertThat(g.minMemberBytes()).isEqualTo(2_000_000);
    assertThat(g.outOfOrder()).isZero();
    double expected = 10.0 * 1460 / 1500 / 15;
    assertThat(g.throughputGbps()).isCloseTo(expected, within(0.02 * expected));
    long packets = (2_000_000 + 1459) / 1460;
    long wire = 2_000_000 + 40 * packets;
    Accounting a = r.acct();
    assertThat(a.injectedBytes()).isEqualTo(15 * wire);
    assertThat(a.copiedBytes()).isZero();
    assertThat(a.deliveredBytes()).isEqualTo(15 * wire);
    assertThat(a.balanced()).isTrue();
  }
}
