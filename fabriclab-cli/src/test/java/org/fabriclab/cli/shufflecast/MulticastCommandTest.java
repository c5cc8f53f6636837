package org.fabriclab.cli.shufflecast;

import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * {@code fabriclab shufflecast multicast} on the §V testbed (seed 000_9b2589b0d55d7b52.txt):
 * 2,2-Shufflecast, 2 servers per ToR, 10 Gb/s. Line rate for 1460 B of payload in 1500 B frames
 * is 10 · 1460 / 1500 = 9.7333 Gb/s of goodput.
 */
class MulticastCommandTest {
  @Test
  void oneToFifteenAtLineRate() throws Exception {
    JsonNode j = json("shufflecast", "multicast", "--p", "2", "--k", "2", "--size", "4000000",
        "--groups", "1", "--json");
    JsonNode g = j.get("groups").get(0);
    assertThat(g.get("source").asInt()).isZero();
    assertThat(g.get("members")).hasSize(15);
    assertThat(g.get("bytes").asLong()).isEqualTo(4_000_000);
    assertThat(g.get("minMemberBytes").asLong()).isEqualTo(4_000_000);
    assertThat(g.get("throughputGbps").asDouble()).isBetween(9.5, 10.0 * 1460 / 1500);
    // the 0.6 ms rule update precedes the first packet (§VI-B(a))
    assertThat(g.get("startNs").asLong()).isEqualTo(600_000);
    assertThat(j.get("lossRate").asDouble()).isZero();
  }

  @Test
  void staggeredGroupsThatDoNotOverlapInTimeBothRunAtLineRate() throws Exception {
    // 1 MB takes ~0.82 ms at line rate; the second group is requested 5 ms later
    JsonNode j = json("shufflecast", "multicast", "--p", "2", "--k", "2", "--size", "1000000",
        "--groups", "2", "--sources", "0,7", "--stagger-ms", "5", "--json");
    JsonNode a = j.get("groups").get(0);
    JsonNode b = j.get("groups").get(1);
    assertThat(b.get("source").asInt()).isEqualTo(7);
    assertThat(b.get("requestNs").asLong()).isEqualTo(5_000_000);
    assertThat(a.get("endNs").asLong()).isLessThan(b.get("startNs").asLong());
    for (JsonNode g : new JsonNode[] {a, b}) {
      assertThat(g.get("minMemberBytes").asLong()).isEqualTo(1_000_000);
      assertThat(g.get("throughputGbps").asDouble()).isBetween(9.5, 10.0 * 1460 / 1500);
    }
    assertThat(j.get("lossRate").asDouble()).isZero();
  }

  @Test
  void ipMulticastOnTheComparisonNetwork() throws Exception {
    JsonNode j = json("shufflecast", "multicast", "--p", "2", "--k", "2", "--size", "2000000",
        "--groups", "1", "--method", "ip-multicast", "--json");
    JsonNode g = j.get("groups").get(0);
    assertThat(j.get("method").asText()).isEqualTo("ip-multicast");
    assertThat(g.get("minMemberBytes").asLong()).isEqualTo(2_000_000);
    assertThat(g.get("throughputGbps").asDouble()).isBetween(9.5, 10.0 * 1460 / 1500);
  }

  @Test
  void httpIsRepeatedUnicast() throws Exception {
    JsonNode g = json("shufflecast", "multicast", "--p", "2", "--k", "2", "--size", "500000",
        "--groups", "1", "--method", "http", "--json").get("groups").get(0);
    assertThat(g.get("minMemberBytes").asLong()).isEqualTo(500_000);
    // 15 members share one 10 Gb/s NIC: 9.733 / 15 = 0.649 Gb/s each
    assertThat(g.get("throughputGbps").asDouble()).isBetween(0.62, 0.65);
  }

  @Test
  void normDeliversEveryByteAfterARelayFailureAndWritesTheTimeSeries(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws Exception {
    // ToR 4 is a relay of source ToR 0 (Fig. 3: {0,1,4,5}); its servers 8 and 9 drop out
    JsonNode j = json("shufflecast", "multicast", "--p", "2", "--k", "2", "--size", "4000000",
        "--groups", "1", "--sender", "norm", "--fail-relay", "4", "--fail-at-ms", "1.5",
        "--out", dir.toString(), "--json");
    JsonNode g = j.get("groups").get(0);
    JsonNode bytes = g.get("memberBytes");
    for (int i = 0; i < 15; i++) {
      int server = g.get("members").get(i).asInt();
      if (server / 2 != 4) {
        assertThat(bytes.get(i).asLong()).as("server %d", server).isEqualTo(4_000_000);
      }
    }
    assertThat(g.get("repairs").asLong()).isPositive();
    java.util.List<String> csv = java.nio.file.Files.readAllLines(dir.resolve("throughput.csv"));
    assertThat(csv.get(0)).isEqualTo("timeMs,group0Gbps,aggregateGbps");
    assertThat(csv.size()).isGreaterThan(3);
    // every member counted once per bin: no bin above the payload line rate
    for (String line : csv.subList(1, csv.size())) {
      assertThat(Double.parseDouble(line.split(",")[2])).isLessThanOrEqualTo(10.0 * 1460 / 1500 * 1.01);
    }
  }

  @Test
  void mpiBcastBinomialTakesFourRoundsOfTheMessage() throws Exception {
    // 500 kB < 1 MiB: binomial tree, 4 rounds for 16 ranks; a round serialises 343 packets of
    // 1500 B at 10 Gb/s = 411.6 µs (plus under 20 µs of handshake and path per round)
    JsonNode j = json("shufflecast", "multicast", "--p", "2", "--k", "2", "--size", "500000",
        "--groups", "1", "--method", "mpi-bcast", "--json");
    JsonNode g = j.get("groups").get(0);
    assertThat(j.get("sender").asText()).isEqualTo("dctcp");
    assertThat(g.get("minMemberBytes").asLong()).isEqualTo(500_000);
    double closedNs = 4 * 343 * 1500 * 8 / 10.0;
    assertThat(g.get("throughputGbps").asDouble())
        .isBetween(500_000 * 8 / (closedNs + 80_000), 500_000 * 8 / closedNs);
  }

  @Test
  void cornetEveryReceiverGetsTheObjectOnce() throws Exception {
    JsonNode j = json("shufflecast", "multicast", "--p", "2", "--k", "2", "--size", "300000",
        "--groups", "1", "--group-size", "6", "--method", "cornet", "--block-bytes", "65536",
        "--locate-ms", "0.5", "--json");
    JsonNode g = j.get("groups").get(0);
    assertThat(g.get("members")).hasSize(5);
    for (JsonNode b : g.get("memberBytes")) {
      assertThat(b.asLong()).isEqualTo(300_000);
    }
    // 5 blocks fetched one after another, each after a 0.5 ms locate
    assertThat(g.get("endNs").asLong() - g.get("startNs").asLong()).isGreaterThanOrEqualTo(2_500_000);
    assertThat(j.get("locateMs").asDouble()).isEqualTo(0.5);
  }

  @Test
  void badInputIsOneLineAndExitCode2() {
    String[][] bad = {
      {"--size", "0", "--groups", "1"},
      {"--size", "1000", "--groups", "0"},
      {"--size", "1000", "--groups", "2", "--sources", "0"},
      {"--size", "1000", "--groups", "1", "--sources", "16"},
      {"--size", "1000", "--groups", "2", "--sources", "3,3"},
      {"--size", "1000", "--groups", "1", "--group-size", "17"},
      {"--size", "1000", "--groups", "1", "--method", "gossip"},
      {"--size", "1000", "--groups", "1", "--link-gbps", "0"},
      {"--size", "1000", "--groups", "1", "--stagger-ms", "-1"},
      {"--size", "1000", "--groups", "1", "--sender", "tcp"},
      {"--size", "1000", "--groups", "1", "--sender", "norm", "--join", "0:x@1"},
      {"--size", "1000", "--groups", "1", "--sender", "norm", "--fail-relay", "2"},
      {"--size", "1000", "--groups", "1", "--sender", "norm", "--fail-relay", "0", "--fail-at-ms", "1"},
      {"--size", "1000", "--groups", "1", "--join", "0:3@1"},
      {"--size", "1000", "--groups", "1", "--sender", "norm", "--join", "0:0@1"},
      {"--size", "1000", "--groups", "1", "--group-size", "3", "--sender", "norm", "--leave", "0:3@1"},
      {"--size", "1000", "--groups", "1", "--method", "cornet", "--sender", "norm"},
      {"--size", "1000", "--groups", "1", "--method", "cornet", "--locate-ms", "-1"},
      {"--size", "1000", "--groups", "1", "--method", "mpi-bcast", "--block-bytes", "10"},
      {"--size", "0", "--groups", "1", "--method", "mpi-bcast"},
    };
    String[] names = {"--size", "--groups", "--sources", "--sources", "--sources", "--group-size",
        "--method", "--link-gbps", "--stagger-ms", "--sender", "--join", "--fail-at-ms",
        "--fail-relay", "--sender", "--join", "--leave", "--sender", "--locate-ms", "--block-bytes",
        "--size"};
    for (int i = 0; i < bad.length; i++) {
      String[] args = new String[6 + bad[i].length];
      System.arraycopy(new String[] {"shufflecast", "multicast", "--p", "2", "--k", "2"}, 0, args, 0, 6);
      System.arraycopy(bad[i], 0, args, 6, bad[i].length);
      org.fabriclab.cli.CliRun.assertRefused(args, names[i]);
    }
  }
}
