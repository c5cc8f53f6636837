package org.fabriclab.topology.fattree;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.ServerOrbits;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.topology.SizeEstimate;

/**
 * The k-ary fat-tree of Al-Fares, Loukissas and Vahdat (SIGCOMM 2008), the Clos network that
 * Flat-tree converts and evaluates against (seed 001, §3.1): {@code k} pods of {@code k/2} edge and
 * {@code k/2} aggregation switches, fully connected inside a pod; {@code (k/2)^2} core switches;
 * {@code k^3/4} servers, {@code k/2} per edge switch. Every switch has {@code k} ports.
 *
 * <p>Node ids: servers first, {@code 0 .. k^3/4-1}, server {@code h} on edge switch
 * {@code h/(k/2)}; then the edge switches (edge switch {@code t} in pod {@code t/(k/2)}), the
 * aggregation switches (same numbering) and the core switches. Core wiring: aggregation switch
 * {@code i} of every pod connects to core switches {@code i·k/2 .. i·k/2+k/2-1}. Ports: a server's
 * port 0 is its edge switch; an edge switch's ports {@code 0..k/2-1} are its servers in id order
 * and {@code k/2..k-1} the aggregation switches of its pod; an aggregation switch's ports
 * {@code 0..k/2-1} are the edge switches of its pod and {@code k/2..k-1} its core group; a core
 * switch's port {@code p} leads to pod {@code p}.
 *
 * <p>Labels {@code tier} (0 server, 1 edge, 2 aggregation, 3 core), {@code pod} (absent for core
 * switches) and {@code index}: a server's position in its pod ({@code 0..k^2/4-1}), a pod switch's
 * position in its tier of the pod ({@code 0..k/2-1}), a core switch's number ({@code 0..k^2/4-1}).
 *
 * <p>Server orbits: all servers are equivalent. Permuting the servers of an edge switch, the edge
 * switches of a pod, or the pods (core switches fixed: each core switch reaches aggregation
 * switch {@code i} of every pod once) are automorphisms, and together they map any server to any
 * other. Building is O(k^3) time and memory.
 */
public final class FatTree {
  /** Largest supported {@code k}: 4,194,304 servers, 12,582,912 cables. */
  public static final int MAX_K = 256;

  private final int k;
  private final int half;

  /**
   * @param k switch port count, even, {@code 2..256}
   * @throws InvalidParameterException when {@code k} is odd or out of range
   */
  public FatTree(int k) {
    if (k < 2 || k > MAX_K || k % 2 != 0) {
      throw new InvalidParameterException(
          "fattree --k", "fattree --k must be even, valid range 2.." + MAX_K + " (got " + k + ")");
    }
    this.k = k;
    this.half = k / 2;
  }

  public int k() {
    return k;
  }

  public int serverCount() {
    return k * half * half;
  }

  /** Edge switches, {@code k^2/2}; also the number of aggregation switches. */
  public int edgeSwitchCount() {
    return k * half;
  }

  public int coreSwitchCount() {
    return half * half;
  }

  /** {@code 5k^2/4}. */
  public int switchCount() {
    return 2 * edgeSwitchCount() + coreSwitchCount();
  }

  /** {@code 3k^3/4}: server, edge-aggregation and aggregation-core cables. */
  public int cableCount() {
    return 3 * serverCount();
  }

  public SizeEstimate estimate() {
    return new SizeEstimate(serverCount() + (long) switchCount(), 2L * cableCount());
  }

  /** Id of server {@code slot} of edge switch {@code edge} in {@code pod}. */
  public int server(int pod, int edge, int slot) {
    return (pod * half + edge) * half + slot;
  }

  /** Id of edge switch {@code i} ({@code 0..k/2-1}) of {@code pod}. */
  public int edgeSwitch(int pod, int i) {
    return serverCount() + pod * half + i;
  }

  /** Id of aggregation switch {@code i} ({@code 0..k/2-1}) of {@code pod}. */
  public int aggregationSwitch(int pod, int i) {
    return serverCount() + edgeSwitchCount() + pod * half + i;
  }

  /** Id of core switch {@code c} ({@code 0..k^2/4-1}). */
  public int coreSwitch(int c) {
    return serverCount() + 2 * edgeSwitchCount() + c;
  }

  /** Builds with a fresh builder sized by {@link #estimate()}. */
  public Topology build() {
    SizeEstimate e = estimate();
    return build(new TopologyBuilder("fattree", "k=" + k, (int) e.nodes(), (int) e.directedLinks()));
  }

  /**
   * Adds the fat-tree to an empty builder (its link defaults apply) and builds it.
   *
   * @throws IllegalStateException when the builder already holds nodes
   */
  public Topology build(TopologyBuilder b) {
    if (b.nodeCount() != 0) {
      throw new IllegalStateException("builder must be empty");
    }
    b.labelFields("tier", "pod", "index");
    int perPod = half * half;
    for (int h = 0; h < serverCount(); h++) {
      b.addNode(NodeRole.SERVER, 0, h / perPod, h % perPod);
    }
    for (int tier = 1; tier <= 2; tier++) {
      for (int t = 0; t < edgeSwitchCount(); t++) {
        b.addNode(NodeRole.PACKET_SWITCH, tier, t / half, t % half);
      }
    }
    for (int c = 0; c < coreSwitchCount(); c++) {
      b.addNode(NodeRole.PACKET_SWITCH, 3, -1, c);
    }
    for (int h = 0; h < serverCount(); h++) {
      b.addCable(h, serverCount() + h / half);
    }
    for (int pod = 0; pod < k; pod++) {
      for (int e = 0; e < half; e++) {
        for (int a = 0; a < half; a++) {
          b.addCable(edgeSwitch(pod, e), aggregationSwitch(pod, a));
        }
      }
    }
    for (int pod = 0; pod < k; pod++) {
      for (int a = 0; a < half; a++) {
        for (int j = 0; j < half; j++) {
          b.addCable(aggregationSwitch(pod, a), coreSwitch(a * half + j));
        }
      }
    }
    b.serverOrbits(ServerOrbits.transitive(0, serverCount()));
    return b.build();
  }
}
