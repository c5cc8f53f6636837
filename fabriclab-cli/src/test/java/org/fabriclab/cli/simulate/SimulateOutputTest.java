package org.fabriclab.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.assertRefused;
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
 * What {@code simulate} prints: an empty size bin (no completed flow) is n/a in text and md, an
 * empty cell in CSV and null in JSON, never NaN; CSV carries the bins' byte ranges; the help says
 * what each format holds; integer options name their real range.
 */
class SimulateOutputTest {
  private static final String CSV_HEADER = "bin,minBytes,maxBytesExclusive,flows,completedFlows,"
      + "fctMeanNs,fctP50Ns,fctP99Ns,fctP999Ns,slowdownMean,slowdownP99";

  /** Two 5-byte flows: both in the small bin; medium and large have no flow at all. */
  private static Path twoTinyFlows(Path dir) throws Exception {
    return SimulateCommandTest.trace(dir, "0,0,5,0,5", "1,1,9,0,5");
  }

  private static Result simulate(Path trace, String... more) {
    String[] base = {"simulate", "--topo", "fattree", "--k", "4", "--trace", trace.toString(), "--no-progress"};
    String[] args = new String[base.length + more.length];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(more, 0, args, base.length, more.length);
    Result r = run(args);
    assertThat(r.code()).as(r.err()).isZero();
    return r;
  }

  @Test
  void theWroteLineNamesExactlyTheFilesInTheFolder(@TempDir Path dir) throws Exception {
    Path t = twoTinyFlows(dir);
    Path outDir = dir.resolve("run");
    String out = simulate(t, "--out", outDir.toString(), "--probe-interval-us", "1").out();
    String line = out.lines().filter(l -> l.startsWith("wrote ")).findFirst().orElseThrow();
    List<String> named = List.of(line.substring(line.indexOf('{') + 1, line.lastIndexOf('}')).split(","));
    List<String> onDisk;
    try (var files = Files.list(outDir)) {
      onDisk = files.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".")).sorted().toList();
    }
    // --probe-interval-us adds a time series, which the line used to leave out
    assertThat(named).containsExactlyElementsOf(onDisk).contains("timeseries.csv", "report.html");
  }

  @Test
  void emptyBinsAreNaInTextAndMarkdown(@TempDir Path dir) throws Exception {
    Path t = twoTinyFlows(dir);
    for (String f : List.of("text", "md")) {
      String out = simulate(t, "--format", f).out();
      assertThat(out).as(f).doesNotContain("NaN");
      String medium = out.lines().filter(l -> l.contains("medium 100KB-10MB")).findFirst().orElseThrow();
      // bin, flows 0, completed 0, then four statistics that do not exist
      assertThat(medium.replace("|", " ").trim().split("\\s+")).as(f)
          .containsExactly("medium", "100KB-10MB", "0", "0", "n/a", "n/a", "n/a", "n/a");
      assertThat(out).as(f).contains("small <100KB").contains("large >=10MB");
    }
  }

  @Test
  void csvCarriesByteRangesAndLeavesEmptyBinsEmpty(@TempDir Path dir) throws Exception {
    Path t = twoTinyFlows(dir);
    Path outDir = dir.resolve("out");
    List<String> rows = simulate(t, "--format", "csv", "--out", outDir.toString()).out().lines().toList();
    assertThat(rows.get(0)).isEqualTo(CSV_HEADER);
    assertThat(rows.get(1)).startsWith("all,0,,2,2,");
    assertThat(rows.get(2)).startsWith("small,0,100000,2,2,");
    assertThat(rows.get(3)).isEqualTo("medium,100000,10000000,0,0,,,,,,");
    assertThat(rows.get(4)).isEqualTo("large,10000000,,0,0,,,,,,");
    // summary.csv is the same table
    assertThat(Files.readAllLines(outDir.resolve("summary.csv"))).isEqualTo(rows);
    assertThat(Files.readString(outDir.resolve("summary.json"))).doesNotContain("NaN");
  }

  @Test
  void eventLimitLeavesEveryBinEmptyWithoutNaN(@TempDir Path dir) throws Exception {
    Path t = twoTinyFlows(dir);
    for (String f : List.of("text", "md", "csv")) {
      assertThat(simulate(t, "--max-events", "10", "--format", f).out()).as(f).doesNotContain("NaN");
    }
    List<String> rows = simulate(t, "--max-events", "10", "--format", "csv").out().lines().toList();
    assertThat(rows.get(1)).isEqualTo("all,0,,2,0,,,,,,");
    JsonNode j = new ObjectMapper().readTree(simulate(t, "--max-events", "10", "--json").out());
    assertThat(j.get("completed").asInt()).isZero();
    assertThat(j.get("fctMeanMs").isNull()).isTrue();
  }

  @Test
  void emptyTraceJsonHasNullsNotStrings(@TempDir Path dir) throws Exception {
    Path t = SimulateCommandTest.trace(dir);
    Files.writeString(t, "flow_id,src_host,dst_host,start_ns,size_bytes\n");
    JsonNode j = new ObjectMapper().readTree(simulate(t, "--json").out());
    assertThat(j.get("flows").asInt()).isZero();
    for (String k : List.of("fctMeanMs", "fctMedianMs", "fctP99Ms", "fctP999Ms")) {
      assertThat(j.get(k).isNull()).as(k).isTrue();
    }
  }

  @Test
  void helpSaysWhatEachFormatHoldsAndDefinesTheIdealFct() {
    String help = run("simulate", "--help").out().replace("\n", " ").replaceAll("\\s+", " ");
    assertThat(help).contains("text and md print a header line and FCT")
        .contains("csv prints the table of summary.csv")
        .contains("json prints the run's totals (FCT in ms, events, packets, drops, ECN marks")
        .contains("the flow's bytes serialised at its sender's link rate (propagation delay is not in the ideal");
  }

  @Test
  void integerOptionsNameTheirRealRange(@TempDir Path dir) throws Exception {
    Path t = twoTinyFlows(dir);
    String big = "99999999999";
    assertRefused(new String[] {"simulate", "--k", "4", "--workload", "poisson", "--flows", big},
        "invalid --flows = 99999999999: valid range 1..100000000");
    assertRefused(new String[] {"simulate", "--k", "4", "--workload", "multicast", "--groups", big},
        "invalid --groups = 99999999999: valid range 1..10000000");
    // fat-tree k=4 has 16 servers
    assertRefused(new String[] {"simulate", "--k", "4", "--workload", "multicast", "--group-size", big},
        "invalid --group-size = 99999999999: valid range 1..15");
    assertRefused(new String[] {"simulate", "--k", "4", "--workload", "incast", "--senders", big},
        "invalid --senders = 99999999999: valid range 1..15");
    assertRefused(new String[] {"simulate", "--k", "4", "--trace", t.toString(), "--paths", big},
        "invalid --paths = 99999999999: valid range 1..1024");
    assertRefused(new String[] {"simulate", "--k", "4", "--trace", t.toString(), "--engine", "flow",
        "--subflows", big}, "invalid --subflows = 99999999999: valid range 1..64");
    assertRefused(new String[] {"simulate", "--k", "4", "--trace", t.toString(), "--init-window", big},
        "invalid --init-window = 99999999999: valid range 1..1048576");
    assertRefused(new String[] {"simulate", "--k", "4", "--trace", t.toString(), "--transport", "rocev2",
        "--ack-every", big}, "invalid --ack-every = 99999999999: valid range 1..1048576");
  }
}
