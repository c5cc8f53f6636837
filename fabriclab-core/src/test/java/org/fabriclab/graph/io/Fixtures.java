package org.fabriclab.graph.io;

import org.fabriclab.graph.Labels;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.units.Limits;

/** Hand-built topologies whose counts are known by construction. */
final class Fixtures {
  private Fixtures() {}

  static final int A = Labels.ABSENT;

  /**
   * 8 nodes of every role (node 7 has no link), labels with absent values and a negative value,
   * 6 cables (one pair parallel) and 4 one-way links: 10 physical links, 16 directed links.
   * Capacities and delays all differ; the family and parameters need escaping in JSON and XML.
   */
  static Topology mixed() {
    TopologyBuilder b = new TopologyBuilder("hand<made>", "a=1, b=\"two\" & 'three'");
    b.labelFields("tier", "pod");
    b.addNode(NodeRole.SERVER, 0, 0); // 0
    b.addNode(NodeRole.SERVER, 0, A); // 1
    b.addNode(NodeRole.PACKET_SWITCH, 1, 0); // 2
    b.addNode(NodeRole.PACKET_SWITCH); // 3: no label at all
    b.addNode(NodeRole.OPTICAL_SPLITTER, A, 7); // 4
    b.addNode(NodeRole.CIRCUIT_SWITCH); // 5
    b.addNode(NodeRole.CONVERTER_SWITCH, 2, -5); // 6
    b.addNode(NodeRole.SERVER, 0, 3); // 7: zero degree
    b.addCable(0, 2, 10_000_000_000L, 1_000_000L);
    b.addCable(1, 2, 25_000_000_000L, 500_000L);
    b.addCable(2, 3, 40_000_000_000L, 0L);
    b.addCable(2, 3, 100_000_000_000L, 2_000_000L);
    b.addCable(3, 5, 1_000_000_000L, 5L);
    b.addCable(6, 3, Limits.MAX_RATE_BPS, Limits.MAX_DELAY_PS); // the largest a file may give
    b.addLink(3, 4, 10_000_000_000L, 7L);
    b.addLink(4, 0, 9_000_000_000L, 8L);
    b.addLink(4, 1, 9_000_000_000L, 9L);
    b.addLink(5, 6, Limits.MIN_RATE_BPS, 10L); // the smallest
    return b.build();
  }

  /** A 4-cycle of switches with one server each, no labels: 8 nodes, 8 cables. */
  static Topology plain() {
    TopologyBuilder b = new TopologyBuilder("ring", "switches=4");
    int s0 = b.addNodes(NodeRole.PACKET_SWITCH, 4);
    int h0 = b.addNodes(NodeRole.SERVER, 4);
    for (int i = 0; i < 4; i++) {
      b.addCable(s0 + i, s0 + (i + 1) % 4);
      b.addCable(h0 + i, s0 + i);
    }
    return b.build();
  }

  /** Explicit, non-sequential ports: each node's ports are the reverse of the insertion order. */
  static Topology explicitPorts() {
    TopologyBuilder b = new TopologyBuilder("ports", "");
    b.addNodes(NodeRole.PACKET_SWITCH, 3);
    b.addCable(0, 1, 1, 1, 5_000_000, 6); // (node, port) pairs: 0:1 - 1:1
    b.addCable(1, 0, 2, 1, 7_000_000, 8); // 1:0 - 2:1
    b.addCable(0, 0, 2, 0, 9_000_000, 10); // 0:0 - 2:0
    return b.build();
  }

  /** Three servers, no links, no labels. */
  static Topology isolated() {
    TopologyBuilder b = new TopologyBuilder("isolated", "n=3");
    b.addNodes(NodeRole.SERVER, 3);
    return b.build();
  }

  /** No nodes at all. */
  static Topology empty() {
    return new TopologyBuilder("empty", "").build();
  }

  /**
   * {@code n} switches on a circle, each cabled to the next {@code k} (k < n/2), so n·k cables;
   * every third node also has a one-way link to its opposite; labelled with (i mod 10, i / 10).
   */
  static Topology circulant(int n, int k) {
    TopologyBuilder b = new TopologyBuilder("circulant", "n=" + n + ", k=" + k, n, 2 * n * k + n);
    b.labelFields("low", "high");
    for (int i = 0; i < n; i++) {
      b.addNode(NodeRole.PACKET_SWITCH, i % 10, i % 7 == 0 ? A : i / 10);
    }
    for (int i = 0; i < n; i++) {
      for (int d = 1; d <= k; d++) {
        b.addCable(i, (i + d) % n, 1_000_000_000L * d, 1000L * (i % 13));
      }
      if (i % 3 == 0) {
        b.addLink(i, (i + n / 2) % n, 5_000_000L, 1L);
      }
    }
    return b.build();
  }
}
