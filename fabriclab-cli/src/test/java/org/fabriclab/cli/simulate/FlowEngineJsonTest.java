package org.fabriclab.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code simulate --engine flow --json}: the fluid engine has no packets, so its packet counters
 * are null (not 0), and {@code deliveredBytes} is what its flows delivered.
 */
class FlowEngineJsonTest {
  private static final List<String> NOT_MEASURED =
      List.of("dataPackets", "controlPackets", "packetHops", "drops", "packetHopsPerSecond");

  @Test
  void packetCountersAreNullAndDeliveredBytesAreTheFlowsSizes(@TempDir Path dir) throws Exception {
    Path t = SimulateCommandTest.trace(dir, "0,0,15,0,10000", "1,1,14,0,250000", "2,4,9,1000,12000000");
    Path out = dir.resolve("out");
    Result r = run("simulate", "--topo", "fattree", "--k", "4", "--trace", t.toString(), "--engine", "flow",
        "--json", "--no-progress", "--out", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    for (JsonNode j : List.of(new ObjectMapper().readTree(r.out()),
        new ObjectMapper().readTree(out.resolve("summary.json").toFile()))) {
      assertThat(j.get("completed").asInt()).isEqualTo(3);
      for (String k : NOT_MEASURED) {
        assertThat(j.has(k)).as(k).isTrue();
        assertThat(j.get(k).isNull()).as(k + " in " + j).isTrue();
      }
      assertThat(j.get("deliveredBytes").asLong()).isEqualTo(10_000 + 250_000 + 12_000_000);
    }
    // stopped at 1 ms: flows 0 and 1 are done, flow 2 (alone at 10 Gb/s from 1 µs) sent 1.25 B/ns · 999 µs
    JsonNode cut = new ObjectMapper().readTree(run("simulate", "--topo", "fattree", "--k", "4", "--trace",
        t.toString(), "--engine", "flow", "--until-ms", "1", "--json", "--no-progress").out());
    assertThat(cut.get("completed").asInt()).isEqualTo(2);
    assertThat(cut.get("deliveredBytes").asLong()).isEqualTo(10_000 + 250_000 + 999_000L * 5 / 4);
  }

  /** The flow engine has no propagation delay: a 10 KB flow between pods takes its serialisation. */
  @Test
  void flowEngineFctIsSerialisationAndHelpSaysSo(@TempDir Path dir) throws Exception {
    Path t = SimulateCommandTest.trace(dir, "0,0,15,0,10000");
    Path out = dir.resolve("out");
    Result r = run("simulate", "--topo", "fattree", "--k", "4", "--trace", t.toString(), "--engine", "flow",
        "--no-progress", "--out", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Files.readAllLines(out.resolve("flows.csv")).get(1)).isEqualTo("0,0,15,10000,0,8000,8000,0");
    String help = run("simulate", "--help").out().replace("\n", " ").replaceAll("\\s+", " ");
    assertThat(help).contains("--engine=<engine> packet or flow (default: packet). The flow engine models max-min"
        + " fair rates only: no propagation delay");
  }

  @Test
  void packetEngineKeepsItsCounters(@TempDir Path dir) throws Exception {
    Path t = SimulateCommandTest.trace(dir, "0,0,15,0,10000");
    JsonNode j = new ObjectMapper().readTree(run("simulate", "--topo", "fattree", "--k", "4", "--trace",
        t.toString(), "--json", "--no-progress").out());
    for (String k : NOT_MEASURED) {
      assertThat(j.get(k).isNumber()).as(k).isTrue();
    }
    assertThat(j.get("drops").asLong()).isZero();
    assertThat(j.get("deliveredBytes").asLong()).isGreaterThan(10_000); // headers and ACKs included
  }
}
