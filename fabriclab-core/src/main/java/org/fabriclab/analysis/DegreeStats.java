package org.fabriclab.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.table.Table;

/**
 * Port counts (out-degree: directed links leaving a node, so a cable counts once per end) per
 * node role, plus the same over all non-server nodes. One pass, O(n).
 *
 * @param roles one entry per role present, in {@link NodeRole} order
 * @param switches all non-server nodes together ({@code count == 0} when there is none)
 */
public record DegreeStats(List<RoleDegrees> roles, RoleDegrees switches) {
  public DegreeStats {
    roles = List.copyOf(roles);
  }

  /**
   * Degrees of one group of nodes.
   *
   * @param group a role id ({@link NodeRole#id()}) or {@code "switches"}
   * @param count number of nodes
   * @param min smallest degree (0 when count is 0)
   * @param max largest degree (0 when count is 0)
   * @param mean mean degree (NaN when count is 0)
   */
  public record RoleDegrees(String group, long count, int min, int max, double mean) {}

  /** Degree statistics of {@code t}; O(n). */
  public static DegreeStats of(Topology t) {
    int k = NodeRole.values().length;
    long[] count = new long[k + 1];
    long[] sum = new long[k + 1];
    int[] min = new int[k + 1];
    int[] max = new int[k + 1];
    Arrays.fill(min, Integer.MAX_VALUE);
    for (int v = 0; v < t.nodeCount(); v++) {
      int r = t.role(v).ordinal();
      int d = t.degree(v);
      add(count, sum, min, max, r, d);
      if (!t.isServer(v)) {
        add(count, sum, min, max, k, d);
      }
    }
    List<RoleDegrees> rows = new ArrayList<>();
    for (NodeRole role : NodeRole.values()) {
      int g = role.ordinal();
      if (count[g] > 0) {
        rows.add(group(role.id(), count[g], sum[g], min[g], max[g]));
      }
    }
    return new DegreeStats(rows, group("switches", count[k], sum[k], min[k], max[k]));
  }

  private static void add(long[] count, long[] sum, int[] min, int[] max, int g, int d) {
    count[g]++;
    sum[g] += d;
    min[g] = Math.min(min[g], d);
    max[g] = Math.max(max[g], d);
  }

  private static RoleDegrees group(String name, long count, long sum, int min, int max) {
    if (count == 0) {
      return new RoleDegrees(name, 0, 0, 0, Double.NaN);
    }
    return new RoleDegrees(name, count, min, max, (double) sum / count);
  }

  /** Degrees of the servers (count 0 when there is none). */
  public RoleDegrees servers() {
    return role(NodeRole.SERVER);
  }

  /** Degrees of one role (count 0 when there is no node of that role). */
  public RoleDegrees role(NodeRole role) {
    for (RoleDegrees r : roles) {
      if (r.group().equals(role.id())) {
        return r;
      }
    }
    return new RoleDegrees(role.id(), 0, 0, 0, Double.NaN);
  }

  /** One row per role present: {@code role, count, minDegree, maxDegree, meanDegree}. */
  public Table toTable() {
    Table.Builder b =
        Table.builder("degrees")
            .stringColumn("role")
            .longColumn("count")
            .longColumn("minDegree")
            .longColumn("maxDegree")
            .doubleColumn("meanDegree");
    for (RoleDegrees r : roles) {
      b.row(r.group(), r.count(), r.min(), r.max(), r.mean());
    }
    return b.build();
  }
}
