package org.fabriclab.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.cli.CliRun;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commands that print progress lines take {@code --no-progress} (compare, demo topo, analyze
 * throughput), and demo topo takes {@code --format} as every command that prints results does: csv on
 * stdout is exactly the topologies.csv it writes, with the status line on stderr.
 */
class NoProgressAndFormatTest {
  @Test
  void demoCsvIsTheTopologiesTableAndNoProgressSilencesItsLines(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("demo");
    Result r = CliRun.run("demo", "topo", "--out", out.toString(), "--format", "csv", "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).isEqualTo(Files.readString(out.resolve("topologies.csv")));
    assertThat(r.out().lines()).hasSize(8);
    assertThat(r.err()).doesNotContain("[1/7]").startsWith("wrote ");
  }

  @Test
  void compareAndAnalyzeTakeNoProgress(@TempDir Path dir) {
    Result c = CliRun.run("compare", "--topo", "fattree", "--k", "4", "--workload", "permutation",
        "--flow-bytes", "1000", "--out", dir.resolve("cmp").toString(), "--no-progress");
    assertThat(c.code()).as(c.err()).isZero();
    assertThat(c.err()).doesNotContain("points done").contains("1 fabric x 1 transport x 1 seed in");
    Result a = CliRun.run("analyze", "throughput", "--topo", "fattree", "--k", "4", "--no-progress", "--format", "csv");
    assertThat(a.code()).as(a.err()).isZero();
    assertThat(a.err()).isEmpty();
  }
}
