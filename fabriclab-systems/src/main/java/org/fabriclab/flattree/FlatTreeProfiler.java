package org.fabriclab.flattree;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.fabriclab.analysis.HopHistogram;
import org.fabriclab.analysis.ServerPairDistances;
import org.fabriclab.graph.Topology;
import org.fabriclab.table.Table;

/**
 * The profiling of m and n of Flat-tree (seed 001_5e703544cea19579.txt, §2.4, §3.2, Fig. 5): over
 * a grid of m and n at the interval k/8 (rounded to the closest integer, halves up) with
 * {@code m + n <= k/2}, build the approximate global random graph under the preferred Pod-core
 * pattern (§3.2's rule) and measure the average path length over all ordered server pairs; the
 * best setting is the shortest among those that connect every server pair (m = h/r, for one, hands
 * every core-side connector to a server and cuts the cores off; such points get an infinite
 * average). Cost: one exact {@link ServerPairDistances} per grid point, each
 * O(S·(n+m)) for S distinct server attachment switches — at most 15 grid points.
 */
public final class FlatTreeProfiler {
  private final int k;
  private final int threads;

  /** One grid point. */
  public record Point(int m, int n, double averagePathLength) {}

  /** The grid and its best point (shortest average path length; ties: smaller m, then n). */
  public record Profile(int k, List<Point> points, Point best) {
    public Profile {
      points = List.copyOf(points);
    }

    /** Columns {@code k, m, n, avgPathLength}. */
    public Table toTable(String name) {
      Table.Builder b =
          Table.builder(name).longColumn("k").longColumn("m").longColumn("n").doubleColumn("avgPathLength");
      for (Point p : points) {
        b.row((long) k, (long) p.m(), (long) p.n(), p.averagePathLength());
      }
      return b.build();
    }
  }

  /**
   * @param k fat-tree parameter, even, 4..256
   * @param threads worker threads of the path-length analysis
   */
  public FlatTreeProfiler(int k, int threads) {
    ClosLayout.fatTree(k);
    this.k = k;
    this.threads = threads;
  }

  /** The grid values {@code round(i·k/8)}, i = 0..4, without duplicates, ascending. */
  public List<Integer> gridValues() {
    TreeSet<Integer> v = new TreeSet<>();
    for (int i = 0; i <= 4; i++) {
      v.add((int) Math.round(i * k / 8.0));
    }
    return new ArrayList<>(v);
  }

  /** Runs the whole grid. */
  public Profile run() {
    List<Point> points = new ArrayList<>();
    Point best = null;
    for (int m : gridValues()) {
      for (int n : gridValues()) {
        if (m + n > k / 2) {
          continue;
        }
        Point p = new Point(m, n, averagePathLength(m, n));
        points.add(p);
        if (best == null || p.averagePathLength() < best.averagePathLength() - 1e-12) {
          best = p;
        }
      }
    }
    return new Profile(k, points, best);
  }

  /**
   * Average server-pair path length of the global mode with given m, n; positive infinity when
   * some server pair is disconnected.
   */
  public double averagePathLength(int m, int n) {
    Topology t = new FlatTreeController(FlatTree.ofFatTree(k, m, n)).convert(FlatTreeMode.GLOBAL).logicalTopology();
    HopHistogram h = ServerPairDistances.compute(t, threads, Long.MAX_VALUE, 1);
    return h.unreachablePairs() > 0 ? Double.POSITIVE_INFINITY : h.mean();
  }
}
