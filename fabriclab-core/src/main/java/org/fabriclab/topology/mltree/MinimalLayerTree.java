package org.fabriclab.topology.mltree;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.ServerOrbits;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.SizeLimits;

/**
 * The minimal-layer packet-switched multicast tree over {@code T} ToRs built from identical
 * {@code P}-port switches (the ToRs' own port count), the IP-multicast baseline of Shufflecast
 * (seed 000, §I Fig. 1 and §VI-A(b)).
 *
 * <p>Construction. Each ToR has {@code s} servers and one uplink. Bottom-up, while more than
 * {@code P} subtrees remain, a new layer groups them, in id order, under
 * {@code ⌈c/(P−1)⌉} switches: each takes the next {@code P−1} children (the last takes the rest)
 * and keeps one port for its own uplink. A single root then takes the remaining
 * {@code c ≤ P} children. So all ToRs sit at the same depth and the number of layers is the least
 * possible; a root is used whenever {@code T ≥ 2} (ToRs never connect to each other), and a
 * single ToR ({@code T = 1}) has no tree and no uplink. Used tree-switch ports: {@code children + 1}
 * per non-root switch plus the root's children, i.e. {@code T + 2m − 2} for {@code m} tree
 * switches; the paper's "excess resource usage" is that over the {@code T} ToR uplinks: eight
 * 4-port ToRs need 3 + 1 switches with 14 ports (175%), 192 32-port ToRs need 7 + 1 switches with
 * 206 ports (107%).
 *
 * <p>Ids: servers first (server {@code i} on ToR {@code i/s}), then the ToRs, then the tree
 * layers bottom-up, the root last. Ports: a switch's children in id order, then its uplink.
 * Labels {@code tier} (0 server, 1 ToR, 2.. tree layers bottom-up) and {@code index} (position in
 * its tier).
 *
 * <p>Server orbits: the tree is not symmetric in general (the last group of a layer is smaller),
 * so the generator computes classes: two servers are in one class when, level by level, their
 * ancestors root isomorphic subtrees (rooted-tree shapes, AHU-style). Swapping isomorphic sibling
 * subtrees is an automorphism, so each class lies inside one orbit. O(T + m) time.
 */
public final class MinimalLayerTree {
  public static final int MAX_TORS = 1 << 24;
  public static final int MAX_PORTS = 65_536;

  private final int tors;
  private final int ports;
  private final int perTor;
  private final int[] layers; // tree switches per layer, bottom-up; root layer last

  /**
   * @param tors ToR count {@code T}, 1..2^24 (bounded by the size limit)
   * @param ports switch port count {@code P}, 3..65536
   * @param serversPerTor {@code s}, 1..P−1
   * @throws InvalidParameterException naming the parameter and its valid range
   */
  public MinimalLayerTree(int tors, int ports, int serversPerTor) {
    InvalidParameterException.requireRange("mltree --ports", ports, 3, MAX_PORTS);
    InvalidParameterException.requireRange("mltree --tors", tors, 1, MAX_TORS);
    if (serversPerTor < 1 || serversPerTor > ports - 1) {
      throw new InvalidParameterException(
          "mltree --servers-per-tor",
          "mltree --servers-per-tor must leave one ToR port for the uplink, valid range 1.."
              + (ports - 1) + " for --ports " + ports + " (got " + serversPerTor + ")");
    }
    SizeLimits.requireFits(
        "mltree", "tors", tors, 1, MAX_TORS,
        "--ports " + ports + " --servers-per-tor " + serversPerTor,
        t -> estimate((int) t, ports, serversPerTor));
    this.tors = tors;
    this.ports = ports;
    this.perTor = serversPerTor;
    this.layers = layerSizes(tors, ports);
  }

  /** Tree switches per layer, bottom-up (root layer last); empty for one ToR. O(layers). */
  public static int[] layerSizes(int tors, int ports) {
    IntArrayList out = new IntArrayList();
    if (tors >= 2) {
      int c = tors;
      while (c > ports) {
        c = (c + ports - 2) / (ports - 1);
        out.add(c);
      }
      out.add(1);
    }
    return out.toIntArray();
  }

  /** Used ports of the tree switches for {@code tors} ToRs of {@code ports} ports. */
  public static long treeSwitchPorts(int tors, int ports) {
    long m = 0;
    for (int g : layerSizes(tors, ports)) {
      m += g;
    }
    return m == 0 ? 0 : tors + 2 * m - 2;
  }

  /** Size: {@code T(s+1) + m} nodes, {@code 2(T·s + T + m − 1)} directed links (T ≥ 2). */
  public static SizeEstimate estimate(int tors, int ports, int serversPerTor) {
    long m = 0;
    for (int g : layerSizes(tors, ports)) {
      m += g;
    }
    long servers = (long) tors * serversPerTor;
    long cables = servers + (m == 0 ? 0 : tors + m - 1);
    return new SizeEstimate(servers + tors + m, 2 * cables);
  }

  public SizeEstimate estimate() {
    return estimate(tors, ports, perTor);
  }

  public int tors() {
    return tors;
  }

  public int ports() {
    return ports;
  }

  public int serversPerTor() {
    return perTor;
  }

  /** Tree switches per layer, bottom-up, the root layer (1 switch) last. */
  public int[] layerSizes() {
    return layers.clone();
  }

  public int treeSwitchCount() {
    int m = 0;
    for (int g : layers) {
      m += g;
    }
    return m;
  }

  /** Used ports of the tree switches (the paper's "extra switch ports"). */
  public long treeSwitchPorts() {
    return treeSwitchPorts(tors, ports);
  }

  /** Extra tree-switch ports per ToR uplink port (1.75 for eight 4-port ToRs). */
  public double excessResourceUsage() {
    return (double) treeSwitchPorts() / tors;
  }

  public int serverCount() {
    return tors * perTor;
  }

  /** Builds with a fresh builder sized by {@link #estimate()}. */
  public Topology build() {
    SizeEstimate e = estimate();
    return build(
        new TopologyBuilder(
            "mltree",
            "tors=" + tors + ", ports=" + ports + ", servers-per-tor=" + perTor,
            (int) e.nodes(),
            (int) e.directedLinks()));
  }

  /** Adds the tree to an empty builder (its link defaults apply) and builds it. */
  public Topology build(TopologyBuilder b) {
    if (b.nodeCount() != 0) {
      throw new IllegalStateException("builder must be empty");
    }
    b.labelFields("tier", "index");
    int servers = serverCount();
    for (int i = 0; i < servers; i++) {
      b.addNode(NodeRole.SERVER, 0, i);
    }
    for (int t = 0; t < tors; t++) {
      b.addNode(NodeRole.PACKET_SWITCH, 1, t);
    }
    for (int l = 0; l < layers.length; l++) {
      for (int i = 0; i < layers[l]; i++) {
        b.addNode(NodeRole.PACKET_SWITCH, l + 2, i);
      }
    }
    for (int i = 0; i < servers; i++) {
      b.addCable(i, servers + i / perTor);
    }
    int childFirst = servers;
    int children = tors;
    for (int size : layers) {
      int parentFirst = childFirst + children;
      for (int j = 0; j < children; j++) {
        b.addCable(childFirst + j, parentFirst + (size == 1 ? 0 : j / (ports - 1)));
      }
      childFirst = parentFirst;
      children = size;
    }
    b.serverOrbits(orbits());
    return b.build();
  }

  /** Server classes from rooted subtree shapes; O(T·layers + m·P). */
  private ServerOrbits orbits() {
    // shape[l][i]: shape id of node i of tier l (tier 0 = ToRs); all ToRs have shape 0.
    int[][] shape = new int[layers.length + 1][];
    shape[0] = new int[tors];
    Map<List<Integer>, Integer> ids = new HashMap<>();
    int children = tors;
    for (int l = 0; l < layers.length; l++) {
      int size = layers[l];
      int group = size == 1 ? children : ports - 1;
      shape[l + 1] = new int[size];
      for (int i = 0; i < size; i++) {
        List<Integer> key = new ArrayList<>();
        key.add(l);
        for (int j = i * group; j < Math.min(children, (i + 1) * group); j++) {
          key.add(shape[l][j]);
        }
        key.subList(1, key.size()).sort(null);
        shape[l + 1][i] = ids.computeIfAbsent(key, x -> ids.size() + 1);
      }
      children = size;
    }
    Map<List<Integer>, Integer> classOf = new HashMap<>();
    IntArrayList reps = new IntArrayList();
    LongArrayList sizes = new LongArrayList();
    for (int t = 0; t < tors; t++) {
      List<Integer> chain = new ArrayList<>();
      int i = t;
      for (int l = 0; l <= layers.length; l++) {
        chain.add(shape[l][i]);
        i = l < layers.length && layers[l] > 1 ? i / (ports - 1) : 0;
      }
      int c = classOf.computeIfAbsent(chain, x -> classOf.size());
      if (c == reps.size()) {
        reps.add(t * perTor);
        sizes.add(0);
      }
      sizes.set(c, sizes.getLong(c) + perTor);
    }
    return new ServerOrbits(reps.toIntArray(), sizes.toLongArray());
  }
}
