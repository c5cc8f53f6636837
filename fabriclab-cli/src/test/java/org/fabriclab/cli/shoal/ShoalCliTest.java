package org.fabriclab.cli.shoal;

import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import com.fasterxml.jackson.databind.JsonNode;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;

/** {@code fabriclab shoal …} end to end (seed 003). */
class ShoalCliTest {
  @Test
  void scheduleOfFig3AndFig4() throws Exception {
    JsonNode j = json("shoal", "schedule", "--nodes", "8", "--switch-ports", "4", "--json");
    assertThat(j.get("epochSlots").asInt()).isEqualTo(7);
    JsonNode fabric = j.get("fabric");
    assertThat(fabric.size()).isEqualTo(7);
    for (int t = 0; t < 7; t++) {
      for (int i = 0; i < 8; i++) {
        assertThat(fabric.get(t).get(i).asInt()).isEqualTo((i + t + 1) % 8);
      }
    }
    assertThat(j.get("switches").size()).isEqualTo(6);
    JsonNode leaf0 = j.get("switches").get(0);
    assertThat(leaf0.get("name").asText()).isEqualTo("leaf-0");
    int[] rowA = {3, 2, 3, 2, 3, 2, 3}; // Fig. 4 port a: d c d c d c d
    for (int t = 0; t < 7; t++) {
      assertThat(leaf0.get("schedule").get(t).get(0).asInt()).isEqualTo(rowA[t]);
    }
    JsonNode four = json("shoal", "schedule", "--nodes", "32", "--switch-ports", "8", "--channels", "4", "--json");
    assertThat(four.get("epochSlots").asInt()).isEqualTo(8); // ceil(31 / 4)
    assertThat(four.get("switches").size()).isEqualTo(4 * 12);
  }

  @Test
  void simIncastOfFig10() throws Exception {
    JsonNode j = json("shoal", "sim", "--nodes", "8", "--channels", "1", "--link-gbps", "10",
        "--slot-ns", "76.8", "--guard-ns", "6.4", "--propagation-ns", "1493.2",
        "--workload", "incast", "--senders", "7", "--size", "392", "--json");
    assertThat(j.get("flows").size()).isEqualTo(7);
    double max = 0;
    for (JsonNode f : j.get("flows")) {
      assertThat(f.get("dst").asInt()).isZero();
      assertThat(f.get("bytes").asLong()).isEqualTo(392);
      max = Math.max(max, f.get("endNs").asDouble() - f.get("startNs").asDouble());
    }
    // seven cells of 56 B payload each; closed form of ShoalSimulatorTest.prototypeIncastFig10
    assertThat(max).isCloseTo(62 * 76.8 + 76.8 + 1493.2, offset(1e-6));
    assertThat(j.get("maxQueueCells").asInt()).isBetween(1, 8);
    assertThat(j.has("maxNodeQueueCells")).isTrue();
    // 7 x 392 B into node 0 over the slowest flow's FCT
    assertThat(j.get("destinationThroughputGbps").asDouble()).isCloseTo(7 * 392 * 8 / max, offset(1e-6));
  }

  @Test
  void textOutputSaysWhenNoLongFlowFinished() throws Exception {
    // 7 × 392 B: only short flows (≤ 100 KB), so no long-flow (≥ 1 MB) goodput exists: the text says
    // so instead of printing NaN, on the slot engine and on a baseline
    String[] shoal = {"shoal", "sim", "--nodes", "8", "--channels", "1", "--workload", "incast", "--senders", "7",
        "--size", "392"};
    Result r = run(shoal);
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("long flows mean goodput n/a (no long flow finished)").doesNotContain("NaN");
    String[] base = {"shoal", "sim", "--on", "dctcp", "--nodes", "512", "--workload", "incast", "--senders", "7",
        "--size", "392"};
    r = run(base);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("long flows mean goodput n/a (no long flow finished)").doesNotContain("NaN");
  }

  @Test
  void simWithAFailedSpineFinishesEveryFlow() throws Exception {
    JsonNode j = json("shoal", "sim", "--nodes", "32", "--channels", "2", "--workload", "poisson",
        "--flows", "200", "--load", "0.6", "--fail-component", "spine:0", "--fail-plane", "0", "--json");
    assertThat(j.get("completed").asInt()).isEqualTo(200);
    for (JsonNode f : j.get("flows")) {
      assertThat(f.get("endNs").asDouble()).isGreaterThan(f.get("startNs").asDouble());
    }
  }

  @Test
  void simTraceAndPermutationConserveFlows(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path trace = dir.resolve("t.csv");
    java.nio.file.Files.writeString(trace, "flow_id,src_host,dst_host,start_ns,size_bytes\n"
        + "7,1,2,0,1000\n8,3,2,100,56\n9,2,5,50,20000\n");
    JsonNode j = json("shoal", "sim", "--nodes", "8", "--channels", "1", "--workload", "trace",
        "--trace", trace.toString(), "--json");
    assertThat(j.get("flows").size()).isEqualTo(3);
    assertThat(j.get("completed").asInt()).isEqualTo(3);
    for (JsonNode f : j.get("flows")) {
      assertThat(f.get("endNs").asDouble()).isGreaterThan(f.get("startNs").asDouble());
    }
    // sorted by start: the 50 ns flow comes second
    assertThat(j.get("flows").get(1).get("bytes").asLong()).isEqualTo(20000);
    JsonNode p = json("shoal", "sim", "--nodes", "32", "--channels", "1", "--workload", "permutation",
        "--pairs", "32", "--size", "5600", "--json");
    int[] in = new int[32];
    int[] out = new int[32];
    for (JsonNode f : p.get("flows")) {
      in[f.get("dst").asInt()]++;
      out[f.get("src").asInt()]++;
      assertThat(f.get("src").asInt()).isNotEqualTo(f.get("dst").asInt());
    }
    assertThat(in).containsOnly(1);
    assertThat(out).containsOnly(1);
    assertThat(p.get("completed").asInt()).isEqualTo(32);
    Result missing = run("shoal", "sim", "--nodes", "8", "--channels", "1", "--workload", "trace");
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("--trace");
  }

  /**
   * {@code --on}: the same trace on §7.3's baselines. Torus: one flow of 1 MB over 6 hops waits
   * R2C2's broadcast (488,652 ps), then runs at one link's 100/6 Gb/s plus a 1,500 B
   * store-and-forward per hop. DCTCP: 1 MB in 1,380 B segments of 1,500 B frames on 50 Gb/s links,
   * so at least 725 frames × 240 ns, and the 35-packet initial window already covers the few-µs RTT.
   */
  @Test
  void simOnTheBaselinesOfSection73(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path trace = dir.resolve("one.csv");
    java.nio.file.Files.writeString(trace, "flow_id,src_host,dst_host,start_ns,size_bytes\n"
        + "0,0," + (3 + 8 * 2 + 64) + ",0,1000000\n");
    JsonNode torus = json("shoal", "sim", "--nodes", "512", "--workload", "trace", "--trace", trace.toString(),
        "--on", "torus", "--json");
    double link = 100e9 / 6;
    double expectNs = 488.652 + 1e6 * 8 / link * 1e9 + 6 * 1500 * 8 / link * 1e9;
    JsonNode f = torus.get("flows").get(0);
    assertThat(f.get("endNs").asDouble() - f.get("startNs").asDouble()).isCloseTo(expectNs, offset(0.02));
    assertThat(torus.get("on").asText()).isEqualTo("torus");
    JsonNode dctcp = json("shoal", "sim", "--nodes", "512", "--workload", "trace", "--trace", trace.toString(),
        "--on", "dctcp", "--json");
    double fct = dctcp.get("flows").get(0).get("endNs").asDouble();
    double frames = Math.ceil(1e6 / 1380);
    assertThat(fct).isBetween(frames * 240, frames * 240 + 10_000);
    assertThat(dctcp.get("completed").asInt()).isEqualTo(1);
    for (String[] a : new String[][] {
        {"shoal", "sim", "--nodes", "512", "--workload", "incast", "--on", "bogus"},
        {"shoal", "sim", "--nodes", "32", "--workload", "incast", "--on", "dctcp"},
        {"shoal", "sim", "--nodes", "512", "--workload", "incast", "--on", "ndp", "--fail-nodes", "0.1"},
        {"shoal", "sim", "--nodes", "32", "--workload", "poisson", "--workload-gbps", "-5"}}) {
      Result r = run(a);
      assertThat(r.code()).as(String.join(" ", a)).isEqualTo(2);
      assertThat(r.err().strip()).doesNotContain("\n").startsWith("fabriclab: error:");
    }
  }

  @Test
  void powerOfSection5() throws Exception {
    JsonNode j = json("shoal", "power", "--json");
    assertThat(j.get("psnW").asDouble()).isCloseTo(8717.44, offset(1e-6));
    assertThat(j.get("shoalW").asDouble()).isCloseTo(2549.44, offset(1e-6));
    // §5's figures through --format csv, one key,value row each
    String csv = run("shoal", "power", "--format", "csv").out();
    assertThat(csv).startsWith("key,value");
    double psn = Double.NaN;
    for (String line : csv.split("\n")) {
      if (line.startsWith("psnW,")) {
        psn = Double.parseDouble(line.substring(5));
      }
    }
    assertThat(psn).isCloseTo(8717.44, offset(1e-6));
  }

  @Test
  void failuresBesideTable1() throws Exception {
    JsonNode j = json("shoal", "failures", "--nodes", "512", "--json");
    assertThat(j.get("components").get("node").get("measured").asDouble()).isCloseTo(1.0 / 511, offset(1e-12));
    assertThat(j.get("components").get("spine").get("paper").asDouble()).isCloseTo(0.125, offset(1e-12));
  }

  @Test
  void badInputIsOneLineExitTwo() {
    String[][] bad = {
      {"shoal", "sim", "--nodes", "10", "--workload", "incast"},
      {"shoal", "sim", "--nodes", "8", "--switch-ports", "6", "--workload", "incast"},
      {"shoal", "sim", "--nodes", "8", "--channels", "8", "--workload", "incast"},
      {"shoal", "sim", "--nodes", "8", "--channels", "1", "--workload", "poisson", "--load", "0"},
      {"shoal", "sim", "--nodes", "8", "--channels", "1", "--workload", "poisson", "--load", "-1"},
      {"shoal", "sim", "--nodes", "8", "--channels", "1", "--workload", "poisson", "--fail-nodes", "1"},
      {"shoal", "sim", "--nodes", "8", "--channels", "1", "--workload", "poisson", "--fail-nodes", "-0.1"},
      {"shoal", "sim", "--nodes", "8", "--channels", "1", "--workload", "bogus"},
      {"shoal", "schedule", "--nodes", "8", "--switch-ports", "4", "--channels", "0"},
      {"shoal", "failures", "--nodes", "100"},
      {"shoal", "sim", "--nodes", "32", "--workload", "poisson", "--fail-component", "bogus:1"},
      {"shoal", "sim", "--nodes", "32", "--workload", "poisson", "--fail-component", "spine:9"},
      {"shoal", "sim", "--nodes", "32", "--workload", "poisson", "--fail-component", "leaf-spine-link:0"},
      {"shoal", "sim", "--nodes", "32", "--workload", "poisson", "--fail-component", "spine:0", "--fail-plane", "4"},
      {"shoal", "sim", "--nodes", "32", "--workload", "poisson", "--flows", "5", "--stop-after", "6"},
      {"shoal", "sim", "--nodes", "32", "--workload", "poisson", "--corruption-rate", "1"},
    };
    for (String[] a : bad) {
      Result r = run(a);
      assertThat(r.code()).as(String.join(" ", a)).isEqualTo(2);
      assertThat(r.err().strip()).doesNotContain("\n").startsWith("fabriclab: error:");
      assertThat(r.out()).isEmpty();
    }
  }
}
