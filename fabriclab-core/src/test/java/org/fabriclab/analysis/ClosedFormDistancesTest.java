package org.fabriclab.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Hop histograms of tiny hand graphs against closed forms, for both pair classes. */
class ClosedFormDistancesTest {
  private static HandGraph path(int n, NodeRole role) {
    HandGraph g = new HandGraph("path");
    for (int i = 0; i < n; i++) {
      g.node(role);
    }
    for (int i = 1; i < n; i++) {
      g.cable(i - 1, i);
    }
    return g;
  }

  private static HandGraph ring(int n, NodeRole role) {
    HandGraph g = path(n, role);
    g.cable(n - 1, 0);
    return g;
  }

  private static HandGraph complete(int n, NodeRole role) {
    HandGraph g = new HandGraph("complete");
    for (int i = 0; i < n; i++) {
      g.node(role);
    }
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        g.cable(i, j);
      }
    }
    return g;
  }

  private static HopHistogram servers(Topology t) {
    return ServerPairDistances.compute(t, 1, Long.MAX_VALUE, 1);
  }

  private static HopHistogram switches(Topology t) {
    return SwitchPairDistances.compute(t, 1, Long.MAX_VALUE, 1);
  }

  /** Path of n nodes: 2(n-h) ordered pairs at h hops. */
  @ParameterizedTest
  @ValueSource(ints = {2, 3, 7})
  void path(int n) {
    long[] expected = new long[n];
    for (int h = 1; h < n; h++) {
      expected[h] = 2L * (n - h);
    }
    HopHistogram want = new HopHistogram(expected, 0, false);
    assertThat(switches(path(n, NodeRole.PACKET_SWITCH).build())).isEqualTo(want);
    // A path of servers: the ends are single-homed on a server (n = 2: on each other).
    assertThat(servers(path(n, NodeRole.SERVER).build())).isEqualTo(want);
  }

  /** Ring of n: 2n pairs at each h < n/2, n pairs at n/2 when n is even. */
  @ParameterizedTest
  @ValueSource(ints = {3, 6, 9})
  void ring(int n) {
    long[] expected = new long[n / 2 + 1];
    for (int h = 1; h <= n / 2; h++) {
      expected[h] = (n % 2 == 0 && h == n / 2) ? n : 2L * n;
    }
    HopHistogram want = new HopHistogram(expected, 0, false);
    assertThat(switches(ring(n, NodeRole.PACKET_SWITCH).build())).isEqualTo(want);
    assertThat(servers(ring(n, NodeRole.SERVER).build())).isEqualTo(want);
  }

  /** Complete graph K_n: n(n-1) pairs at 1 hop. */
  @ParameterizedTest
  @ValueSource(ints = {2, 5})
  void complete(int n) {
    HopHistogram want = new HopHistogram(new long[] {0, (long) n * (n - 1)}, 0, false);
    assertThat(switches(complete(n, NodeRole.PACKET_SWITCH).build())).isEqualTo(want);
    assertThat(servers(complete(n, NodeRole.SERVER).build())).isEqualTo(want);
  }

  /** Star: a switch hub with L servers; server pairs all at 2 hops, L(L-1) of them. */
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 6})
  void starOfServers(int leaves) {
    HandGraph g = new HandGraph("star");
    int hub = g.sw();
    for (int i = 0; i < leaves; i++) {
      g.cable(hub, g.server());
    }
    long pairs = (long) leaves * (leaves - 1);
    assertThat(servers(g.build()))
        .isEqualTo(new HopHistogram(new long[] {0, 0, pairs}, 0, false));
  }

  /** Star of switches: 2L pairs at 1 hop (hub-leaf), L(L-1) at 2 hops. */
  @Test
  void starOfSwitches() {
    HandGraph g = new HandGraph("star");
    int hub = g.sw();
    for (int i = 0; i < 5; i++) {
      g.cable(hub, g.sw());
    }
    assertThat(switches(g.build())).isEqualTo(new HopHistogram(new long[] {0, 10, 20}, 0, false));
  }

  /** Two pieces: every cross pair is unreachable. */
  @Test
  void disconnectedServersAreCountedUnreachable() {
    HandGraph g = new HandGraph("two");
    int a = g.sw();
    int b = g.sw();
    g.cable(a, g.server()).cable(a, g.server()).cable(b, g.server());
    g.server(); // isolated
    HopHistogram h = servers(g.build());
    assertThat(h.counts()).containsExactly(0, 0, 2);
    assertThat(h.unreachablePairs()).isEqualTo(4 * 3 - 2);
  }

  /** A one-way link is followed one way only. */
  @Test
  void oneWayLinks() {
    HandGraph g = new HandGraph("oneway");
    int a = g.sw();
    int b = g.sw();
    g.oneWay(a, b);
    HopHistogram h = switches(g.build());
    assertThat(h.counts()).containsExactly(0, 1);
    assertThat(h.unreachablePairs()).isEqualTo(1);
  }
}
