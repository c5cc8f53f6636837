package org.fabriclab.gleam;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.units.Time;

/**
 * The fabric of seed 002's simulations (§5.3): "a large-scale 3-layer fat-tree topology with 16384
 * servers and a 1:1 oversubscription ratio", "each server … one 200Gbps RNIC, and each switch has
 * 64 200Gbps ports".
 *
 * <p>Decision: a k-ary fat-tree of 64-port switches has 65,536 servers (64 pods), so 16,384 servers
 * with every switch at 64 ports is a 3-tier Clos of {@code Q = 16} pods: a pod has {@code P/2 = 32}
 * edge switches (32 servers down, 32 up) and 32 aggregation switches (32 down to every edge of
 * the pod, 32 up); there are {@code Q·P/4 = 256} core switches in {@code Q/2 = 8} groups of
 * {@code P/2 = 32}; core group {@code j} connects to aggregation switches {@code j·(P/Q) ..
 * j·(P/Q) + P/Q − 1} of every pod ({@code P/Q = 4} each, so a core uses all 64 ports: 16 pods × 4)
 * and aggregation switch {@code a} to the 32 cores of group {@code a/(P/Q)}. Every tier has
 * 32 × 16 × 32 = 16,384 links up and down: 1:1, full bisection. With {@code Q = P} this is the
 * P-ary fat-tree. 512 edge + 512 aggregation + 256 core = 1,280 switches.
 *
 * <p>Links: {@code linkGbps} (200) and 1 µs propagation (not in the paper; the usual ns-3 RDMA
 * setting, a model input that only matters for the µs-scale latency terms). Ids: servers first
 * (server {@code h} on edge {@code h/(P/2)}), then edge, aggregation, core switches; a switch's
 * down ports come before its up ports. O(servers + links) to build.
 */
public final class HplFabric {
  /** Link propagation delay of the simulations (a model input, see the class comment). */
  public static final long LINK_DELAY_PS = Time.us(1);
  /** The paper's switch port count and line rate. */
  public static final int PAPER_PORTS = 64;
  public static final int PAPER_PODS = 16;
  public static final double PAPER_GBPS = 200;

  private HplFabric() {}

  /** The paper's fabric: 64 ports, 16 pods, 16,384 servers, 200 Gb/s. */
  public static Topology paper() {
    return build(PAPER_PORTS, PAPER_PODS, PAPER_GBPS);
  }

  /** Servers of a fabric: {@code Q · (P/2)²}. */
  public static int servers(int ports, int pods) {
    return pods * (ports / 2) * (ports / 2);
  }

  /**
   * @param ports switch port count P, even, 4..128
   * @param pods pod count Q, even, 2..P, dividing P
   */
  public static Topology build(int ports, int pods, double linkGbps) {
    if (ports < 4 || ports > 128 || ports % 2 != 0) {
      throw new InvalidParameterException("ports", ports, "an even number in 4..128");
    }
    if (pods < 2 || pods > ports || pods % 2 != 0 || ports % pods != 0) {
      throw new InvalidParameterException("pods", pods, "an even divisor of ports (" + ports + ") >= 2");
    }
    int half = ports / 2;
    int perCoreGroup = ports / pods; // aggregation switches per pod reached by one core
    int edges = pods * half;
    int aggs = pods * half;
    int cores = pods * ports / 4;
    int hosts = edges * half;
    long bps = Math.round(linkGbps * 1e9);
    TopologyBuilder b = new TopologyBuilder("gleam-hpl-clos", "P=" + ports + " Q=" + pods,
        hosts + edges + aggs + cores, 2 * 3 * hosts).defaults(bps, LINK_DELAY_PS);
    int h0 = b.addNodes(NodeRole.SERVER, hosts);
    int e0 = b.addNodes(NodeRole.PACKET_SWITCH, edges);
    int a0 = b.addNodes(NodeRole.PACKET_SWITCH, aggs);
    int c0 = b.addNodes(NodeRole.PACKET_SWITCH, cores);
    for (int h = 0; h < hosts; h++) {
      b.addCable(h0 + h, e0 + h / half);
    }
    for (int e = 0; e < edges; e++) {
      int pod = e / half;
      for (int a = 0; a < half; a++) {
        b.addCable(e0 + e, a0 + pod * half + a);
      }
    }
    for (int ag = 0; ag < aggs; ag++) {
      int a = ag % half;
      int group = a / perCoreGroup;
      for (int c = 0; c < half; c++) {
        b.addCable(ag + a0, c0 + group * half + c);
      }
    }
    return b.build();
  }
}
