package org.fabriclab.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same sweep on local Spark and on threads gives identical rows (a point is a pure function). */
class SparkRunTest {
  @TempDir Path dir;

  private static final String SPEC = String.join("\n",
      "kind: simulate",
      "seed: 11",
      "seeds: 5", // 20 points: 3 batches of local[2] (8, 8, 4), two in flight at once
      "topologies:",
      "  - family: fattree",
      "    k: 4",
      "  - family: jellyfish",
      "    switches: 12",
      "    ports: 5",
      "    servers-per-switch: 2",
      "simulate:",
      "  engine: [flow, packet]",
      "  workload: {type: poisson, flows: 30, rate-per-s: 100000}",
      "");

  private static int run(String... args) {
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
    assertThat(code).as(err.toString()).isZero();
    return code;
  }

  @Test
  void sparkAndThreadedRunsGiveIdenticalRows() throws Exception {
    Path spec = dir.resolve("spec.yaml");
    Files.writeString(spec, SPEC);
    run("run", spec.toString(), "--out", dir.resolve("threads").toString(), "--threads", "2");
    run("run", spec.toString(), "--out", dir.resolve("spark").toString(), "--spark", "local[2]");
    String threaded = Files.readString(dir.resolve("threads/results.csv"));
    assertThat(threaded.lines().count()).isEqualTo(1 + 20 * 45); // 2 fabrics x 2 engines x 5 seeds, 45 metrics
    assertThat(Files.readString(dir.resolve("spark/results.csv"))).isEqualTo(threaded);
    assertThat(Files.readString(dir.resolve("spark/run.json"))).contains("spark local[2]");
  }

  @Test
  void aRunRefusedAfterSparkStartedStopsSparkForTheNextRun() throws Exception {
    Path spec = dir.resolve("topo.yaml");
    Files.writeString(spec, "kind: topo\ntopologies:\n  - family: fattree\n    k: 4\n");
    run("run", spec.toString(), "--out", dir.resolve("a").toString(), "--spark", "local[1]");
    // the folder holds a finished run: refused (without --resume) once Spark has started
    StringWriter err = new StringWriter();
    int code = Main.run(new String[] {"run", spec.toString(), "--out", dir.resolve("a").toString(), "--spark", "local[1]"},
        new PrintWriter(new StringWriter()), new PrintWriter(err));
    assertThat(code).as(err.toString()).isEqualTo(2);
    assertThat(err.toString()).contains("--resume");
    // a context left running would make this one fail: one SparkContext per JVM
    run("run", spec.toString(), "--out", dir.resolve("b").toString(), "--spark", "local[1]");
    assertThat(Files.readString(dir.resolve("b/results.csv"))).isEqualTo(Files.readString(dir.resolve("a/results.csv")));
  }
}
