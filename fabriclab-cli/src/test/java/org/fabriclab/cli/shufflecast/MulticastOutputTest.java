package org.fabriclab.cli.shufflecast;

import static org.fabriclab.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.fabriclab.cli.CliRun;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code shufflecast multicast --out} follows the output-folder rule of {@code docs/errors.md}
 *, and its help and errors list exactly the values it accepts.
 */
class MulticastOutputTest {
  @TempDir Path tmp;

  private static String[] multicast(String... more) {
    List<String> a = new ArrayList<>(List.of("shufflecast", "multicast", "--p", "2", "--k", "2",
        "--size", "100000", "--groups", "1", "--json"));
    a.addAll(List.of(more));
    return a.toArray(String[]::new);
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aForeignFolderIsRefusedUnlessForce() throws IOException {
    Path mine = Files.createDirectories(tmp.resolve("mine"));
    Files.writeString(mine.resolve("keep.txt"), "my notes");
    Result r = run(multicast("--out", mine.toString()));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err()).contains("--out", "not written by fabriclab", "--force");
    assertThat(names(mine)).containsExactly("keep.txt");

    Result forced = run(multicast("--out", mine.toString(), "--force"));
    assertThat(forced.code()).as(forced.err()).isZero();
    assertThat(names(mine)).containsExactly(".fabriclab-run", "group-completion.png", "group-completion.svg", "keep.txt",
        "throughput.csv", "throughput.png", "throughput.svg");
    assertThat(Files.readString(mine.resolve("keep.txt"))).isEqualTo("my notes");
    assertThat(Files.readAllLines(mine.resolve("throughput.csv")).get(0))
        .isEqualTo("timeMs,group0Gbps,aggregateGbps");
  }

  @Test
  void aFolderItWroteIsReplacedAndANewOneMade() throws IOException {
    Path out = tmp.resolve("new/run");
    assertThat(run(multicast("--out", out.toString())).code()).isZero();
    assertThat(names(out)).containsExactly(".fabriclab-run", "group-completion.png", "group-completion.svg", "throughput.csv",
        "throughput.png", "throughput.svg");
    Files.writeString(out.resolve("throughput.csv"), "stale");
    Result again = run(multicast("--out", out.toString()));
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(Files.readString(out.resolve("throughput.csv"))).startsWith("timeMs,");
  }

  @Test
  void aBadRunLeavesNoFolder() {
    Path out = tmp.resolve("never");
    // two groups from one source: refused by the run itself, after the folder was opened
    CliRun.assertRefused(new String[] {"shufflecast", "multicast", "--p", "2", "--k", "2", "--size", "100000",
        "--groups", "2", "--sources", "3,3", "--out", out.toString()}, "--sources names server 3 twice");
    assertThat(Files.exists(out)).isFalse();
  }

  @Test
  void helpAndErrorsListTheAcceptedValues() {
    String help = run("shufflecast", "multicast", "--help").out().replaceAll("\\s+", " ");
    assertThat(help).contains("shufflecast, ip-multicast, http, mpi-bcast or cornet")
        .contains("udp, aimd or norm");
    CliRun.assertRefused(multicast("--method", "gossip"),
        "invalid --method = gossip: valid: shufflecast, ip-multicast, http, mpi-bcast or cornet");
    CliRun.assertRefused(multicast("--sender", "tcp"), "invalid --sender = tcp: valid: udp, aimd or norm");
    Result join = run(multicast("--join", "0:3@1"));
    assertThat(join.err()).isEqualTo("fabriclab: error: --join needs --sender norm (the reliable sender), not"
        + " --sender udp" + System.lineSeparator());
    Result fail = run(multicast("--sender", "aimd", "--fail-relay", "4", "--fail-at-ms", "1"));
    assertThat(fail.err()).isEqualTo("fabriclab: error: --fail-relay needs --sender norm (the reliable sender),"
        + " not --sender aimd" + System.lineSeparator());
  }
}
