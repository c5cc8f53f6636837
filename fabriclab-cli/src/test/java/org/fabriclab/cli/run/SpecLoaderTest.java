package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.cli.Main;
import org.fabriclab.error.FabriclabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpecLoaderTest {
  @TempDir Path dir;

  private static ExperimentSpec yaml(String text, Path base) {
    return SpecLoader.validate(SpecParser.parse(text, "spec.yaml", false), base);
  }

  private static final String GOOD = String.join("\n",
      "kind: topo",              // 1
      "seeds: 2",                // 2
      "topologies:",             // 3
      "  - family: fattree",     // 4
      "    k: [4, 6]",           // 5
      "  - family: jellyfish",   // 6
      "    switches: 20",        // 7
      "    ports: 6",            // 8
      "    servers-per-switch: 2", // 9
      "");

  @Test
  void unknownKeyNamesItsLineAndTheValidKeys() {
    String text = GOOD.replace("    ports: 6", "    portz: 6");
    assertThatThrownBy(() -> yaml(text, dir))
        .isInstanceOf(FabriclabException.class)
        .hasMessageStartingWith("spec.yaml:8:")
        .hasMessageContaining("unknown key 'portz'")
        .hasMessageContaining("ports");
  }

  @Test
  void wrongTypeAndOutOfRangeNameTheirLines() {
    assertThatThrownBy(() -> yaml(GOOD.replace("seeds: 2", "seeds: many"), dir))
        .hasMessageStartingWith("spec.yaml:2:").hasMessageContaining("seeds must be an integer in 1..10000");
    assertThatThrownBy(() -> yaml(GOOD.replace("seeds: 2", "seeds: 0"), dir))
        .hasMessageStartingWith("spec.yaml:2:").hasMessageContaining("out of range");
    assertThatThrownBy(() -> yaml(GOOD.replace("kind: topo", "kind: simulat"), dir))
        .hasMessageStartingWith("spec.yaml:1:").hasMessageContaining("one of topo, throughput, simulate");
  }

  @Test
  void impossibleFamilyValueIsReportedAtItsLineBeforeRunning() {
    ExperimentSpec s = yaml(GOOD.replace("k: [4, 6]", "k: [4, 5]"), dir);
    assertThatThrownBy(() -> Sweep.expand(s))
        .hasMessageStartingWith("spec.yaml:5:").hasMessageContaining("k");
  }

  @Test
  void jsonLinesToo() {
    String json = "{\n  \"kind\": \"topo\",\n  \"topologies\": [\n    {\"family\": \"fattree\",\n"
        + "     \"kay\": 4}\n  ]\n}\n";
    assertThatThrownBy(() -> SpecLoader.validate(SpecParser.parse(json, "s.json", true), dir))
        .hasMessageStartingWith("s.json:5:").hasMessageContaining("unknown key 'kay'");
    assertThatThrownBy(() -> SpecParser.parse("{\"kind\": \"topo\",\n \"kind\": \"x\"}", "d.json", true))
        .hasMessageStartingWith("d.json:2:").hasMessageContaining("given twice");
    assertThatThrownBy(() -> SpecParser.parse("{\"kind\": \n\n [", "e.json", true))
        .hasMessageStartingWith("e.json:").hasMessageContaining("not valid JSON");
  }

  @Test
  void sectionOfAnotherKindIsRejected() {
    assertThatThrownBy(() -> yaml(GOOD + "simulate:\n  engine: flow\n", dir))
        .hasMessageStartingWith("spec.yaml:10:").hasMessageContaining("does not apply to kind topo");
  }

  @Test
  void jsonAndYamlGiveTheSameResolvedSpecAndPoints() {
    String json = "{\"kind\": \"topo\", \"seeds\": 2, \"topologies\": ["
        + "{\"family\": \"fattree\", \"k\": [4, 6]},"
        + "{\"family\": \"jellyfish\", \"switches\": 20, \"ports\": 6, \"servers-per-switch\": 2}]}";
    ExperimentSpec j = SpecLoader.validate(SpecParser.parse(json, "s.json", true), dir);
    ExperimentSpec y = yaml(GOOD, dir);
    assertThat(ResolvedSpec.json(j, Sweep.expand(j))).isEqualTo(ResolvedSpec.json(y, Sweep.expand(y)));
    assertThat(Sweep.expand(j)).isEqualTo(Sweep.expand(y));
  }

  @Test
  void metricsListFiltersTheTidyCsvAndUnknownMetricsAreRejected() throws Exception {
    ExperimentSpec s = yaml(GOOD + "metrics: [servers, diameterHops]\n", dir);
    List<Point> pts = Sweep.expand(s);
    SweepRunner.run(s, pts, dir.resolve("m"), false, new ThreadedExecutor(1), "test",
        new PrintWriter(new StringWriter()));
    List<String> rows = Files.readAllLines(dir.resolve("m/results.csv"));
    assertThat(rows).hasSize(1 + pts.size() * 2);
    assertThat(rows.subList(1, rows.size())).allMatch(r -> r.contains(",servers,") || r.contains(",diameterHops,"));
    assertThatThrownBy(() -> yaml(GOOD + "metrics: [servers, speed]\n", dir))
        .hasMessageStartingWith("spec.yaml:10:").hasMessageContaining("unknown metric");
  }

  /** Review: "unknown metric the text 'lamda' for kind ...". */
  @Test
  void unknownMetricIsNamedPlainly() {
    assertThatThrownBy(() -> yaml(GOOD + "metrics: [lamda]\n", dir))
        .hasMessageStartingWith("spec.yaml:10: unknown metric 'lamda' for kind topo; valid: nodes, servers,")
        .hasMessageNotContaining("the text");
    assertThatThrownBy(() -> yaml(GOOD + "metrics: [[servers]]\n", dir))
        .hasMessageStartingWith("spec.yaml:10: metrics must be a list of metric names, not a list holding a list");
  }

  /** Review: "topologies must be a non-empty list ..., not a list" for {@code topologies: []}. */
  @Test
  void emptyTopologiesAreCalledEmpty() {
    assertThatThrownBy(() -> yaml("kind: topo\ntopologies: []\n", dir))
        .hasMessageStartingWith("spec.yaml:2: topologies must be a non-empty list")
        .hasMessageEndingWith("not an empty list");
    assertThatThrownBy(() -> yaml("kind: topo\ntopologies: {}\n", dir)).hasMessageEndingWith("not an empty map");
    assertThatThrownBy(() -> yaml("kind: topo\ntopologies: fattree\n", dir)).hasMessageEndingWith("not the text 'fattree'");
  }

  /** Review: a tab on line 3 was reported at line 2 (the line of SnakeYAML's context, not of the tab). */
  @Test
  void aTabIsReportedAtItsOwnLine() {
    String text = "kind: topo\nname: tabs\ntopologies:\n\t- family: fattree\n\t  k: 4\n";
    assertThatThrownBy(() -> SpecParser.parse(text, "tabs.yaml", false))
        .hasMessage("tabs.yaml:4: not valid YAML: column 1: a tab character; YAML indents with spaces, not tabs");
    assertThatThrownBy(() -> SpecParser.parse("kind: topo\ntopologies: [1, 2\nseeds: 3\n", "f.yaml", false))
        .hasMessageStartingWith("f.yaml:3: not valid YAML: column ")
        .hasMessageContaining("(while parsing a flow sequence at line 2)")
        .hasMessageNotContaining("reader").hasMessageNotContaining("\n");
  }

  /** Review: a truncated JSON spec leaked "[Source: REDACTED (`StreamReadFeature...` disabled)...]". */
  @Test
  void truncatedJsonNamesFileLineAndTheOpenObjectWithoutJacksonInternals() throws Exception {
    Path f = dir.resolve("cut.json");
    Files.writeString(f, "{\n  \"kind\": \"topo\",\n  \"topologies\": [\n    {\"family\": \"fattree\", \"k\": [4, 6]}\n  ]\n");
    assertThatThrownBy(() -> SpecParser.parse(f))
        .hasMessage(f + ":6: not valid JSON: the file ends inside the object opened at line 1, column 1"
            + " (a '}' is missing, or the file is cut short)");
    Files.writeString(f, "{\"kind\": \"topo\", \"topologies\": [{\"family\": \"fattree\"}");
    assertThatThrownBy(() -> SpecParser.parse(f))
        .hasMessageStartingWith(f + ":1: not valid JSON: the file ends inside the list opened at line 1, column 32");
    Files.writeString(f, "{\"kind\": \"topo\",\n \"seeds\": tru}");
    assertThatThrownBy(() -> SpecParser.parse(f))
        .hasMessageStartingWith(f + ":2: not valid JSON: column ")
        .hasMessageContaining("'tru'")
        .hasMessageNotContaining("Source").hasMessageNotContaining("REDACTED").hasMessageNotContaining("\n");
  }

  @Test
  void integralFloatsAreAcceptedForIntegers() {
    ExperimentSpec s = yaml(GOOD.replace("switches: 20", "switches: 2.0e1"), dir);
    assertThat(Sweep.expand(s)).anySatisfy(p -> assertThat(p.params()).containsEntry("topology.switches", "20"));
  }

  @Test
  void cliReportsBadSpecInOneLineWithExit2AndWritesNothing() throws Exception {
    Path spec = dir.resolve("bad.yaml");
    Files.writeString(spec, GOOD.replace("k: [4, 6]", "k: [4, 7]"));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Path runDir = dir.resolve("run");
    int code = Main.run(new String[] {"run", spec.toString(), "--out", runDir.toString()},
        new PrintWriter(out), new PrintWriter(err));
    assertThat(code).isEqualTo(2);
    assertThat(err.toString().trim().lines().count()).isEqualTo(1);
    assertThat(err.toString()).contains("bad.yaml:5:");
    assertThat(runDir).doesNotExist();
  }

  /** --no-progress silences the progress lines only: same results.csv, nothing on stderr. */
  @Test
  void noProgressKeepsTheResults() throws Exception {
    Path spec = dir.resolve("quiet.json");
    Files.writeString(spec, "{\"kind\": \"topo\", \"topologies\": [{\"family\": \"fattree\", \"k\": [4, 6]}]}");
    StringWriter err = new StringWriter();
    assertThat(Main.run(new String[] {"run", spec.toString(), "--out", dir.resolve("loud").toString()},
        new PrintWriter(new StringWriter()), new PrintWriter(err))).isZero();
    assertThat(err.toString()).contains("2/2 points done");
    StringWriter quietErr = new StringWriter();
    assertThat(Main.run(new String[] {"run", spec.toString(), "--out", dir.resolve("quiet").toString(), "--no-progress"},
        new PrintWriter(new StringWriter()), new PrintWriter(quietErr))).isZero();
    assertThat(quietErr.toString()).isEmpty();
    assertThat(Files.readAllLines(dir.resolve("quiet/results.csv")))
        .isEqualTo(Files.readAllLines(dir.resolve("loud/results.csv")));
  }

  @Test
  void expansionCountsAndBlanking() {
    String text = String.join("\n",
        "kind: simulate",
        "seeds: 2",
        "topologies:",
        "  - family: fattree",
        "    k: [4, 6]",
        "  - family: jellyfish",
        "    switches: 20",
        "    ports: 6",
        "    servers-per-switch: 2",
        "simulate:",
        "  engine: [flow, packet]",
        "  transport: [dctcp, ndp]",
        "  workload: {type: permutation, flow-bytes: 10000}",
        "");
    List<Point> pts = Sweep.expand(yaml(text, dir));
    // per topology: flow (transport does not apply: one point) + packet x 2 transports = 3;
    // 3 topologies x 3 x 2 repetitions
    assertThat(pts).hasSize(18);
    assertThat(pts).filteredOn(p -> p.params().get("simulate.engine").equals("flow"))
        .allSatisfy(p -> assertThat(p.params().get("simulate.transport")).isEmpty());
    // common random numbers: a repetition's seed is shared by every point, and differs between repetitions
    assertThat(pts.stream().filter(p -> p.rep() == 0).map(Point::seed).distinct()).hasSize(1);
    assertThat(pts.stream().map(Point::seed).distinct()).hasSize(2);
    assertThat(Sweep.seed(1, 0)).isNotEqualTo(Sweep.seed(2, 0));
  }

  private static final String SIM = String.join("\n",
      "kind: simulate",                                    // 1
      "topologies:",                                       // 2
      "  - family: fattree",                               // 3
      "    k: 4",                                          // 4
      "simulate:",                                         // 5
      "  engine: flow",                                    // 6
      "  workload: {type: permutation, flow-bytes: 64KiB}", // 7
      "");

  @Test
  void byteSizesTakeTheCommandLineGrammar() {
    for (String[] c : new String[][] {{"64KiB", "65536"}, {"1.5MB", "1500000"}, {"10e3", "10000"}, {"2Mi", "2097152"}}) {
      List<Point> pts = Sweep.expand(yaml(SIM.replace("64KiB", c[0]), dir));
      assertThat(pts).singleElement()
          .satisfies(p -> assertThat(p.params()).containsEntry("workload.flow-bytes", c[1]));
    }
    assertThatThrownBy(() -> yaml(SIM.replace("64KiB", "0.1KiB"), dir))
        .hasMessageStartingWith("spec.yaml:7:")
        .hasMessageContaining("workload.flow-bytes = '0.1KiB' is not a whole number of bytes (102.4)")
        .hasMessageContaining("KiB, MiB, GiB, TiB");
    assertThatThrownBy(() -> yaml(SIM.replace("64KiB", "2TiB"), dir))
        .hasMessageStartingWith("spec.yaml:7:")
        .hasMessageContaining("2TiB = 2199023255552 bytes is out of range: a number of bytes in 1..1099511627776");
  }

  @Test
  void integersInSpecsAreAsciiAndExact() {
    assertThatThrownBy(() -> yaml(GOOD.replace("seeds: 2", "seeds: \"\u0662\""), dir))
        .hasMessageStartingWith("spec.yaml:2:").hasMessageContaining("seeds must be an integer");
    assertThatThrownBy(() -> yaml(GOOD.replace("seeds: 2", "seeds: 2.5"), dir))
        .hasMessageStartingWith("spec.yaml:2:");
    assertThat(yaml(GOOD.replace("seeds: 2", "seeds: 2e1"), dir).seeds()).isEqualTo(20);
  }
}
