package org.fabriclab.shufflecast;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.topology.mltree.MinimalLayerTree;

/**
 * Active ports, transceivers, power, capital cost and latency of one cluster-wide one-to-all
 * multicast tree (seed 000 §II-B Fig. 1, §VI-A(a)(b)(c), Table I) for the three architectures:
 * <ul>
 *   <li>peer-to-peer overlay on the OCS core: a chain through all ToRs, 2 active ports each;
 *       no extra capital cost (it reuses the unicast core, §II-B);
 *   <li>IP multicast on the minimal-layer packet-switched core of {@link MinimalLayerTree} built
 *       from switches with the ToRs' port count: 1 uplink per ToR plus the tree's used ports;
 *   <li>Shufflecast: 2 active ports on each of the {@code k·p^(k−1)} relays, 1 on every other ToR.
 * </ul>
 * Each active port has one transceiver; power = ports × (port W + transceiver W). Capital cost:
 * ports × (port + transceiver) + splitters + fibres. Decisions where the paper is silent: a
 * Shufflecast tree has one splitter per relay (the smallest Table I fan-out ≥ p) and p fibres
 * per relay (one per splitter output); IP multicast counts one fibre per active transceiver port
 * (the reading under which, as §VI-A(c) states, the cost improvement exceeds the port-count ratio
 * and falls towards it as port prices grow); all fibres are 100 m. Latency: hops × (1 µs switch
 * forwarding + 0.5 µs for 100 m of fibre + 64 B at 100 Gbps) = 1.505 µs per hop (§VI-A(a)).
 *
 * <p>Complexity: O(1) per count ({@link MinimalLayerTree#treeSwitchPorts} is O(layers)); average
 * IP-multicast hop count O(T²·layers), Shufflecast O(N·k).
 */
public final class PowerCostModel {
  /**
   * Per-hop latency of §VI-A(a) in µs as the paper rounds it: 1 µs forwarding + 0.5 µs for 100 m
   * of fibre + 0.005 µs to send 64 B at 100 Gbps (exactly 0.00512 µs).
   */
  public static final double HOP_LATENCY_US = 1.0 + 0.5 + 0.005;

  private final ComponentCatalog catalog;

  /**
   * Resources of one architecture's one-to-all tree.
   *
   * @param architecture overlay, ipMulticast or shufflecast
   * @param activePorts active switch ports
   * @param transceivers transceivers (one per active port)
   * @param splitters optical splitters
   * @param fibres 100 m duplex fibres
   * @param powerW power of ports and transceivers
   * @param capitalCostUsd extra capital cost (0 for the overlay)
   */
  public record Tree(
      String architecture, long activePorts, long transceivers, long splitters, long fibres,
      double powerW, double capitalCostUsd) {}

  public PowerCostModel(ComponentCatalog catalog) {
    this.catalog = catalog;
  }

  public ComponentCatalog catalog() {
    return catalog;
  }

  private double portW(int gbps) {
    return catalog.switchPort(gbps).powerW() + catalog.transceiver(gbps).powerW();
  }

  private double portUsd(int gbps) {
    return catalog.switchPort(gbps).costUsd() + catalog.transceiver(gbps).costUsd();
  }

  public Tree overlay(int tors, int gbps) {
    long ports = 2L * tors;
    return new Tree("overlay", ports, ports, 0, 0, ports * portW(gbps), 0);
  }

  /** {@code tors} ToRs with {@code switchPorts}-port switches in the minimal-layer core. */
  public Tree ipMulticast(int tors, int switchPorts, int gbps) {
    InvalidParameterException.requireRange("--switch-ports", switchPorts, 3, MinimalLayerTree.MAX_PORTS);
    long ports = tors + MinimalLayerTree.treeSwitchPorts(tors, switchPorts);
    double fibre = catalog.fibre().costUsd();
    return new Tree("ipMulticast", ports, ports, 0, ports, ports * portW(gbps),
        ports * (portUsd(gbps) + fibre));
  }

  /** A one-to-all tree of p,k-Shufflecast. */
  public Tree shufflecast(int p, int k, int gbps) {
    ShufflecastTopology t = new ShufflecastTopology(p, k);
    long relays = (long) k * t.pow(k - 1);
    long ports = t.tors() + relays;
    long fibres = relays * p;
    double cost = ports * portUsd(gbps) + relays * catalog.splitterFor(p).costUsd()
        + fibres * catalog.fibre().costUsd();
    return new Tree("shufflecast", ports, ports, relays, fibres, ports * portW(gbps), cost);
  }

  /**
   * Deployment cost per ToR of p,k-Shufflecast (§VI-A(c)): one splitter, p transceivers, p
   * switch ports and p fibres.
   */
  public double perTorCostUsd(int p, int gbps) {
    return catalog.splitterFor(p).costUsd() + p * (portUsd(gbps) + catalog.fibre().costUsd());
  }

  /**
   * The instance §VI-A uses for {@code tors} ToRs: {@code k·p^k = tors} with {@code 2 ≤ p ≤ maxP}
   * and the smallest k; {@code null} when no such instance exists. §VI-A uses {@code maxP = 8};
   * a ToR must also keep a port for its server, so callers pass {@code min(8, ports − 1)} (the
   * 8-ToR, 4-port example of §VI-A(b) is then 2,2-Shufflecast, not 8,1).
   */
  public static int[] instanceFor(int tors, int maxP) {
    for (int k = 1; k <= 16; k++) {
      for (int p = 2; p <= maxP; p++) {
        if (ShufflecastTopology.tors(p, k) == tors) {
          return new int[] {p, k};
        }
      }
    }
    return null;
  }

  /** Average hops of a one-to-all multicast over Shufflecast (source 0; all sources are alike). */
  public static double shufflecastAverageHops(int p, int k) {
    int[] h = new ShufflecastRouting(new ShufflecastTopology(p, k)).hops(0);
    long sum = 0;
    for (int x : h) {
      sum += x;
    }
    return (double) sum / (h.length - 1);
  }

  /**
   * Average hops from a ToR to the other ToRs in the minimal-layer tree (up to the lowest common
   * ancestor and down), averaged over every source.
   */
  public static double ipMulticastAverageHops(int tors, int switchPorts) {
    int[] layers = MinimalLayerTree.layerSizes(tors, switchPorts);
    int[][] anc = new int[layers.length][tors];
    for (int t = 0; t < tors; t++) {
      int i = t;
      for (int l = 0; l < layers.length; l++) {
        i = layers[l] == 1 ? 0 : i / (switchPorts - 1);
        anc[l][t] = i;
      }
    }
    long sum = 0;
    for (int a = 0; a < tors; a++) {
      for (int b = 0; b < tors; b++) {
        if (a == b) {
          continue;
        }
        int l = 0;
        while (anc[l][a] != anc[l][b]) {
          l++;
        }
        sum += 2L * (l + 1);
      }
    }
    return tors < 2 ? 0 : (double) sum / ((long) tors * (tors - 1));
  }
}
