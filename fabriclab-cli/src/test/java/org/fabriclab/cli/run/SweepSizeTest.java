package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The point count is known before expanding, and a sweep above the limit is refused by it. */
class SweepSizeTest {
  @TempDir Path dir;

  private ExperimentSpec spec(String text) {
    return SpecLoader.validate(SpecParser.parse(text, "spec.yaml", false), dir);
  }

  @Test
  void theCountEqualsTheExpansionWithBlankedSettingsMerged() {
    ExperimentSpec s = spec(String.join("\n", "kind: simulate", "seeds: 2", "topologies:",
        "  - family: fattree", "    k: [4, 6]", "  - family: jellyfish", "    k: 4",
        "simulate:", "  engine: [flow, packet]", "  transport: [dctcp, ndp]", "  subflows: [1, 2]",
        "  until-ms: [0, 0.0]",
        "  workload:", "    type: [poisson, permutation]", "    flows: [10, 20]", ""));
    // flow: 2 subflows; packet: 2 transports; poisson: 2 flow counts; permutation: 1 -> 4 x 3 = 12
    assertThat(Sweep.count(s)).isEqualTo(Sweep.expand(s).size()).isEqualTo(3 * 12 * 2);
  }

  @Test
  void aSweepAboveTheLimitIsRefusedByItsCountInOneLine() throws Exception {
    StringBuilder ks = new StringBuilder();
    StringBuilder ms = new StringBuilder();
    for (int i = 0; i < 50; i++) {
      ks.append(i == 0 ? "" : ", ").append(2 * i + 2);
      ms.append(i == 0 ? "" : ", ").append(i);
    }
    Path f = dir.resolve("huge.yaml");
    Files.writeString(f, "kind: topo\nseeds: 10000\ntopologies:\n  - family: fattree\n    k: [" + ks
        + "]\ntopo:\n  max-sources: [" + ms + "]\n");
    StringWriter err = new StringWriter();
    Path out = dir.resolve("out");
    long t0 = System.nanoTime();
    int code = Main.run(new String[] {"run", f.toString(), "--out", out.toString()},
        new PrintWriter(new StringWriter()), new PrintWriter(err));
    assertThat(code).isEqualTo(2);
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(5);
    assertThat(err.toString().trim().lines().count()).isEqualTo(1);
    assertThat(err.toString()).contains("25,000,000 points").contains("100,000").contains("--max-points");
    assertThat(out).doesNotExist();
  }

  @Test
  void maxPointsRaisesOrLowersTheLimit() throws Exception {
    Path f = dir.resolve("s.yaml");
    Files.writeString(f, "kind: topo\nseeds: 3\ntopologies:\n  - family: fattree\n    k: [4, 6]\n");
    StringWriter err = new StringWriter();
    int code = Main.run(new String[] {"run", f.toString(), "--out", dir.resolve("o").toString(), "--max-points", "5"},
        new PrintWriter(new StringWriter()), new PrintWriter(err));
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("6 points").contains("limit of 5");
    err = new StringWriter();
    code = Main.run(new String[] {"run", f.toString(), "--out", dir.resolve("o").toString(), "--max-points", "6",
        "--dry-run"}, new PrintWriter(new StringWriter()), new PrintWriter(err));
    assertThat(code).isEqualTo(0);
    assertThat(err.toString()).contains("6 points");
  }
}
