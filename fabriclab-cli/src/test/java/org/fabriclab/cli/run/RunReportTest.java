package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunReportTest {
  @TempDir Path dir;

  private ExperimentSpec spec(String text) {
    return SpecLoader.validate(SpecParser.parse(text, "spec.yaml", false), dir);
  }

  /**
   * Two entries of one family that differ only in a fixed parameter (review: 10G and 40G fat-trees
   * were averaged as one configuration with n = 6) are two configurations with their own n.
   */
  @Test
  void entriesThatDifferInAFixedParameterAreSeparateConfigurations() throws Exception {
    ExperimentSpec s = spec(String.join("\n",
        "kind: topo",
        "seeds: 3",
        "topologies:",
        "  - family: fattree",
        "    k: 4",
        "  - family: fattree",
        "    k: 4",
        "    link-gbps: 40",
        "  - family: jellyfish",
        "    switches: 8",
        "    ports: 4",
        "    servers-per-switch: 1",
        "  - family: jellyfish",
        "    switches: 8",
        "    ports: 4",
        "    servers-per-switch: 1",
        "    seed: 5",
        ""));
    List<Point> pts = Sweep.expand(s);
    SweepRunner.run(s, pts, dir.resolve("r"), false, new ThreadedExecutor(2), "test",
        new PrintWriter(new StringWriter()));
    RunReport.write(dir.resolve("r"), s, pts);
    List<String> rows = Files.readAllLines(dir.resolve("r/summary.csv"));
    assertThat(rows).anyMatch(r -> r.startsWith("fattree,links,3,"))
        .anyMatch(r -> r.startsWith("fattree link-gbps=40,links,3,"))
        .anyMatch(r -> r.startsWith("jellyfish,links,3,"))
        .anyMatch(r -> r.startsWith("jellyfish seed=5,links,3,"));
    assertThat(RunReport.configurations(pts)).hasSize(4);
    assertThat(Files.readString(dir.resolve("r/report.html"))).contains("4 configurations x 3 repetitions");
  }

  @Test
  void oneOfAThingIsSingular() throws Exception {
    Path f = dir.resolve("one.yaml");
    Files.writeString(f, "kind: topo\ntopologies:\n  - family: fattree\n    k: 4\n");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Path run = dir.resolve("one");
    assertThat(org.fabriclab.cli.Main.run(new String[] {"run", f.toString(), "--out", run.toString(),
        "--threads", "1", "--no-progress"}, new PrintWriter(out), new PrintWriter(err))).isEqualTo(0);
    assertThat(out.toString()).startsWith("1 point (1 run, 0 already done) on 1 thread in");
    assertThat(Files.readString(run.resolve("report.html")))
        .contains("1 point of kind topo: 1 configuration x 1 repetition (seeds)");
    err = new StringWriter();
    org.fabriclab.cli.Main.run(new String[] {"run", f.toString(), "--out", run.toString(), "--dry-run"},
        new PrintWriter(new StringWriter()), new PrintWriter(err));
    assertThat(err.toString()).isEqualTo("1 point, kind topo; nothing run (--dry-run)\n");
  }

  @Test
  void dryRunNeedsNoOutButARunDoes() throws Exception {
    Path f = dir.resolve("one.yaml");
    Files.writeString(f, "kind: topo\ntopologies:\n  - family: fattree\n    k: [4, 6]\n");
    StringWriter out = new StringWriter();
    assertThat(org.fabriclab.cli.Main.run(new String[] {"run", f.toString(), "--dry-run", "--format", "csv"},
        new PrintWriter(out), new PrintWriter(new StringWriter()))).isEqualTo(0);
    assertThat(out.toString().lines().count()).isEqualTo(3);
    StringWriter err = new StringWriter();
    assertThat(org.fabriclab.cli.Main.run(new String[] {"run", f.toString()},
        new PrintWriter(new StringWriter()), new PrintWriter(err))).isEqualTo(2);
    assertThat(err.toString().trim().lines().count()).isEqualTo(1);
    assertThat(err.toString()).contains("--out");
  }
}
