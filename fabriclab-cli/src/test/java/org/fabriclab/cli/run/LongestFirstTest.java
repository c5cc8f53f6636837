package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

class LongestFirstTest {
  private static Point sim(int index, String engine, int flows) {
    LinkedHashMap<String, String> params = new LinkedHashMap<>();
    params.put("simulate.engine", engine);
    params.put("workload.flows", Integer.toString(flows));
    return new Point(index, "simulate", params, 0, index);
  }

  private static List<Integer> indices(List<Point> points) {
    return points.stream().map(Point::index).toList();
  }

  @Test
  void packetPointsAndLargerWorkloadsStartFirstTiesInSpecOrder() {
    // The benchmark sweep's layout: engines alternate in blocks, packet points last.
    List<Point> pts = List.of(sim(0, "flow", 300), sim(1, "flow", 300), sim(2, "packet", 300),
        sim(3, "packet", 300), sim(4, "flow", 5000), sim(5, "packet", 100));
    // costs: 300, 300, 6000, 6000, 5000, 2000 (packet = 20 × flows)
    assertThat(indices(LongestFirst.order(pts))).containsExactly(2, 3, 4, 5, 0, 1);
  }

  private static Point collective(int index, String engine, long sizeBytes) {
    LinkedHashMap<String, String> params = new LinkedHashMap<>();
    params.put("collective.engine", engine);
    params.put("collective.size", Long.toString(sizeBytes));
    return new Point(index, "collective", params, 0, index);
  }

  @Test
  void collectivePointsCostTheirSizeInKibWeightedByEngine() {
    List<Point> pts = List.of(collective(0, "flow", 1 << 20), collective(1, "packet", 64 << 10),
        collective(2, "flow", 64 << 20), collective(3, "packet", 1 << 20));
    // costs: 1024, 64 x 20 = 1280, 65536, 1024 x 20 = 20480
    assertThat(indices(LongestFirst.order(pts))).containsExactly(2, 3, 1, 0);
  }

  @Test
  void otherKindsKeepTheirSpecOrder() {
    List<Point> pts = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      pts.add(new Point(i, i % 2 == 0 ? "topo" : "throughput", new LinkedHashMap<>(), 0, i));
    }
    assertThat(indices(LongestFirst.order(pts))).containsExactly(0, 1, 2, 3, 4);
  }

  @Test
  void onTwoWorkersTheLongPointNoLongerEndsTheRun() {
    // 7 points of 1 unit then one of 4, on 2 workers that take the next point when free. Spec order:
    // the units split 4 / 3, the long point joins the 3 and ends at 7. Longest first: 4 on one
    // worker, the units fill the other to 4, then alternate: 6 / 5, ending at 6, which is optimal
    // (11 units of whole points cannot split better than 6 / 5).
    List<Point> pts = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      pts.add(sim(i, "flow", 100));
    }
    pts.add(sim(7, "flow", 400));
    assertThat(makespan(pts)).isEqualTo(700);
    assertThat(makespan(LongestFirst.order(pts))).isEqualTo(600);
  }

  /** List scheduling on 2 workers with costs = flows (all flow-engine points here). */
  private static long makespan(List<Point> order) {
    long a = 0;
    long b = 0;
    for (Point p : order) {
      long c = Long.parseLong(p.get("workload.flows", "0"));
      if (a <= b) {
        a += c;
      } else {
        b += c;
      }
    }
    return Math.max(a, b);
  }
}
