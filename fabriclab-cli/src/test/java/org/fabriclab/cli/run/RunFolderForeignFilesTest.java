package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.cli.CliRun;
import org.fabriclab.io.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files of someone else's in a run folder (docs/errors.md, run folders): a folder left by a run
 * killed before it wrote its spec starts again with them kept; a damaged point runs again and what
 * else is in its folder, or hidden in {@code points}, stays.
 */
class RunFolderForeignFilesTest {
  @TempDir Path tmp;

  private static final String SPEC = String.join("\n",
      "kind: simulate",
      "seeds: 2",
      "topologies:",
      "  - family: fattree",
      "    k: 4",
      "simulate:",
      "  engine: flow",
      "  workload: {type: poisson, flows: 20}",
      "");

  private Path spec() throws Exception {
    Path s = tmp.resolve("spec.yaml");
    Files.writeString(s, SPEC);
    return s;
  }

  @Test
  void aRunKilledBeforeItsSpecStartsAgainKeepingForeignFiles() throws Exception {
    Path spec = spec();
    Path run = tmp.resolve("run");
    Files.createDirectories(run);
    // what SIGTERM left while the run was writing its first files: the marker (a run's), two of
    // its files, no spec.json; and a file someone put there meanwhile
    Files.writeString(run.resolve(RunFolder.MARKER), "fabriclab run folder (written by fabriclab; do not edit)\nkind run\n");
    Files.writeString(run.resolve("points.csv"), "point\n");
    Files.writeString(run.resolve("run.json"), "{}\n");
    Files.writeString(run.resolve("notes.txt"), "mine");
    CliRun.Result r = CliRun.run("run", spec.toString(), "--out", run.toString(), "--resume", "--threads", "1",
        "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(run.resolve("notes.txt")).hasContent("mine");
    assertThat(run.resolve("results.csv")).exists();
    assertThat(run.resolve("spec.json")).exists();
  }

  @Test
  void aDamagedPointRunsAgainAndForeignFilesStay() throws Exception {
    Path spec = spec();
    Path run = tmp.resolve("run");
    CliRun.Result first = CliRun.run("run", spec.toString(), "--out", run.toString(), "--threads", "1", "--no-progress");
    assertThat(first.code()).as(first.err()).isZero();
    Path p0 = run.resolve("points/p00000");
    String flows = Files.readString(p0.resolve("flows.csv"));
    String results = Files.readString(run.resolve("results.csv"));
    Files.writeString(p0.resolve("flows.csv"), flows + "damage\n");
    Files.writeString(p0.resolve("notes.txt"), "mine");
    Files.writeString(run.resolve("points/.mine"), "hidden");
    CliRun.Result r = CliRun.run("run", spec.toString(), "--out", run.toString(), "--resume", "--threads", "1",
        "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("2 points (1 run, 1 already done)");
    assertThat(p0.resolve("flows.csv")).hasContent(flows.strip());
    assertThat(Files.readString(run.resolve("results.csv"))).isEqualTo(results);
    assertThat(p0.resolve("notes.txt")).hasContent("mine");
    assertThat(run.resolve("points/.mine")).hasContent("hidden");
  }
}
