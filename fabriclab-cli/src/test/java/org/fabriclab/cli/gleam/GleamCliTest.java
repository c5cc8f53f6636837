package org.fabriclab.cli.gleam;

import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** {@code fabriclab gleam table|bcast} and their bad-input handling. */
class GleamCliTest {
  @Test
  void tableBytesOfOneThousandGroups() throws Exception {
    JsonNode j = json(run("gleam", "table", "--groups", "1024", "--ports", "64", "--json"));
    assertThat(j.get("bytes").asLong()).isEqualTo(1024L * (14 + 14 * 64));
    assertThat(j.get("paperBytes1kGroups").asLong()).isEqualTo(920_000L);
    // the same closed form through --format csv (key,value rows)
    assertThat(run("gleam", "table", "--groups", "1024", "--ports", "64", "--format", "csv").out())
        .startsWith("key,value").contains("\nbytes," + 1024L * (14 + 14 * 64) + "\n");
  }

  @Test
  void bcastOnTheTestbed() throws Exception {
    long size = 1 << 20;
    JsonNode g = json(run("gleam", "bcast", "--receivers", "3", "--size", Long.toString(size), "--engine", "analytic", "--json"));
    long wire = size + 1024 * 62;
    assertThat(g.get("sourceTxBytes").asLong()).isEqualTo(wire);
    assertThat(g.get("engine").asText()).isEqualTo("analytic");
    for (String h : new String[] {"1", "2", "3"}) {
      assertThat(g.get("deliveredBytes").get(h).asLong()).isEqualTo(size);
    }
    assertThat(g.get("sourceNacks")).isEmpty();
    JsonNode u = json(run("gleam", "bcast", "--hosts", "1,3", "--size", Long.toString(size), "--method", "unicast", "--engine", "analytic", "--json"));
    assertThat(u.get("sourceTxBytes").asLong()).isEqualTo(2 * wire);
    assertThat(u.get("deliveredBytes").get("3").asLong()).isEqualTo(size);
    // bandwidth-bound: two unicasts take about twice the multicast's time
    JsonNode g2 = json(run("gleam", "bcast", "--hosts", "1,3", "--size", "1073741824", "--engine", "analytic", "--json"));
    JsonNode u2 = json(run("gleam", "bcast", "--hosts", "1,3", "--size", "1073741824", "--method", "unicast", "--engine", "analytic", "--json"));
    assertThat(u2.get("jctUs").asDouble() / g2.get("jctUs").asDouble()).isCloseTo(2.0, within(0.01));
    JsonNode o = json(run("gleam", "bcast", "--size", "65536", "--method", "openmpi", "--json"));
    assertThat(o.get("algorithm").asText()).isEqualTo("linear");
  }

  /**
   * Packet level (seed 002 Fig. 9 testbed, 100 Gb/s, RoCE 1024 B payload + 64 B headers): the
   * source sends each byte once (100,000 B in 98 packets: 100,000 + 98 · 64 B), every receiver gets
   * every byte; unicast sends three copies. Fig. 7's drops: the sender is NACKed for p1 first.
   */
  @Test
  void bcastAtPacketLevel() throws Exception {
    JsonNode g = json(run("gleam", "bcast", "--receivers", "3", "--size", "100000", "--json"));
    assertThat(g.get("engine").asText()).isEqualTo("packet");
    assertThat(g.get("sourceTxBytes").asLong()).isEqualTo(100_000 + 98 * 64);
    for (String h : new String[] {"1", "2", "3"}) {
      assertThat(g.get("deliveredBytes").get(h).asLong()).isEqualTo(100_000);
    }
    assertThat(g.get("retransmittedPackets").asLong()).isZero();
    // store-and-forward closed form: 99 packet times of 1088 B (the last two 736 B) + 2 x 10 ns
    assertThat(g.get("jctUs").asDouble()).isCloseTo(8.6088, within(1e-9));
    JsonNode u = json(run("gleam", "bcast", "--receivers", "3", "--size", "100000", "--method", "unicast", "--json"));
    assertThat(u.get("sourceTxBytes").asLong()).isEqualTo(3 * (100_000 + 98 * 64));
    JsonNode f7 = json(run("gleam", "bcast", "--size", "8192", "--drop-at", "1:1", "--drop-at", "2:2", "--json"));
    assertThat(f7.get("sourceNacks").get(0).asInt()).isEqualTo(1);
    assertThat(f7.get("deliveredBytes").get("2").asLong()).isEqualTo(8192);
    assertThat(f7.get("sourceTxBytes").asLong())
        .isEqualTo((8 + f7.get("retransmittedPackets").asLong()) * 1088);
    // a k=4 fat-tree (10 Gb/s, 1 us links): Fig. 4's placement, S = server 0, R = 2 (pod 0), 4, 6 (pod 1);
    // 64 packets through a 6-link pipeline: (64 + 5) x 870.4 ns + 6 x 1 us
    JsonNode tr = json(run("gleam", "bcast", "--topo", "fattree k=4", "--hosts", "2,4,6", "--size", "65536", "--json"));
    assertThat(tr.get("sourceTxBytes").asLong()).isEqualTo(64 * 1088);
    assertThat(tr.get("deliveredBytes").get("6").asLong()).isEqualTo(65_536);
    assertThat(tr.get("jctUs").asDouble()).isCloseTo(69 * 0.8704 + 6, within(0.8704));
    JsonNode l = json(run("gleam", "bcast", "--size", "1048576", "--loss", "0.001", "--seed", "2", "--json"));
    assertThat(l.get("deliveredBytes").get("3").asLong()).isEqualTo(1_048_576);
    assertThat(l.get("accountingConserved").asBoolean()).isTrue();
  }

  @Test
  void badInputIsOneLineAndExitTwo() {
    String[][] bad = {
      {"gleam", "bcast", "--size", "0"},
      {"gleam", "bcast", "--size", "100", "--loss", "1"},
      {"gleam", "bcast", "--size", "100", "--loss", "-0.1"},
      {"gleam", "bcast", "--size", "100", "--loss", "0.001", "--engine", "analytic"},
      {"gleam", "bcast", "--size", "100", "--hosts", "1,1"},
      {"gleam", "bcast", "--size", "100", "--hosts", "1,9"},
      {"gleam", "bcast", "--size", "100", "--hosts", "0,2"},
      {"gleam", "bcast", "--size", "100", "--method", "magic"},
      {"gleam", "table", "--groups", "0", "--ports", "64"},
      {"gleam", "table", "--groups", "10", "--ports", "300"},
      {"gleam", "bcast", "--size", "4294967296"},
      {"gleam", "bcast", "--size", "100", "--link-gbps", "0"},
      {"gleam", "bcast", "--size", "100", "--receivers", "0"},
      {"gleam", "bcast", "--size", "100", "--source", "7"},
      {"gleam", "bcast", "--size", "abc"},
      {"gleam", "bcast", "--size", "99999999999999999999"},
      {"gleam", "bcast", "--size", "100", "--receivers", "x"},
      {"gleam", "bcast", "--size", "100", "--servers", "2", "--receivers", "3"},
      {"gleam", "bcast", "--size", "100", "--link-gbps", "NaN"},
      {"gleam", "bcast", "--size", "100", "--loss", "often"},
      {"gleam", "bcast", "--size", "100", "--hosts", "1,x"},
      {"gleam", "bcast", "--size", "100", "--overhead-us", "-1"},
      {"gleam", "table", "--groups", "1e3", "--ports", "64"},
      {"gleam", "table", "--groups", "10", "--ports", "many"},
      {"gleam", "bcast", "--size", "100", "--engine", "fluid"},
      {"gleam", "bcast", "--size", "100", "--method", "openmpi", "--engine", "packet"},
      {"gleam", "bcast", "--size", "4096", "--drop-at", "1:4"},
      {"gleam", "bcast", "--size", "4096", "--drop-at", "0:1"},
      {"gleam", "bcast", "--size", "4096", "--drop-at", "1-1"},
      {"gleam", "bcast", "--size", "100", "--receivers", "300"},
      {"gleam", "bcast", "--size", "100", "--drop-at", "1:0", "--engine", "analytic"},
      {"gleam", "bcast", "--size", "100", "--seed", "-1"},
      {"gleam", "bcast", "--size", "100", "--topo", "fattree k=4", "--engine", "analytic"},
      {"gleam", "bcast", "--size", "100", "--topo", "fattree k=4", "--hosts", "1,16"},
      {"gleam", "bcast", "--size", "100", "--topo", "fattree k"},
      {"gleam", "bcast", "--size", "100", "--topo", "fattree k=4", "--servers", "8"},
    };
    String[] mention = {"--size = 0: valid range 1..2147483648", "--loss = 1: valid range [0, 1)",
        "--loss = -0.1: valid range [0, 1)", "valid range [0, 1), but only 0", "twice", "--hosts = 9: valid range 0..3",
        "equals the source", "--method", "--groups = 0: valid range 1..16777216", "--ports = 300: valid range 1..256",
        "--size = 4294967296: valid range 1..2147483648", "--link-gbps = 0: valid range [1, 1600]",
        "--receivers = 0: valid range 1..1023", "--source = 7: valid range 0..3",
        "'--size': 'abc' is not a byte size",
        "'--size': '99999999999999999999' is outside the 64-bit integer range",
        "--receivers = 'x': not an integer; valid range 1..1023",
        "--receivers = 3: valid range 1..1 with --servers 2", "--link-gbps = 'NaN': not a number; valid range [1, 1600]",
        "--loss = 'often': not a number; valid range [0, 1)", "--hosts = 'x': not an integer; valid range 0..3",
        "--overhead-us = -1: valid range [0, 1000000]", "--groups = '1e3': not an integer; valid range 1..16777216",
        "--ports = 'many': not an integer; valid range 1..256", "--engine = fluid: one of packet, analytic",
        "--method openmpi has only the analytic engine", "--drop-at = 4: valid range 0..3",
        "HOST must be one of the receivers", "HOST:PSN", "--servers = 301: valid range 2..256",
        "--drop-at needs --engine packet", "--seed = -1: valid range 0..", "--topo needs --engine packet",
        "--hosts = 16: valid range 0..15", "or one quoted argument 'FAMILY key=value ...'", "either --servers (the testbed) or --topo"};
    for (int i = 0; i < bad.length; i++) {
      org.fabriclab.cli.CliRun.assertRefused(bad[i], mention[i]);
    }
  }
}
