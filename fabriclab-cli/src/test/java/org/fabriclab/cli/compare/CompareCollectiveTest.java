package org.fabriclab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare --collective OP}: one row per fabric x scheme x size with the collective
 * command's numbers (means over the seeds), and the options of the other workload refused.
 */
class CompareCollectiveTest {
  @TempDir Path dir;

  private static final List<String> METRICS = List.of("jctNs", "algbwGbps", "busbwGbps", "wireBytes", "linkBytes",
      "linksUsed", "rootUplinkBytes", "maxQueueBytes", "drops", "retransmissions");

  private static List<Map<String, String>> csv(Path f) throws Exception {
    try (MappingIterator<Map<String, String>> it = new CsvMapper().readerFor(Map.class)
        .with(CsvSchema.emptySchema().withHeader()).readValues(f.toFile())) {
      return it.readAll();
    }
  }

  @Test
  void oneSeedGivesExactlyTheCollectiveCommandsNumbers() throws Exception {
    Path out = dir.resolve("c");
    CliRun.Result r = CliRun.run("compare", "--topo", "fattree", "--k", "4", "--topo", "bcube", "--n", "4", "--k", "1",
        "--collective", "allreduce", "--ranks", "16", "--size", "256KiB,1MiB", "--scheme", "ring,rabenseifner",
        "--engine", "flow", "--threads", "2", "--out", out.toString(), "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    // the repetition's seed (the spec rule from the master seed, as points.csv lists it) is the command's --seed
    List<String> seeds = csv(out.resolve("points.csv")).stream().map(p -> p.get("seed")).distinct().toList();
    assertThat(seeds).hasSize(1);
    JsonNode runs = CliRun.json("collective", "--op", "allreduce", "--ranks", "16", "--size", "256KiB,1MiB",
        "--scheme", "ring,rabenseifner", "--topo", "fattree", "--k", "4", "--topo", "bcube", "--n", "4", "--k", "1",
        "--engine", "flow", "--seed", seeds.get(0), "--json", "--no-progress").get("runs");
    List<Map<String, String>> rows = csv(out.resolve("compare.csv"));
    assertThat(rows).hasSize(2 * 2 * 2);
    assertThat(runs.size()).isEqualTo(rows.size());
    for (JsonNode cmd : runs) {
      Map<String, String> row = rows.stream().filter(x -> x.get("fabric").equals(cmd.get("fabric").asText())
          && x.get("scheme").equals(cmd.get("scheme").asText())
          && Long.parseLong(x.get("sizeBytes")) == cmd.get("sizeBytes").asLong()).findFirst().orElseThrow();
      assertThat(row.get("seeds")).isEqualTo("1");
      for (String k : METRICS) {
        JsonNode v = cmd.get(k);
        if (v.isNull()) {
          assertThat(row.get(k)).as(k).isEmpty();
        } else if (v.isIntegralNumber()) {
          assertThat(Long.parseLong(row.get(k))).as(k).isEqualTo(v.asLong());
        } else {
          assertThat(Double.parseDouble(row.get(k))).as(k).isEqualTo(v.asDouble());
        }
      }
    }
    assertThat(out.resolve("report.html")).exists();
    assertThat(out.resolve("busbwGbps-by-size.png")).exists();
  }

  @Test
  void severalSeedsAverageTheResultsOfEachConfiguration() throws Exception {
    Path out = dir.resolve("c");
    CliRun.Result r = CliRun.run("compare", "--topo", "fattree", "--k", "4", "--collective", "broadcast",
        "--ranks", "8", "--size", "1MiB", "--scheme", "binomial,flat", "--placement", "random", "--seeds", "3",
        "--engine", "flow", "--threads", "2", "--out", out.toString(), "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    Map<String, List<Double>> jct = new LinkedHashMap<>();
    for (Map<String, String> x : csv(out.resolve("results.csv"))) {
      if (x.get("metric").equals("jctNs")) {
        jct.computeIfAbsent(x.get("collective.scheme"), k -> new ArrayList<>()).add(Double.parseDouble(x.get("value")));
      }
    }
    assertThat(jct.keySet()).containsExactly("binomial", "flat");
    List<Map<String, String>> rows = csv(out.resolve("compare.csv"));
    assertThat(rows).hasSize(2);
    List<Map<String, String>> summary = csv(out.resolve("summary.csv"));
    for (Map<String, String> row : rows) {
      List<Double> x = jct.get(row.get("scheme"));
      assertThat(x).hasSize(3);
      double mean = (x.get(0) + x.get(1) + x.get(2)) / 3;
      assertThat(row.get("seeds")).isEqualTo("3");
      assertThat(Long.parseLong(row.get("jctNs"))).isEqualTo(Math.round(mean));
      Map<String, String> s = summary.stream().filter(y -> y.get("scheme").equals(row.get("scheme"))
          && y.get("metric").equals("jctNs")).findFirst().orElseThrow();
      double ss = x.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
      assertThat(s.get("n")).isEqualTo("3");
      assertThat(Double.parseDouble(s.get("mean"))).isCloseTo(mean, within(1e-6));
      assertThat(Double.parseDouble(s.get("sd"))).isCloseTo(Math.sqrt(ss / 2), within(1e-6));
    }
  }

  private void refused(String mention, String... options) {
    Path out = dir.resolve("bad");
    List<String> a = new ArrayList<>(List.of("compare", "--topo", "fattree", "--k", "4", "--engine", "flow"));
    a.addAll(List.of(options));
    a.addAll(List.of("--out", out.toString(), "--no-progress"));
    CliRun.assertRefused(a.toArray(String[]::new), mention);
    assertThat(out).doesNotExist();
  }

  @Test
  void badCollectiveOptionsAreOneLineNamingTheOption() {
    refused("--scheme on fattree k=4: scheme 'ipmulticast' does not implement allreduce",
        "--collective", "allreduce", "--scheme", "ipmulticast");
    refused("--ranks = 32 on fattree k=4: valid range 2..16", "--collective", "allreduce", "--ranks", "32");
    refused("invalid --collective = allred: valid: broadcast", "--collective", "allred");
    refused("--size = '1x' is not a byte size", "--collective", "allreduce", "--size", "1x");
    refused("--ranks is a setting of a collective: give --collective OP too", "--ranks", "8");
    refused("--flows is a setting of flows, not of --collective allreduce", "--collective", "allreduce",
        "--flows", "10");
  }

  @Test
  void aPatternGivesTheCollectiveCommandsNumbers() throws Exception {
    Path out = dir.resolve("hpl");
    CliRun.Result r = CliRun.run("compare", "--topo", "fattree", "--k", "4", "--collective", "hpl", "--grid", "2x4",
        "--size", "64KiB", "--scheme", "flat,chain", "--engine", "flow", "--threads", "2", "--out", out.toString(),
        "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    String seed = csv(out.resolve("points.csv")).get(0).get("seed");
    JsonNode runs = CliRun.json("collective", "--op", "hpl", "--grid", "2x4", "--size", "64KiB", "--scheme", "flat,chain",
        "--topo", "fattree", "--k", "4", "--engine", "flow", "--seed", seed, "--json", "--no-progress").get("runs");
    List<Map<String, String>> rows = csv(out.resolve("compare.csv"));
    assertThat(rows).hasSize(2);
    for (JsonNode cmd : runs) {
      Map<String, String> row = rows.stream().filter(x -> x.get("scheme").equals(cmd.get("scheme").asText()))
          .findFirst().orElseThrow();
      for (String k : METRICS) {
        JsonNode v = cmd.get(k);
        if (v.isNull()) {
          assertThat(row.get(k)).as(k).isEmpty();
        } else if (v.isIntegralNumber()) {
          assertThat(Long.parseLong(row.get(k))).as(k).isEqualTo(v.asLong());
        } else {
          assertThat(Double.parseDouble(row.get(k))).as(k).isEqualTo(v.asDouble());
        }
      }
    }
    // without --scheme: every broadcast scheme (the parts of hpl) on the flow engine, ipmulticast among them
    CliRun.Result all = CliRun.run("compare", "--topo", "fattree", "--k", "4", "--collective", "hpl", "--grid", "2x2",
        "--size", "64KiB", "--engine", "flow", "--threads", "2", "--out", dir.resolve("all").toString(), "--no-progress");
    assertThat(all.code()).as(all.err()).isZero();
    assertThat(csv(dir.resolve("all").resolve("compare.csv")).stream().map(x -> x.get("scheme")))
        .contains("flat", "chain", "binomial", "ipmulticast");
    CliRun.assertRefused(new String[] {"compare", "--topo", "fattree", "--k", "4", "--collective", "hpl", "--ranks", "8",
        "--out", dir.resolve("x").toString()}, "--ranks does not apply to op hpl: its ranks follow from --grid (P x Q)");
    CliRun.assertRefused(new String[] {"compare", "--topo", "fattree", "--k", "4", "--collective", "multicast",
        "--groups", "0", "--out", dir.resolve("y").toString()}, "--groups = 0 is out of range: an integer in 1..1048576");
    CliRun.assertRefused(new String[] {"compare", "--topo", "fattree", "--k", "4", "--collective", "allreduce",
        "--grid", "2x2", "--out", dir.resolve("z").toString()}, "--grid applies to op hpl only, not to op allreduce");
  }
}
