package org.fabriclab.topology.hyperx;

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
 * HyperX (Ahn, Binkert, Davis, McLaren, Schreiber, SC'09): switches at the points of an
 * {@code L}-dimensional lattice {@code S_1 × .. × S_L}; in every dimension the switches that
 * differ only in that coordinate are fully connected, each connected pair by {@code K} parallel
 * cables (the trunk); every switch carries {@code T} servers. Switch ports
 * {@code T + K·Σ(S_i − 1)}. The k-ary n-flat flattened butterfly of seed 004 §II is the case
 * {@code S_i = k}, {@code L = n−1}, {@code K = 1}, {@code T = c}.
 *
 * <p>Ids: servers first, server {@code i} on switch {@code i/T}; then the switches, switch
 * {@code w} at coordinates {@code x} with {@code w = Σ x_i·Π_{j<i} S_j} ({@code x_0} varies
 * fastest). Ports: a server's port 0 is its switch; a switch's ports {@code 0..T-1} are its
 * servers in id order, then dimension 0's neighbours in increasing coordinate ({@code K}
 * consecutive ports each), then dimension 1's, and so on.
 *
 * <p>Labels {@code tier} (0 server, 1 switch), {@code x0..x(L-1)} (a server carries its switch's
 * coordinates) and {@code index} (a server's slot on its switch; absent for switches).
 *
 * <p>Server orbits: all servers are equivalent — translating one coordinate modulo {@code S_i}
 * preserves every dimension's cliques, so translations act transitively on the switches, and
 * the servers of one switch can be permuted. Building is O(N·(T + K·Σ(S_i−1))) for N switches.
 */
public final class HyperX {
  public static final int MAX_DIM = 65_536;
  public static final int MAX_TRUNK = 64;
  public static final int MAX_SERVERS_PER_SWITCH = 1024;

  private final int[] dims;
  private final int trunk;
  private final int perSwitch;
  private final int switches;

  /**
   * @param dims lattice sizes {@code S_1..S_L}, each 2..65536, at least one
   * @param trunk parallel cables per connected switch pair {@code K}, 1..64
   * @param serversPerSwitch {@code T}, 1..1024
   * @throws InvalidParameterException naming the parameter and its valid range
   */
  public HyperX(int[] dims, int trunk, int serversPerSwitch) {
    if (dims.length == 0) {
      throw new InvalidParameterException(
          "hyperx --dims", "hyperx --dims needs at least one dimension, each 2.." + MAX_DIM);
    }
    for (int s : dims) {
      InvalidParameterException.requireRange("hyperx --dims", s, 2, MAX_DIM);
    }
    InvalidParameterException.requireRange("hyperx --trunk", trunk, 1, MAX_TRUNK);
    InvalidParameterException.requireRange(
        "hyperx --servers-per-switch", serversPerSwitch, 1, MAX_SERVERS_PER_SWITCH);
    int[] d = dims.clone();
    SizeLimits.requireFitsAlone("hyperx", "dims", Lattice.text(d), estimate(d, 1, 1));
    SizeLimits.requireFitsAlone(
        "hyperx", "trunk", Integer.toString(trunk), estimate(d, trunk, 1));
    SizeLimits.requireFits(
        "hyperx", "servers-per-switch", serversPerSwitch, 1, MAX_SERVERS_PER_SWITCH,
        "--dims " + Lattice.text(d) + " --trunk " + trunk, t -> estimate(d, trunk, (int) t));
    this.dims = d;
    this.trunk = trunk;
    this.perSwitch = serversPerSwitch;
    this.switches = (int) Lattice.size(d);
  }



  /** Size, saturating: {@code N·(T+1)} nodes, {@code N·(2T + K·Σ(S_i−1))} directed links. */
  public static SizeEstimate estimate(int[] dims, int trunk, int serversPerSwitch) {
    long n = Lattice.size(dims);
    long degree = serversPerSwitch;
    for (int s : dims) {
      degree += (long) trunk * (s - 1);
    }
    return new SizeEstimate(
        SizeLimits.mul(n, serversPerSwitch + 1L),
        SizeLimits.mul(n, degree + serversPerSwitch),
        dims.length + 2);
  }

  public SizeEstimate estimate() {
    return estimate(dims, trunk, perSwitch);
  }

  public int[] dims() {
    return dims.clone();
  }

  public int trunk() {
    return trunk;
  }

  public int serversPerSwitch() {
    return perSwitch;
  }

  public int switchCount() {
    return switches;
  }

  public int serverCount() {
    return switches * perSwitch;
  }

  /** Ports of every switch: {@code T + K·Σ(S_i − 1)}. */
  public int switchPorts() {
    int p = perSwitch;
    for (int s : dims) {
      p += trunk * (s - 1);
    }
    return p;
  }

  /** Cables: {@code N·T + N·K·Σ(S_i−1)/2}. */
  public long cableCount() {
    return (long) switches * perSwitch + (long) switches * (switchPorts() - perSwitch) / 2;
  }

  /** Node id of the switch at {@code coords} ({@code coords[i] = x_i}); O(L). */
  public int switchId(int... coords) {
    int w = 0;
    for (int i = dims.length - 1; i >= 0; i--) {
      w = w * dims[i] + coords[i];
    }
    return serverCount() + w;
  }

  /** Coordinates of the switch with node id {@code node}; O(L). */
  public int[] coordinates(int node) {
    int w = node - serverCount();
    int[] x = new int[dims.length];
    for (int i = 0; i < dims.length; i++) {
      x[i] = w % dims[i];
      w /= dims[i];
    }
    return x;
  }

  /** Node id of the switch of server {@code server}. */
  public int switchOf(int server) {
    return serverCount() + server / perSwitch;
  }

  /** Builds with a fresh builder sized by {@link #estimate()}. */
  public Topology build() {
    SizeEstimate e = estimate();
    return build(
        new TopologyBuilder(
            "hyperx",
            "dims=" + Lattice.text(dims) + ", trunk=" + trunk + ", servers-per-switch=" + perSwitch,
            (int) e.nodes(),
            (int) e.directedLinks()));
  }

  /** Adds the HyperX to an empty builder (its link defaults apply) and builds it. */
  public Topology build(TopologyBuilder b) {
    if (b.nodeCount() != 0) {
      throw new IllegalStateException("builder must be empty");
    }
    int l = dims.length;
    b.labelFields(Lattice.labelFields(l));
    int servers = serverCount();
    int[] label = new int[l + 2];
    for (int tier = 0; tier <= 1; tier++) {
      int count = tier == 0 ? servers : switches;
      for (int v = 0; v < count; v++) {
        int w = tier == 0 ? v / perSwitch : v;
        label[0] = tier;
        Lattice.coordinates(w, dims, label);
        label[l + 1] = tier == 0 ? v % perSwitch : Labels.ABSENT;
        b.addNode(tier == 0 ? NodeRole.SERVER : NodeRole.PACKET_SWITCH, label);
      }
    }
    for (int v = 0; v < servers; v++) {
      b.addCable(v, servers + v / perSwitch);
    }
    int stride = 1;
    for (int i = 0; i < l; i++) {
      for (int w = 0; w < switches; w++) {
        int x = w / stride % dims[i];
        for (int y = x + 1; y < dims[i]; y++) {
          for (int t = 0; t < trunk; t++) {
            b.addCable(servers + w, servers + w + (y - x) * stride);
          }
        }
      }
      stride *= dims[i];
    }
    b.serverOrbits(ServerOrbits.transitive(0, servers));
    return b.build();
  }
}
