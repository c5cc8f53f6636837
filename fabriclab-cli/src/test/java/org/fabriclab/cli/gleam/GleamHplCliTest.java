package org.fabriclab.cli.gleam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** {@code fabriclab gleam hpl} (seed 002 §5.3 Fig. 14) and its bad input. */
class GleamHplCliTest {
  /**
   * 4×4 with 1 MiB per phase at flow level: Gleam = two multicasts (a row under one edge switch: 2
   * links; a 4×4 column, servers c, c+4, c+8, c+12, also under one edge): each 1024 packets of
   * 1088 B at 200 Gb/s + one packet time + 2 µs; the sources send 8 × 1024 packets (each byte
   * once); ring-long sends the ring's 3 hops per row and spread + roll per column.
   */
  @Test
  void hplJson() throws Exception {
    JsonNode g = json(run("gleam", "hpl", "--scale", "4", "--method", "gleam", "--engine", "flow", "--bytes", "1048576", "--json"));
    double pkt = 1088 * 8 / 200e9 * 1e3;
    assertThat(g.get("jctMs").asDouble()).isCloseTo(2 * (1025 * pkt + 2e-3), within(1e-6));
    assertThat(g.get("sourcePackets").asLong()).isEqualTo(8 * 1024);
    assertThat(g.get("deliveredPayloadBytes").asLong()).isEqualTo(8L * 3 * 1048576);
    JsonNode r = json(run("gleam", "hpl", "--scale", "4", "--method", "ring-long", "--engine", "packet", "--bytes", "1048576", "--json"));
    assertThat(r.get("sourcePayloadBytes").asLong()).isEqualTo(4L * 3 * 1048576 + 4L * (3 * 262144) + 4L * 3 * 1048576);
    assertThat(r.get("panelBroadcastMs").asDouble()).isGreaterThan(3 * 1024 * pkt);
    assertThat(r.get("retransmittedPackets").asLong()).isZero();
  }

  @Test
  void badInputIsOneLineAndExitTwo() {
    String[][] bad = {
      {"gleam", "hpl", "--scale", "129"},
      {"gleam", "hpl", "--scale", "1"},
      {"gleam", "hpl", "--scale", "8", "--loss", "1"},
      {"gleam", "hpl", "--scale", "8", "--loss", "-0.5"},
      {"gleam", "hpl", "--scale", "8", "--loss", "0.001"},
      {"gleam", "hpl", "--scale", "8", "--method", "binomial"},
      {"gleam", "hpl", "--scale", "8", "--engine", "fluid"},
      {"gleam", "hpl", "--scale", "x"},
      {"gleam", "hpl", "--scale", "8", "--bytes", "0"},
      {"gleam", "hpl", "--scale", "8", "--seed", "-3"},
    };
    String[] mention = {"--scale = 129: valid range 2..128 (an N x N grid needs N² <= 16384 servers)",
        "--scale = 1: valid range 2..128", "--loss = 1: valid range [0, 1)", "--loss = -0.5: valid range [0, 1)",
        "use --engine packet", "--method = binomial: one of gleam, ring-long", "--engine = fluid: one of packet, flow",
        "--scale = 'x': not an integer", "--bytes = 0: valid range 1..2147483648", "--seed = -3: valid range 0.."};
    for (int i = 0; i < bad.length; i++) {
      org.fabriclab.cli.CliRun.assertRefused(bad[i], mention[i]);
    }
  }
}
