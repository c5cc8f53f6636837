package org.fabriclab.cli.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The order in which an executor starts a sweep's points: longest expected first (LPT list
 * scheduling, Graham 1969: with {@code m} workers the makespan is at most 4/3 − 1/(3m) of the
 * optimum, against 2 − 1/m for an arbitrary order). Points run on a shared queue, so a long point
 * started last keeps one worker busy while the others idle; starting the long ones first lets the
 * short ones fill the end.
 *
 * <p>The expected cost is a coarse estimate from the point's own fields, never from a run:
 * {@code simulate} points cost their flow count, times {@link #PACKET_WEIGHT} on the packet engine
 * (a packet-level point of the benchmark sweep takes about 10× to 30× its flow-level twin);
 * {@code collective} points their size in KiB, with the same packet weight; other kinds keep their
 * spec order. Ties keep the spec order, so the order is a pure function of the
 * points. Results do not depend on it: every point is a pure function of its spec and seed, and
 * {@link SweepRunner} writes rows in point order.
 */
public final class LongestFirst {
  /** Cost factor of the packet engine over the flow engine for the same workload. */
  static final long PACKET_WEIGHT = 20;

  private LongestFirst() {}

  /** The points, longest expected first; ties in their given order. O(n log n). */
  public static List<Point> order(List<Point> points) {
    List<Point> out = new ArrayList<>(points);
    out.sort(Comparator.comparingLong(LongestFirst::expectedCost).reversed());
    return out;
  }

  /** A point's expected cost in arbitrary units; 0 when no estimate applies. */
  static long expectedCost(Point p) {
    if ("collective".equals(p.kind())) {
      // bytes a rank handles, a coarse proxy of the transfers' work
      long bytes;
      try {
        bytes = Math.max(1, Long.parseLong(p.get("collective.size", "1")) / 1024);
      } catch (NumberFormatException e) {
        bytes = 1;
      }
      return "packet".equals(p.get("collective.engine", "packet")) ? bytes * PACKET_WEIGHT : bytes;
    }
    if (!"simulate".equals(p.kind())) {
      return 0;
    }
    long flows;
    try {
      flows = Math.max(1, Long.parseLong(p.get("workload.flows", "1000")));
    } catch (NumberFormatException e) {
      flows = 1000;
    }
    return "packet".equals(p.get("simulate.engine", "flow")) ? flows * PACKET_WEIGHT : flows;
  }
}
