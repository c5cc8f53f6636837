package org.fabriclab.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench engine} takes the shared {@code --format text|csv|json|md} and {@code --json}. */
class EngineBenchFormatTest {
  private static Path trace(Path dir) throws Exception {
    return Files.writeString(dir.resolve("t.csv"),
        "flow_id,src_host,dst_host,start_ns,size_bytes\n0,0,127,0,1250000\n1,1,64,0,5000\n");
  }

  @Test
  void everyFormatAndNullsForValuesThatDoNotExist(@TempDir Path dir) throws Exception {
    String t = trace(dir).toString();
    JsonNode j = json("bench", "engine", "--trace", t, "--profiles", "flow,rocev2", "--no-progress", "--json");
    assertThat(j.get("profiles").findValuesAsText("profile")).containsExactly("flow", "rocev2");
    // the targets are for the FT8-WS30-10k trace only: none on this two-flow trace
    assertThat(j.get("profiles").get(0).get("targetSeconds").isNull()).isTrue();
    assertThat(j.get("profiles").get(1).get("targetSeconds").isNull()).isTrue();
    // the fluid engine moves no packets: packet counts and rates do not exist (null, not 0)
    for (String k : List.of("dataPackets", "controlPackets", "packetHopsPerSecond", "drops")) {
      assertThat(j.get("profiles").get(0).get(k).isNull()).as(k).isTrue();
    }
    assertThat(j.get("profiles").get(1).get("dataPackets").asLong()).isPositive();
    // one 1.25 MB flow (medium) and one 5 kB flow (small); no large flow: its mean is null
    JsonNode flow = j.get("fct").get("flow");
    assertThat(flow.findValuesAsText("bin")).containsExactly("all", "small <100KB", "medium 100KB-10MB",
        "large >=10MB");
    assertThat(flow.get(3).get("flows").asInt()).isZero();
    assertThat(flow.get(3).get("fctMeanMs").isNull()).isTrue();

    Result csv = run("bench", "engine", "--trace", t, "--profiles", "flow", "--no-progress", "--format", "csv");
    assertThat(csv.code()).as(csv.err()).isZero();
    List<String> rows = csv.out().lines().toList();
    assertThat(rows).hasSize(2);
    assertThat(rows.get(0)).startsWith("profile,wallSeconds,");
    assertThat(rows.get(1)).startsWith("flow,");

    Result md = run("bench", "engine", "--trace", t, "--profiles", "flow", "--no-progress", "--format", "md");
    assertThat(md.code()).as(md.err()).isZero();
    assertThat(md.out()).contains("| profile |").contains("**flow**").contains("| large >=10MB | 0 | 0 | n/a |")
        .doesNotContain("NaN");

    Result text = run("bench", "engine", "--trace", t, "--profiles", "rocev2", "--no-progress");
    assertThat(text.code()).as(text.err()).isZero();
    assertThat(text.out()).doesNotContain("NaN").contains("n/a");

    Result bad = run("bench", "engine", "--trace", t, "--json", "--format", "md");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("--json");
  }

  @Test
  void theTargetsBelongToTheBenchmarkTraceOnly() {
    // FT8-WS30-10k: 10,000 flows, 24,669,990,000 bytes in all (../shared/benchmarks/README.md)
    int n = 10_000;
    long[] id = new long[n];
    int[] src = new int[n];
    int[] dst = new int[n];
    long[] size = new long[n];
    java.util.Arrays.fill(size, 2_466_999L);
    for (int f = 0; f < n; f++) {
      id[f] = f;
      dst[f] = 1;
    }
    long[] start = new long[n];
    assertThat(EngineBenchCommand.isBenchmarkTrace(new org.fabriclab.traffic.FlowTrace(id, src, dst, start, size)))
        .isTrue();
    size[0]++;
    assertThat(EngineBenchCommand.isBenchmarkTrace(new org.fabriclab.traffic.FlowTrace(id, src, dst, start, size)))
        .isFalse();
  }

  @Test
  void aProfileGivenTwiceIsRefused(@TempDir Path dir) throws Exception {
    org.fabriclab.cli.CliRun.assertRefused(new String[] {"bench", "engine", "--trace", trace(dir).toString(),
        "--profiles", "flow,flow", "--no-progress"}, "flow is given twice");
  }
}
