package org.fabriclab.shufflecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.shufflecast.ShufflecastMulticastRun.GroupResult;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Method;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Sender;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.junit.jupiter.api.Test;

/**
 * The Fig. 8(b)(d) communication models of seed 000_9b2589b0d55d7b52.txt §VI-D against hand
 * computations: the TPC-H table sizes against the paper's range and total, the flow-level
 * broadcast times against closed forms (10 Gb/s links, 1500 B frames per 1460 B of payload), and
 * one Paxos decision against the count of its messages on the critical path.
 */
class Fig8ModelsTest {
  /** Seconds per payload byte on one 10 Gb/s link, framing included. */
  static final double S_PER_BYTE = 8.0 * 1500 / 1460 / 10e9;

  @Test
  void tpchTablesMatchThePapersRangeTotalAndNamedQueries() {
    long[] mb = TpchBroadcasts.tableMb();
    assertThat(mb).hasSize(22);
    long min = Long.MAX_VALUE;
    long max = 0;
    long sum = 0;
    for (long m : mb) {
      if (m > 0) {
        min = Math.min(min, m);
        max = Math.max(max, m);
      }
      sum += m;
    }
    // §VI-D b): 4 MB … 6.2 GB, 48.3 GB in all
    assertThat(min).isEqualTo(4);
    assertThat(max).isEqualTo(6200);
    assertThat(sum / 1000.0).isCloseTo(48.3, within(0.05));
    assertThat(TpchBroadcasts.totalBytes()).isEqualTo(sum * 1_000_000L);
    // queries 1, 4, 6, 14, 15, 22 under 200 MB or none; 9, 17, 18 large (≥ 5 GB)
    for (int q : new int[] {1, 4, 6, 14, 15, 22}) {
      assertThat(mb[q - 1]).as("q%d", q).isLessThan(200);
    }
    for (int q : new int[] {9, 17, 18}) {
      assertThat(mb[q - 1]).as("q%d", q).isGreaterThanOrEqualTo(5000);
    }
  }

  @Test
  void fluidBroadcastTimesFollowTheClosedForms() {
    long bytes = 100_000_000L;
    int[] members = Fig8Experiments.executors();
    // Shufflecast: 0.6 ms rule update, then one transmission at line rate
    double sc = FluidBroadcast.shufflecastPs(bytes, members) / 1e12;
    assertThat(sc).isCloseTo(0.6e-3 + bytes * S_PER_BYTE, within(1e-6));
    // HTTP: 14 copies share the master's uplink
    double http = FluidBroadcast.httpPs(bytes, members) / 1e12;
    assertThat(http).isCloseTo(14 * bytes * S_PER_BYTE, within(1e-6));
    // a chain 0 -> 1 -> 2 with a 1 ms delay before the second hop: two link times plus 1 ms
    CollectiveSchedule chain = new CollectiveSchedule(3);
    int a = chain.transfer(0, 1, bytes);
    chain.transfer(1, 2, bytes, chain.step(1, 1_000_000_000L, a));
    double t = FluidBroadcast.planPs(chain, new int[] {0, 5, 9}) / 1e12;
    assertThat(t).isCloseTo(2 * bytes * S_PER_BYTE + 1e-3, within(1e-6));
    // two receivers fetching from the source at once share its uplink: both finish at 2x
    CollectiveSchedule star = new CollectiveSchedule(3);
    star.transfer(0, 1, bytes);
    star.transfer(0, 2, bytes);
    assertThat(FluidBroadcast.planPs(star, new int[] {0, 5, 9}) / 1e12)
        .isCloseTo(2 * bytes * S_PER_BYTE, within(1e-6));
  }

  private static double oneWayNs(Method m, int a, int b) {
    GroupResult g = new ShufflecastMulticastRun(2, 2, 2, 10, Sender.UDP, m)
        .run(new int[] {a}, new int[][] {{b}}, 1, 0).groups().get(0);
    return g.endNs() - g.startNs();
  }

  @Test
  void onePaxosDecisionWithOneAcceptorIsItsFiveMessagesInARow() {
    // client 0, proposer 1, acceptor 2; learners: proposer, then client
    PaxosLatency m = new PaxosLatency();
    double c01 = oneWayNs(Method.HTTP, 0, 1);
    double c12 = oneWayNs(Method.HTTP, 1, 2);
    double c21 = oneWayNs(Method.HTTP, 2, 1);
    double c20 = oneWayNs(Method.HTTP, 2, 0);
    double s12 = oneWayNs(Method.SHUFFLECAST, 1, 2);
    double s20 = oneWayNs(Method.SHUFFLECAST, 2, 0);
    double frame = 41 * 8 / 10.0;
    // unicast: value, prepare, promise, accept, accepted (its copy to the client leaves second)
    assertThat(m.roundNs(1, false, 0)).isCloseTo(c01 + c12 + c21 + c12 + frame + c20, within(1e-6));
    // multicast: prepare, accept and accepted by Shufflecast, value and promise over the core
    assertThat(m.roundNs(1, true, 0)).isCloseTo(c01 + s12 + c21 + s12 + s20, within(1e-6));
    // with a host cost h per message sent: five sends on the path, plus the proposer's copy of
    // ACCEPTED before the client's in the unicast variant
    double h = 5_000;
    assertThat(m.roundNs(1, false, h) - m.roundNs(1, false, 0)).isCloseTo(6 * h, within(1e-6));
    assertThat(m.roundNs(1, true, h) - m.roundNs(1, true, 0)).isCloseTo(5 * h, within(1e-6));
  }
}
