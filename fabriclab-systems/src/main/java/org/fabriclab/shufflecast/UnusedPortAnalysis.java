package org.fabriclab.shufflecast;

import java.util.ArrayList;
import java.util.List;

/**
 * How often a ToR switch has unused ports (seed 000 §IV-A and Appendix B, Fig. 10): for every
 * configuration (rack size, per-server network ports, oversubscription) the ToR switch that
 * leaves the least bandwidth unused is chosen from a catalogue, and its unused ports and
 * bandwidth are counted.
 *
 * <p>Decisions where Appendix B is silent: a rack of U units holds U − 2 one-unit servers (one unit
 * for the ToR, one for power and cabling); racks are the standard 18, 22, 24, 27, 32, 36, 42, 45, 47
 * and 48U; oversubscription x:1 for x ∈ {1, 1.5, 2, …, 10, 20} (the listed ratios plus every
 * integer up to 10). Server ports take native switch ports of their speed first, then 4-lane
 * breakouts (40 → 4×10, 100 → 4×25 Gbps; a 100 Gbps port also runs at 40); uplinks take the fastest
 * remaining ports until they carry downlink/oversubscription. Unused ports are the untouched ones;
 * unused bandwidth adds their speeds and the idle lanes of half-used breakouts. The paper names 5
 * switch models exactly and gives ranges for the rest (it says 14 types but lists 2 + 2 + 3 + 8);
 * the unnamed ones here are common configurations inside its ranges, so the shares depend on
 * them. O(configurations × switches × port groups).
 */
public final class UnusedPortAnalysis {
  /** A switch model: port groups {count, Gbps}. */
  public record Switch(String name, int[][] groups) {}

  /** The catalogue: Appendix B's named models and, within its ranges, our choice of the others. */
  public static List<Switch> catalogue() {
    return List.of(
        new Switch("HP 24x10", new int[][] {{24, 10}}),
        new Switch("HP 48x10+4x40", new int[][] {{48, 10}, {4, 40}}),
        new Switch("Juniper 32x10", new int[][] {{32, 10}}),
        new Switch("Juniper 48x10+4x100", new int[][] {{48, 10}, {4, 100}}),
        new Switch("Arista 32x10+4x40", new int[][] {{32, 10}, {4, 40}}),
        new Switch("Arista 64x10+4x40", new int[][] {{64, 10}, {4, 40}}),
        new Switch("Arista 96x10+8x40", new int[][] {{96, 10}, {8, 40}}),
        new Switch("Cisco 32x40", new int[][] {{32, 40}}),
        new Switch("Cisco 48x10+6x40", new int[][] {{48, 10}, {6, 40}}),
        new Switch("Cisco 48x10+6x100", new int[][] {{48, 10}, {6, 100}}),
        new Switch("Cisco 48x25+6x100", new int[][] {{48, 25}, {6, 100}}),
        new Switch("Cisco 48x25+8x100", new int[][] {{48, 25}, {8, 100}}),
        new Switch("Cisco 32x100", new int[][] {{32, 100}}),
        new Switch("Cisco 36x100", new int[][] {{36, 100}}),
        new Switch("Cisco 64x100", new int[][] {{64, 100}}));
  }

  /** Rack sizes (U). */
  private static final int[] RACKS = {18, 22, 24, 27, 32, 36, 42, 45, 47, 48};

  /** Per-server ports {count, Gbps}: 10, 2×10, 25, 40, 2×25 Gbps. */
  private static final int[][] SERVER_PORTS = {{1, 10}, {2, 10}, {1, 25}, {1, 40}, {2, 25}};

  /** Oversubscription ratios x (x:1). */
  private static final double[] OVERSUBSCRIPTION = {1, 1.5, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20};

  /**
   * One configuration and the best switch for it.
   *
   * @param rackU rack units
   * @param serverPorts ports per server
   * @param serverGbps speed of each
   * @param oversubscription x of x:1
   * @param switchName chosen switch, or null if none fits
   * @param unusedPorts untouched ports
   * @param unusedGbps their bandwidth plus idle breakout lanes
   */
  public record Case(int rackU, int serverPorts, int serverGbps, double oversubscription,
      String switchName, int unusedPorts, double unusedGbps) {}

  /** Every configuration, each with its least-unused-bandwidth switch (ties: fewer unused ports). */
  public static List<Case> run() {
    List<Case> out = new ArrayList<>();
    for (int u : RACKS) {
      for (int[] sp : SERVER_PORTS) {
        for (double os : OVERSUBSCRIPTION) {
          Case best = null;
          for (Switch sw : catalogue()) {
            Case c = fit(sw, u - 2, sp[0], sp[1], os, u);
            if (c != null && (best == null || c.unusedGbps() < best.unusedGbps()
                || (c.unusedGbps() == best.unusedGbps() && c.unusedPorts() < best.unusedPorts()))) {
              best = c;
            }
          }
          out.add(best != null ? best : new Case(u, sp[0], sp[1], os, null, 0, 0));
        }
      }
    }
    return out;
  }

  /** Places the servers and uplinks of one configuration on {@code sw}; null if it does not fit. */
  static Case fit(Switch sw, int servers, int portsPerServer, int gbps, double os, int rackU) {
    int[][] g = new int[sw.groups().length][];
    for (int i = 0; i < g.length; i++) {
      g[i] = sw.groups()[i].clone();
    }
    int need = servers * portsPerServer;
    double idleLanes = 0;
    // native ports (a 100 Gbps port also runs at 40)
    for (int[] grp : g) {
      if (grp[1] == gbps || (gbps == 40 && grp[1] == 100)) {
        int take = Math.min(need, grp[0]);
        grp[0] -= take;
        need -= take;
      }
    }
    // 4-lane breakouts: 40 → 4×10, 100 → 4×25
    for (int[] grp : g) {
      if (need > 0 && grp[1] == 4 * gbps) {
        int ports = Math.min(grp[0], (need + 3) / 4);
        grp[0] -= ports;
        int lanes = ports * 4;
        idleLanes += Math.max(0, lanes - need) * (double) gbps;
        need = Math.max(0, need - lanes);
      }
    }
    if (need > 0) {
      return null;
    }
    double uplink = servers * portsPerServer * (double) gbps / os;
    while (uplink > 1e-9) {
      int fastest = -1;
      for (int i = 0; i < g.length; i++) {
        if (g[i][0] > 0 && (fastest < 0 || g[i][1] > g[fastest][1])) {
          fastest = i;
        }
      }
      if (fastest < 0) {
        return null;
      }
      g[fastest][0]--;
      uplink -= g[fastest][1];
    }
    int unused = 0;
    double unusedGbps = idleLanes;
    for (int[] grp : g) {
      unused += grp[0];
      unusedGbps += (double) grp[0] * grp[1];
    }
    return new Case(rackU, portsPerServer, gbps, os, sw.name(), unused, unusedGbps);
  }
}
