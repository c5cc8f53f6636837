package org.fabriclab.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lossless run: RoCEv2 with PFC on a fat-tree k = 4 under a Poisson workload
 * finishes, drops nothing, and every port stays within its bound.
 */
class SimulateLosslessTest {
  @Test
  void pfcRunKeepsEveryPortBounded(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("pfc");
    org.fabriclab.cli.CliRun.Result r = run("simulate", "--topo", "fattree", "--k", "4", "--workload",
        "poisson", "--flows", "300", "--rate-per-s", "200000", "--seed", "7", "--transport",
        "rocev2", "--pfc-xoff-bytes", "60000", "--out", out.toString(), "--json", "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = new ObjectMapper().readTree(r.out());
    assertThat(j.get("completed").asInt()).isEqualTo(300);
    assertThat(j.get("drops").asLong()).isZero();
    assertThat(j.get("droppedBytes").asLong()).isZero();
    Topology t = new FatTree(4).build();
    long buffer = 150_000; // the rocev2 preset's port bound
    long rate = t.capacityBps(0);
    long wire = Time.us(1) * rate / 8 / 1_000_000_000_000L; // bytes on a 1 µs link
    int[] ingress = new int[t.nodeCount()];
    for (int e = 0; e < t.linkCount(); e++) {
      ingress[t.target(e)]++;
    }
    List<String> rows = Files.readAllLines(out.resolve("ports.csv"));
    assertThat(rows.get(0).split(",")[8]).isEqualTo("maxOccupancyBytes");
    assertThat(rows).hasSize(t.linkCount() + 1); // every port carried traffic
    for (String row : rows.subList(1, rows.size())) {
      String[] f = row.split(",");
      int from = Integer.parseInt(f[1]);
      long max = Long.parseLong(f[8]);
      assertThat(Long.parseLong(f[6])).as(row).isZero();
      // a switch port holds at most what its ingress links may bring before their pause frames
      // bite: each pauses at min(xoff, buffer / ingress links) and may then still deliver a
      // pause frame's flight and the reply's (2 link delays at line rate), the packet the
      // upstream port is sending and the one that crossed the threshold (2 × 1088 B)
      long perIngress = Math.min(60_000, buffer / ingress[from]) + 2 * wire + 2 * 1088;
      long bound = t.isServer(from) ? buffer : ingress[from] * perIngress;
      assertThat(max).as(row).isLessThanOrEqualTo(bound);
    }
  }
}
