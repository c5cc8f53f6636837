package org.fabriclab.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.fabriclab.cli.CliRun;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;

/**
 * {@code bench topo} in a machine format prints only the data on stdout: the line naming the
 * machine ("# N threads, JVM, heap, cores") goes to stderr, so json.load and pandas read stdout.
 */
class TopoBenchFormatTest {
  @Test
  void machineLineGoesToStderrInCsvAndJson() throws Exception {
    Result json = CliRun.run("bench", "topo", "--repeat", "1", "--json");
    assertThat(json.code()).as(json.err()).isZero();
    assertThat(new ObjectMapper().readTree(json.out()).size()).isEqualTo(4); // four scenarios
    assertThat(json.out()).doesNotContain("threads,");
    assertThat(json.err()).containsPattern("(?m)^# \\d+ threads, .*, max heap .* GiB, \\d+ cores$");
    Result csv = CliRun.run("bench", "topo", "--repeat", "1", "--format", "csv");
    assertThat(csv.code()).as(csv.err()).isZero();
    assertThat(csv.out().lines()).hasSize(5).noneMatch(l -> l.startsWith("#"));
  }
}
