package org.fabriclab.cli.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.assertRefused;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fabriclab collective}: the cartesian product, its JSON and files, and bad input. */
class CollectiveCommandTest {
  @Test
  void sizesTimesSchemesTimesFabricsAreOneRunEach() throws Exception {
    JsonNode j = CliRun.json("collective", "--op", "broadcast", "--ranks", "8", "--size", "64KiB,1MiB",
        "--scheme", "flat,ipmulticast", "--engine", "flow", "--topo", "fattree", "--k", "4",
        "--topo", "bcube", "--n", "4", "--k", "1", "--json", "--no-progress");
    JsonNode runs = j.get("runs");
    assertThat(runs.size()).isEqualTo(2 * 2 * 2);
    JsonNode first = runs.get(0);
    List<String> keys = new java.util.ArrayList<>();
    first.fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("op", "scheme", "fabric", "engine", "transport",
        "ranks", "sizeBytes", "jctNs", "algbwGbps", "busbwGbps", "wireBytes", "linkBytes", "linksUsed", "rootUplinkBytes",
        "maxQueueBytes", "drops", "retransmissions", "rankEndNs");
    for (JsonNode r : runs) {
      long s = r.get("sizeBytes").asLong();
      // broadcast: algbw = S / JCT, busbw = algbw (factor 1)
      assertThat(r.get("algbwGbps").asDouble()).isCloseTo(s * 8.0 / r.get("jctNs").asLong(),
          org.assertj.core.api.Assertions.within(1e-3 * r.get("algbwGbps").asDouble()));
      assertThat(r.get("busbwGbps").asDouble()).isEqualTo(r.get("algbwGbps").asDouble());
      assertThat(r.get("rankEndNs").size()).isEqualTo(8);
      assertThat(r.get("maxQueueBytes").isNull()).isTrue(); // the flow engine has no queues
    }
  }

  @Test
  void multicastCarriesTheMessageOncePerTreeLink() throws Exception {
    // fat-tree k=4, ranks 0..7 on pods 0 and 1: the tree from host 0 reaches its edge switch,
    // host 1, an aggregation switch, the other edge switch of pod 0 (hosts 2, 3), a core switch,
    // pod 1's aggregation switch, both of its edge switches and hosts 4..7:
    // 7 host links + 1 (edge0 -> agg) + 1 (agg -> edge1) + 1 (agg -> core) + 1 (core -> agg')
    // + 2 (agg' -> edges) + 1 (host 0's uplink) = 14 links
    JsonNode j = CliRun.json("collective", "--op", "broadcast", "--ranks", "8", "--size", "1MiB",
        "--scheme", "ipmulticast,flat", "--engine", "flow", "--json", "--no-progress");
    JsonNode mc = j.get("runs").get(0);
    assertThat(mc.get("scheme").asText()).isEqualTo("ipmulticast");
    assertThat(mc.get("wireBytes").asLong()).isEqualTo(14L * (1 << 20));
    // unicast fan-out: hops per receiver 2 (same edge), 4 (same pod), 6 (other pod): 1x2 + 2x4 + 4x6
    JsonNode flat = j.get("runs").get(1);
    assertThat(flat.get("wireBytes").asLong()).isEqualTo((2L + 8 + 24) * (1 << 20));
  }

  @Test
  void inNetworkSchemesRunAtPacketLevel() throws Exception {
    // the same 14-link tree as on the flow engine; the root puts each packet on its link once
    // (1 MiB in 1024 packets of 1024 + 64 B) and no transport sends anything back
    JsonNode j = CliRun.json("collective", "--op", "broadcast", "--ranks", "8", "--size", "1MiB",
        "--scheme", "ipmulticast", "--engine", "packet", "--json", "--no-progress");
    JsonNode mc = j.get("runs").get(0);
    assertThat(mc.get("engine").asText()).isEqualTo("packet");
    assertThat(mc.get("wireBytes").asLong()).isEqualTo(14L * (1 << 20));
    assertThat(mc.get("linkBytes").asLong()).isEqualTo(14L * ((1 << 20) + 1024 * 64));
    assertThat(mc.get("rootUplinkBytes").asLong()).isEqualTo((1 << 20) + 1024 * 64);
    assertThat(mc.get("drops").asLong()).isZero();
    assertThat(mc.get("retransmissions").asLong()).isZero();
    assertThat(mc.get("jctNs").asLong()).isPositive();
    JsonNode ar = CliRun.json("collective", "--op", "allreduce", "--ranks", "8", "--size", "1MiB",
        "--scheme", "switchagg", "--engine", "packet", "--json", "--no-progress").get("runs").get(0);
    assertThat(ar.get("jctNs").asLong()).isPositive();
    assertThat(ar.get("drops").asLong()).isZero();
  }

  @Test
  void outWritesRunsRankEndsPlotsAndReport(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("c");
    CliRun.Result r = CliRun.run("collective", "--op", "allreduce", "--ranks", "8", "--size", "256KiB,1MiB",
        "--scheme", "ring", "--engine", "flow", "--out", out.toString(), "--format", "csv", "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    for (String f : List.of("runs.csv", "rank-ends.csv", "busbw.png", "jct.png", "wire-bytes.png", "report.html")) {
      assertThat(out.resolve(f)).exists();
    }
    List<String> runs = Files.readAllLines(out.resolve("runs.csv"));
    assertThat(runs).hasSize(3);
    assertThat(Files.readAllLines(out.resolve("rank-ends.csv"))).hasSize(1 + 2 * 8);
    assertThat(r.out()).isEqualTo(Files.readString(out.resolve("runs.csv")));
  }

  @Test
  void badInputIsOneLineNamingTheCulprit(@TempDir Path dir) {
    assertRefused(args("--op", "allsum"), "--op");
    assertRefused(args("--scheme", "nosuch"), "--scheme");
    assertRefused(args("--op", "broadcast", "--scheme", "ring"), "does not implement broadcast");
    assertRefused(args("--ranks", "17"), "--ranks");
    assertRefused(args("--op", "broadcast", "--root", "8", "--ranks", "8"), "--root");
    assertRefused(args("--size", "0"), "--size");
    assertRefused(args("--size", "12abc"), "--size");
    assertRefused(args("--op", "allgather", "--ranks", "6", "--size", "1000"), "multiple of the ranks");
    assertRefused(args("--scheme", "rabenseifner", "--ranks", "6"), "power of two");
    assertThat(dir.resolve("never")).doesNotExist();
    assertRefused(args("--ranks", "17", "--out", dir.resolve("never").toString()), "--ranks");
    assertThat(dir.resolve("never")).doesNotExist();
  }

  private static String[] args(String... extra) {
    String[] base = {"collective", "--engine", "flow", "--no-progress"};
    String[] a = java.util.Arrays.copyOf(base, base.length + extra.length);
    System.arraycopy(extra, 0, a, base.length, extra.length);
    // a later --engine wins in picocli? no: repeated single options are refused, so drop the default one
    if (java.util.Arrays.asList(extra).contains("--engine")) {
      a = java.util.stream.Stream.concat(java.util.stream.Stream.of("collective", "--no-progress"),
          java.util.Arrays.stream(extra)).toArray(String[]::new);
    }
    return a;
  }
}
