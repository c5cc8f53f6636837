package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A flow-engine point reports what the fluid model knows: the bytes its flows delivered (the sum
 * of their sizes when all complete, their progress otherwise) and no packet counters (empty cells,
 * never 0). In a sweep that mixes engines, the packet points keep their counters.
 */
class FlowEngineMetricsTest {
  private static final List<String> PACKET_COUNTERS = List.of("dataPackets", "controlPackets", "packetHops", "drops");

  private static Path trace(Path dir) throws Exception {
    // fat-tree k = 4: 3 + 4 + 5 flows of known sizes between hosts of different pods
    return Files.writeString(dir.resolve("t.csv"), "flow_id,src_host,dst_host,start_ns,size_bytes\n"
        + "0,0,15,0,10000\n1,1,14,0,250000\n2,4,9,1000,12000000\n3,8,2,2000,777\n");
  }

  private static Point point(String engine, Path trace, String untilMs) {
    LinkedHashMap<String, String> p = new LinkedHashMap<>();
    p.put("topology", "fattree");
    p.put("topology.k", "4");
    p.put("simulate.engine", engine);
    p.put("simulate.until-ms", untilMs);
    p.put("workload.type", "trace");
    p.put("workload.trace", trace.toString());
    return new Point(0, "simulate", p, 0, 7);
  }

  @Test
  void flowPointDeliversTheSumOfItsCompletedFlowsAndHasNoPacketCounters(@TempDir Path dir) throws Exception {
    Map<String, String> m = PointRunner.run(point("flow", trace(dir), "")).metrics();
    assertThat(m.get("completedFlows.all")).isEqualTo("4");
    assertThat(m.get("deliveredBytes")).isEqualTo(Long.toString(10_000 + 250_000 + 12_000_000 + 777));
    for (String k : PACKET_COUNTERS) {
      assertThat(m).as(k).containsEntry(k, "");
    }
    Map<String, String> pk = PointRunner.run(point("packet", trace(dir), "")).metrics();
    for (String k : PACKET_COUNTERS) {
      assertThat(pk.get(k)).as(k).matches("[0-9]+");
    }
    assertThat(Long.parseLong(pk.get("dataPackets"))).isPositive();
  }

  @Test
  void anUnfinishedFlowCountsWhatItSent(@TempDir Path dir) throws Exception {
    // at 2 ms: flows 0, 1 and 3 are done (each alone at 10 Gb/s); flow 2 (12 MB from 1 µs) has
    // sent 1.25 B/ns · 1,999,000 ns
    Map<String, String> m = PointRunner.run(point("flow", trace(dir), "2")).metrics();
    assertThat(m.get("completedFlows.all")).isEqualTo("3");
    assertThat(m.get("deliveredBytes")).isEqualTo(Long.toString(10_000 + 250_000 + 777 + 1_999_000L * 5 / 4));
  }

  @Test
  void aSweepMixingEnginesDoesNotReportZeroForTheFlowEngine(@TempDir Path dir) throws Exception {
    Path spec = Files.writeString(dir.resolve("s.yaml"), "name: mix\nkind: simulate\ntopologies:\n"
        + "  - family: fattree\n    k: 4\nsimulate:\n  engine: [flow, packet]\n  workload:\n"
        + "    type: trace\n    trace: " + trace(dir) + "\n");
    Path out = dir.resolve("run");
    CliRun.Result r = CliRun.run("run", spec.toString(), "--out", out.toString(), "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    List<String> rows = Files.readAllLines(out.resolve("results.csv"));
    int engine = List.of(rows.get(0).split(",", -1)).indexOf("simulate.engine");
    for (String row : rows.subList(1, rows.size())) {
      String[] c = row.split(",", -1);
      String metric = c[c.length - 2];
      String value = c[c.length - 1];
      boolean flow = c[engine].equals("flow");
      if (metric.equals("deliveredBytes")) {
        assertThat(Long.parseLong(value)).as(row).isGreaterThanOrEqualTo(12_260_777L);
      } else if (PACKET_COUNTERS.contains(metric)) {
        assertThat(value).as(row).matches(flow ? "" : "[0-9]+");
      }
    }
    assertThat(rows).anyMatch(l -> l.contains(",flow,") && l.endsWith(",deliveredBytes,12260777"));
  }
}
