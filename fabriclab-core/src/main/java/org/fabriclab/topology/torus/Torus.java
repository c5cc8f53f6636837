package org.fabriclab.topology.torus;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.ServerOrbits;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.topology.Lattice;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.SizeLimits;

/**
 * A torus {@code S_1 × .. × S_L} (3D by default): every node is linked to its two ring
 * neighbours in each dimension, one neighbour where {@code S_i = 2} (a single cable, not two
 * parallel ones). With 0 servers per node the torus nodes are the servers themselves
 * (direct-connect, as in the 512-node 3D-torus baseline of Shoal, seed 003 §7.3, and CamCube,
 * seed 004 §II); otherwise they are packet switches with that many servers each.
 *
 * <p>Ids: with attached servers, servers first (server {@code i} on node {@code i/s}), then the
 * torus nodes; node {@code w} sits at coordinates {@code x} with {@code w = Σ x_i·Π_{j<i} S_j}.
 * Ports of a torus node: its attached servers in id order, then dimension 0's ring neighbours
 * (the one with the lower coordinate first), then dimension 1's, and so on.
 *
 * <p>Labels {@code tier} (0 server, 1 switch; direct-connect nodes are servers), {@code x0..x(L-1)}
 * (an attached server carries its node's coordinates) and {@code index} (an attached server's
 * slot on its node; absent for torus nodes).
 *
 * <p>Server orbits: all servers are equivalent — translations modulo {@code S_i} in each
 * coordinate are automorphisms that act transitively on the torus nodes, and the servers of one
 * node can be permuted. Building is O(N·(s + L)) for N torus nodes.
 */
public final class Torus {
  public static final int MAX_DIM = 65_536;
  public static final int MAX_SERVERS_PER_NODE = 1024;

  private final int[] dims;
  private final int perNode;
  private final int nodes;

  /**
   * @param dims ring sizes {@code S_1..S_L}, each 2..65536, at least one
   * @param serversPerNode 0 (nodes are servers) .. 1024
   * @throws InvalidParameterException naming the parameter and its valid range
   */
  public Torus(int[] dims, int serversPerNode) {
    if (dims.length == 0) {
      throw new InvalidParameterException(
          "torus --dims", "torus --dims needs at least one dimension, each 2.." + MAX_DIM);
    }
    for (int s : dims) {
      InvalidParameterException.requireRange("torus --dims", s, 2, MAX_DIM);
    }
    InvalidParameterException.requireRange(
        "torus --servers-per-node", serversPerNode, 0, MAX_SERVERS_PER_NODE);
    int[] d = dims.clone();
    SizeLimits.requireFitsAlone("torus", "dims", Lattice.text(d), estimate(d, 0));
    SizeLimits.requireFits(
        "torus", "servers-per-node", serversPerNode, 0, MAX_SERVERS_PER_NODE,
        "--dims " + Lattice.text(d), s -> estimate(d, (int) s));
    this.dims = d;
    this.perNode = serversPerNode;
    this.nodes = (int) Lattice.size(d);
  }



  /** Torus links per node: 2 per dimension of size ≥ 3, 1 per dimension of size 2. */
  private static int ringDegree(int[] dims) {
    int d = 0;
    for (int s : dims) {
      d += s == 2 ? 1 : 2;
    }
    return d;
  }

  /** Size, saturating: {@code N(1+s)} nodes, {@code N·(ringDegree + 2s)} directed links. */
  public static SizeEstimate estimate(int[] dims, int serversPerNode) {
    long n = Lattice.size(dims);
    return new SizeEstimate(
        SizeLimits.mul(n, 1L + serversPerNode),
        SizeLimits.mul(n, ringDegree(dims) + 2L * serversPerNode),
        dims.length + 2);
  }

  public SizeEstimate estimate() {
    return estimate(dims, perNode);
  }

  public int[] dims() {
    return dims.clone();
  }

  /** Servers per torus node; 0 when the torus nodes are the servers. */
  public int serversPerNode() {
    return perNode;
  }

  /** Torus nodes, {@code Π S_i}. */
  public int torusNodeCount() {
    return nodes;
  }

  public int serverCount() {
    return perNode == 0 ? nodes : nodes * perNode;
  }

  /** Links of a torus node to other torus nodes. */
  public int ringDegree() {
    return ringDegree(dims);
  }

  /** Node id of the torus node at {@code coords}; O(L). */
  public int nodeId(int... coords) {
    int w = 0;
    for (int i = dims.length - 1; i >= 0; i--) {
      w = w * dims[i] + coords[i];
    }
    return (perNode == 0 ? 0 : nodes * perNode) + w;
  }

  /** Builds with a fresh builder sized by {@link #estimate()}. */
  public Topology build() {
    SizeEstimate e = estimate();
    return build(
        new TopologyBuilder(
            "torus",
            "dims=" + Lattice.text(dims) + ", servers-per-node=" + perNode,
            (int) e.nodes(),
            (int) e.directedLinks()));
  }

  /** Adds the torus to an empty builder (its link defaults apply) and builds it. */
  public Topology build(TopologyBuilder b) {
    if (b.nodeCount() != 0) {
      throw new IllegalStateException("builder must be empty");
    }
    int l = dims.length;
    b.labelFields(Lattice.labelFields(l));
    int attached = perNode == 0 ? 0 : nodes * perNode;
    int[] label = new int[l + 2];
    for (int v = 0; v < attached + nodes; v++) {
      boolean server = v < attached;
      int w = server ? v / perNode : v - attached;
      label[0] = server || perNode == 0 ? 0 : 1;
      Lattice.coordinates(w, dims, label);
      label[l + 1] = server ? v % perNode : Labels.ABSENT;
      b.addNode(
          server || perNode == 0 ? NodeRole.SERVER : NodeRole.PACKET_SWITCH, label);
    }
    for (int v = 0; v < attached; v++) {
      b.addCable(v, attached + v / perNode);
    }
    int stride = 1;
    for (int i = 0; i < l; i++) {
      int s = dims[i];
      for (int w = 0; w < nodes; w++) {
        int x = w / stride % s;
        // Per ring the order e(0,1), e(S-1,0), e(1,2), .., e(S-2,S-1) puts every node's
        // lower-coordinate neighbour on its lower port.
        if (x < s - 1) {
          b.addCable(attached + w, attached + w + stride);
        }
        if (x == 0 && s >= 3) {
          b.addCable(attached + w + (s - 1) * stride, attached + w);
        }
      }
      stride *= s;
    }
    b.serverOrbits(ServerOrbits.transitive(0, serverCount()));
    return b.build();
  }
}
