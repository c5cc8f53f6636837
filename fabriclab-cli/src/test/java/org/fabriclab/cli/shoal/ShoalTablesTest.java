package org.fabriclab.cli.shoal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;

/**
 * {@code shoal sim|schedule|failures} in the table formats: csv is the natural table (one row per
 * flow, slot x node, component), never JSON in a cell, with the scalar keys as one {@code summary:}
 * line on stderr; a value that does not exist is JSON null, an empty CSV cell and n/a in md.
 */
class ShoalTablesTest {
  private static final String[] POISSON = {"shoal", "sim", "--nodes", "32", "--workload", "poisson", "--flows", "500",
    "--load", "0.5", "--stop-after", "300", "--no-progress"};

  private static String[] with(String[] base, String... extra) {
    String[] a = java.util.Arrays.copyOf(base, base.length + extra.length);
    System.arraycopy(extra, 0, a, base.length, extra.length);
    return a;
  }

  private static List<String> lines(Result r) {
    assertThat(r.code()).as(r.err()).isZero();
    return List.of(r.out().split("\n"));
  }

  @Test
  void unfinishedFlowsAndUnmeasuredKeysAreNullInJson() throws Exception {
    JsonNode j = json(with(POISSON, "--json"));
    assertThat(j.get("completed").asInt()).isEqualTo(300);
    int unfinished = 0;
    for (JsonNode f : j.get("flows")) {
      unfinished += f.get("endNs").isNull() ? 1 : 0;
      assertThat(f.get("endNs").isNull() || f.get("endNs").asDouble() > 0).isTrue();
    }
    assertThat(unfinished).isEqualTo(500 - 300); // the run stopped at its 300th completion
    assertThat(j.get("maxReorderBytes").isNull()).isTrue(); // no --reordering
    assertThat(j.get("maxQueueCells").asInt()).isPositive();
    JsonNode measured = json(with(POISSON, "--json", "--reordering"));
    assertThat(measured.get("maxReorderBytes").isNumber()).isTrue();
  }

  @Test
  void baselineHasNoSlotQueues() throws Exception {
    JsonNode j = json("shoal", "sim", "--on", "dctcp", "--nodes", "512", "--workload", "incast", "--senders", "7",
        "--size", "392", "--no-progress", "--json");
    assertThat(j.get("maxQueueCells").isNull()).isTrue();
    assertThat(j.get("maxNodeQueueCells").isNull()).isTrue();
    assertThat(j.get("longGoodputGbps").isNull()).isTrue(); // 392 B flows: no long flow
  }

  @Test
  void simCsvIsOneRowPerFlow() {
    Result r = run(with(POISSON, "--format", "csv"));
    List<String> rows = lines(r);
    assertThat(rows.get(0)).isEqualTo("id,src,dst,bytes,startNs,endNs");
    assertThat(rows).hasSize(1 + 500).noneMatch(l -> l.contains("{") || l.contains("-1"));
    assertThat(rows.stream().filter(l -> l.endsWith(",")).count()).isEqualTo(200); // unfinished: empty endNs
    assertThat(rows.get(1)).startsWith("0,");
    assertThat(r.err()).contains("summary:").contains("completed=300").contains("maxReorderBytes=n/a")
        .contains("longGoodputGbps=n/a").doesNotContain("flows=");
  }

  @Test
  void simMarkdownShowsNaForMissingKeys() {
    Result r = run(with(POISSON, "--format", "md"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).containsPattern("\\| maxReorderBytes +\\| n/a +\\|")
        .containsPattern("\\| id +\\| src +\\| dst +\\| bytes +\\| startNs +\\| endNs +\\|")
        .doesNotContain("-1").doesNotContain("{");
  }

  @Test
  void fig3ScheduleAsCsvRows() {
    Result r = run("shoal", "schedule", "--nodes", "8", "--switch-ports", "4", "--format", "csv");
    List<String> rows = lines(r);
    assertThat(rows.get(0)).isEqualTo("slot,channel,node,peer");
    assertThat(rows.get(1)).isEqualTo("0,0,0,1");
    assertThat(rows).hasSize(1 + 7 * 8);
    int k = 1;
    for (int t = 0; t < 7; t++) {
      for (int i = 0; i < 8; i++) {
        assertThat(rows.get(k++)).isEqualTo(t + ",0," + i + "," + (i + t + 1) % 8); // Fig. 3
      }
    }
    assertThat(r.err()).contains("summary: nodes=8 switchPorts=4 channels=1 epochSlots=7");
  }

  @Test
  void fig4SwitchSchedulesAsCsvRows() {
    List<String> rows = lines(run("shoal", "schedule", "--nodes", "8", "--switch-ports", "4", "--switches",
        "--format", "csv"));
    assertThat(rows.get(0)).isEqualTo("plane,switch,slot,port,peerPort");
    assertThat(rows).hasSize(1 + 6 * 7 * 4); // 6 switches x 7 slots x 4 ports
    int[] rowA = {3, 2, 3, 2, 3, 2, 3}; // Fig. 4, leaf-0 port a: d c d c d c d
    for (int t = 0; t < 7; t++) {
      assertThat(rows.get(1 + 4 * t)).isEqualTo("0,leaf-0," + t + ",0," + rowA[t]);
    }
  }

  @Test
  void idleSlotIsAnEmptyCell() {
    // 32 nodes on 4 channels: 31 columns in 4 x 8 slots, so channel 3 idles in the last slot
    List<String> rows = lines(run("shoal", "schedule", "--nodes", "32", "--switch-ports", "8", "--channels", "4",
        "--format", "csv"));
    assertThat(rows).contains("7,3,0,").contains("7,2,0,24").noneMatch(l -> l.contains("-1"));
  }

  @Test
  void idleSlotIsNullInJson() throws Exception {
    // the same idle slot: channel 3, slot 7 is column 3 x 8 + 7 = 31 of the channel-major fabric table
    JsonNode j = json("shoal", "schedule", "--nodes", "32", "--switch-ports", "8", "--channels", "4", "--json");
    assertThat(j.get("fabric").get(31).get(0).isNull()).isTrue();
    assertThat(j.get("fabric").get(23).get(0).asInt()).isEqualTo(24);
    assertThat(j.toString()).doesNotContainPattern("[\\[,]-1[,\\]]"); // no -1 cell (names like leaf-1 stay)
    // text: node 0's row lists its peers slot by slot, channel-major, the idle column as n/a
    Result text = run("shoal", "schedule", "--nodes", "32", "--switch-ports", "8", "--channels", "4");
    StringBuilder row = new StringBuilder("     0:");
    for (int q = 1; q <= 31; q++) {
      row.append(' ').append(q);
    }
    assertThat(text.out()).contains(row + " n/a\n").doesNotContain(" -1");
  }

  @Test
  void powerCsvHasNoJsonCells() {
    List<String> rows = lines(run("shoal", "power", "--format", "csv"));
    assertThat(rows).noneMatch(l -> l.contains("{"));
    assertThat(rows.stream().filter(l -> l.startsWith("breakEven.nic2x,") || l.startsWith("breakEven.nic3x,")
        || l.startsWith("minus40.nic2x,") || l.startsWith("minus40.nic3x,")).count()).isEqualTo(4);
  }

  @Test
  void failuresCsvIsOneRowPerComponent() {
    Result r = run("shoal", "failures", "--nodes", "512", "--format", "csv");
    List<String> rows = lines(r);
    assertThat(rows).hasSize(6);
    assertThat(rows.get(0)).isEqualTo("component,measured,paper");
    assertThat(rows.get(1)).isEqualTo("node," + 1.0 / 511 + "," + 1.0 / 512); // Table 1: 1/N
    assertThat(rows.get(5)).startsWith("spine,").endsWith(",0.125");
    assertThat(r.err()).contains("summary: nodes=512 switchPorts=32");
  }
}
