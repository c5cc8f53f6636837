package org.fabriclab.topology.clos;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.ServerOrbits;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.SizeLimits;

/**
 * A folded Clos network of identical {@code P}-port packet switches, in 2 tiers (leaf-spine) or 3
 * tiers (edge, aggregation, core in pods, the layout Flat-tree converts, seed 001 §2.2–2.3), with
 * an oversubscription ratio at the edge and, for 3 tiers, at the aggregation tier.
 *
 * <p>Parameterisation. Every switch has {@code P} ports, all used. An edge (leaf) switch splits
 * them into {@code d} server ports and {@code u} uplinks with {@code d + u = P} and
 * {@code d/u = R} (the edge oversubscription); {@code R} must give whole port counts.
 * <ul>
 *   <li>2 tiers: {@code u} spines; every leaf has one uplink to every spine; a spine's {@code P}
 *       ports reach {@code P} leaves. Servers {@code P·d}, switches {@code P + u}, cables
 *       {@code P^2}.
 *   <li>3 tiers: a pod has {@code a = u} aggregation switches and {@code e} edge switches, fully
 *       connected (every edge uplink reaches a different aggregation switch). An aggregation
 *       switch splits its ports into {@code e} down and {@code g} up with {@code e/g = R2} (the
 *       aggregation oversubscription). There are {@code a·g} core switches; as in seed 001 §2.3
 *       (Fig. 4a) aggregation switch {@code i} of every pod connects to core switches
 *       {@code i·g .. i·g+g-1}, and a core switch's {@code P} ports reach the {@code P} pods.
 *       Servers {@code P·e·d}, switches {@code P·(e+a) + a·g}, cables {@code P·e·(d+a) + P·a·g}.
 * </ul>
 * With 3 tiers and {@code R = R2 = 1} this is exactly the {@code P}-ary fat-tree, with the same
 * ids and ports as {@link org.fabriclab.topology.fattree.FatTree}.
 *
 * <p>Ids, ports and labels follow the fat-tree: servers first (server {@code h} on edge switch
 * {@code h/d}, edge switch {@code t} in pod {@code t/e}), then edge, aggregation, core switches;
 * a switch's down ports come before its up ports. Labels {@code tier} (0 server, 1 edge/leaf,
 * 2 aggregation/spine, 3 core), {@code pod} (absent in 2 tiers and for core switches) and
 * {@code index} (position in the pod's tier, or in the whole tier where there are no pods).
 *
 * <p>Server orbits: all servers are equivalent — permuting the servers of an edge switch, the
 * edge switches of a pod (or the leaves), and the pods (each core switch reaches aggregation
 * switch {@code i} of every pod once) are automorphisms. Building is O(servers + cables).
 */
public final class Clos {
  /** Largest supported port count (the size limit further bounds 3-tier networks). */
  public static final int MAX_PORTS = 1024;

  private final int tiers;
  private final int ports;
  private final int down;
  private final int up;
  private final int aggDown;
  private final int aggUp;

  /**
   * @param tiers 2 or 3
   * @param ports switch port count {@code P}, 2..1024
   * @param oversubscription edge down:up ratio {@code R >= 1}, giving whole port counts
   * @param aggOversubscription aggregation down:up ratio {@code R2 >= 1} (3 tiers; 1 for 2 tiers)
   * @throws InvalidParameterException naming the parameter and its valid values
   */
  public Clos(int tiers, int ports, double oversubscription, double aggOversubscription) {
    if (tiers != 2 && tiers != 3) {
      throw new InvalidParameterException("clos --tiers", tiers, "valid range 2..3");
    }
    InvalidParameterException.requireRange("clos --ports", ports, 2, MAX_PORTS);
    this.tiers = tiers;
    this.ports = ports;
    this.up = split(ports, oversubscription, "oversubscription");
    this.down = ports - up;
    if (tiers == 2 && aggOversubscription != 1.0) {
      throw new InvalidParameterException(
          "clos --agg-oversubscription",
          "clos --agg-oversubscription applies to --tiers 3 only, valid value 1 with --tiers 2");
    }
    this.aggUp = tiers == 3 ? split(ports, aggOversubscription, "agg-oversubscription") : 0;
    this.aggDown = tiers == 3 ? ports - aggUp : 0;
    if (!SizeLimits.fits(estimate())) {
      int best = ports - 1;
      while (best >= 2
          && (uplinks(best, oversubscription) < 0
              || (tiers == 3 && uplinks(best, aggOversubscription) < 0)
              || !SizeLimits.fits(
                  new Clos(tiers, best, oversubscription, aggOversubscription, true).estimate()))) {
        best--;
      }
      throw new InvalidParameterException(
          "clos --ports",
          String.format(
              Locale.ROOT,
              "clos --ports %d is too large with --tiers %d --oversubscription %s"
                  + " --agg-oversubscription %s (at most 2^30 nodes and directed links),"
                  + " valid range 2..%d",
              ports, tiers, oversubscription, aggOversubscription, best));
    }
  }

  /** Unchecked: for the size search of the constructor only. */
  private Clos(int tiers, int ports, double r, double r2, boolean unchecked) {
    this.tiers = tiers;
    this.ports = ports;
    this.up = uplinks(ports, r);
    this.down = ports - up;
    this.aggUp = tiers == 3 ? uplinks(ports, r2) : 0;
    this.aggDown = tiers == 3 ? ports - aggUp : 0;
  }

  /** Up ports {@code u} of a {@code ports}-port switch with down:up = {@code ratio}, or -1. */
  private static int uplinks(int ports, double ratio) {
    if (ratio >= 1 && Double.isFinite(ratio)) {
      int u = (int) Math.round(ports / (ratio + 1));
      int d = ports - u;
      if (u >= 1 && d >= u && Math.abs(d - ratio * u) < 1e-6 * d) {
        return u;
      }
    }
    return -1;
  }

  /** Up ports {@code u} of a {@code ports}-port switch with down:up = {@code ratio}. */
  private static int split(int ports, double ratio, String name) {
    int found = uplinks(ports, ratio);
    if (found > 0) {
      return found;
    }
    List<String> valid = new ArrayList<>();
    for (int u = ports / 2; u >= 1; u--) {
      if ((ports - u) % u == 0) {
        valid.add(Integer.toString((ports - u) / u));
      }
    }
    throw new InvalidParameterException(
        "clos --" + name,
        String.format(
            Locale.ROOT,
            "clos --%s %s must split --ports %d into whole down:up port counts (down/up = ratio),"
                + " valid: %s or another down/up fraction >= 1",
            name, ratio, ports, String.join(", ", valid)));
  }

  /** The size for parameters that passed the constructor's checks; saturating. */
  public SizeEstimate estimate() {
    long p = ports;
    long servers;
    long switches;
    long cables;
    if (tiers == 2) {
      servers = p * down;
      switches = p + up;
      cables = p * p;
    } else {
      servers = SizeLimits.mul(p * aggDown, down);
      switches = p * (aggDown + up) + (long) up * aggUp;
      cables =
          SizeLimits.add(
              SizeLimits.mul(p * aggDown, down + up), SizeLimits.mul(p * up, aggUp));
    }
    return new SizeEstimate(
        SizeLimits.add(servers, switches), SizeLimits.mul(2, cables));
  }

  public int tiers() {
    return tiers;
  }

  public int ports() {
    return ports;
  }

  /** Server ports per edge switch, {@code d}. */
  public int serverPortsPerEdge() {
    return down;
  }

  /** Uplinks per edge switch, {@code u}. */
  public int uplinksPerEdge() {
    return up;
  }

  /** Pods (3 tiers: {@code P}); 0 for 2 tiers. */
  public int pods() {
    return tiers == 3 ? ports : 0;
  }

  /** Edge (leaf) switches in the network. */
  public int edgeSwitchCount() {
    return tiers == 2 ? ports : ports * aggDown;
  }

  /** Edge switches per pod ({@code e}); all leaves for 2 tiers. */
  public int edgesPerPod() {
    return tiers == 2 ? ports : aggDown;
  }

  /** Aggregation switches per pod ({@code a = u}); for 2 tiers, 0. */
  public int aggregationsPerPod() {
    return tiers == 3 ? up : 0;
  }

  /** Uplinks per aggregation switch ({@code g}); 0 for 2 tiers. */
  public int uplinksPerAggregation() {
    return aggUp;
  }

  /** The top tier: spines (2 tiers) or core switches (3 tiers). */
  public int topSwitchCount() {
    return tiers == 2 ? up : up * aggUp;
  }

  public int serverCount() {
    return edgeSwitchCount() * down;
  }

  public int switchCount() {
    return edgeSwitchCount() + (tiers == 3 ? ports * up : 0) + topSwitchCount();
  }

  /** Builds with a fresh builder sized by {@link #estimate()}. */
  public Topology build() {
    SizeEstimate e = estimate();
    return build(
        new TopologyBuilder(
            "clos",
            String.format(Locale.ROOT, "tiers=%d, ports=%d, down=%d, up=%d, agg-up=%d",
                tiers, ports, down, up, aggUp),
            (int) e.nodes(),
            (int) e.directedLinks()));
  }

  /** Adds the network to an empty builder (its link defaults apply) and builds it. */
  public Topology build(TopologyBuilder b) {
    if (b.nodeCount() != 0) {
      throw new IllegalStateException("builder must be empty");
    }
    int servers = serverCount();
    int edges = edgeSwitchCount();
    int e = edgesPerPod();
    b.labelFields("tier", "pod", "index");
    for (int h = 0; h < servers; h++) {
      if (tiers == 2) {
        b.addNode(NodeRole.SERVER, 0, -1, h);
      } else {
        b.addNode(NodeRole.SERVER, 0, h / (e * down), h % (e * down));
      }
    }
    for (int t = 0; t < edges; t++) {
      b.addNode(NodeRole.PACKET_SWITCH, 1, tiers == 2 ? -1 : t / e, t % e);
    }
    int aggFirst = servers + edges;
    if (tiers == 3) {
      for (int t = 0; t < ports * up; t++) {
        b.addNode(NodeRole.PACKET_SWITCH, 2, t / up, t % up);
      }
    }
    int topFirst = b.nodeCount();
    for (int c = 0; c < topSwitchCount(); c++) {
      b.addNode(NodeRole.PACKET_SWITCH, tiers == 2 ? 2 : 3, -1, c);
    }
    for (int h = 0; h < servers; h++) {
      b.addCable(h, servers + h / down);
    }
    if (tiers == 2) {
      for (int leaf = 0; leaf < edges; leaf++) {
        for (int s = 0; s < up; s++) {
          b.addCable(servers + leaf, topFirst + s);
        }
      }
    } else {
      for (int pod = 0; pod < ports; pod++) {
        for (int i = 0; i < e; i++) {
          for (int a = 0; a < up; a++) {
            b.addCable(servers + pod * e + i, aggFirst + pod * up + a);
          }
        }
      }
      for (int pod = 0; pod < ports; pod++) {
        for (int a = 0; a < up; a++) {
          for (int j = 0; j < aggUp; j++) {
            b.addCable(aggFirst + pod * up + a, topFirst + a * aggUp + j);
          }
        }
      }
    }
    b.serverOrbits(ServerOrbits.transitive(0, servers));
    return b.build();
  }
}
