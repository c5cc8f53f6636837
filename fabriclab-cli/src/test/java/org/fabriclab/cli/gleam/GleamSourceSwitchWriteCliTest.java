package org.fabriclab.cli.gleam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.json;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * {@code gleam bcast --switch-source-at PSN:HOST} (seed 002 Appendix B) and {@code --verb write}
 * (§3.3): byte counts by hand on the testbed (1024 B payload + 64 B headers per packet, an ACK of
 * 64 B per in-order packet, a 16 B RETH on each WRITE's first packet, 16 B of MR update per
 * receiver), and bad input.
 */
class GleamSourceSwitchWriteCliTest {
  @Test
  void sourceSwitchHandsTheRestOfTheMessageToAnotherMember() throws Exception {
    // 100,000 B = 98 packets; host 0 sends packets 0..39, host 2 the other 58
    JsonNode j = json("gleam", "bcast", "--size", "100000", "--switch-source-at", "40:2", "--json");
    assertThat(j.get("verb").asText()).isEqualTo("send");
    JsonNode d = j.get("deliveredBytes");
    assertThat(d.get("0").asLong()).isEqualTo(100_000 - 40 * 1024);
    assertThat(d.get("1").asLong()).isEqualTo(100_000);
    assertThat(d.get("2").asLong()).isEqualTo(40 * 1024);
    assertThat(d.get("3").asLong()).isEqualTo(100_000);
    // host 0's link: its 40 data packets and its ACKs of the 58 packets it then receives, one per
    // 4 packets and on the last (RcConfig's coalescing): ceil(58 / 4) = 15
    assertThat(j.get("sourceTxBytes").asLong()).isEqualTo(40 * 1088 + 15 * 64);
    assertThat(j.get("dataPacketsSent").asLong()).isEqualTo(98);
    assertThat(j.get("retransmittedPackets").asLong()).isZero();
    assertThat(j.get("sourceSwitches").get(0).get("psn").asInt()).isEqualTo(40);
    assertThat(j.get("sourceSwitches").get(0).get("host").asInt()).isEqualTo(2);
    assertThat(j.has("mrUpdateBytes")).isFalse();
  }

  @Test
  void writeCountsTheMrUpdateAndTheReth() throws Exception {
    JsonNode g = json("gleam", "bcast", "--size", "100000", "--verb", "write", "--json");
    assertThat(g.get("mrUpdateBytes").asLong()).isEqualTo(3 * 16);
    assertThat(g.get("writeRequests").asInt()).isEqualTo(1);
    assertThat(g.get("sourceTxBytes").asLong()).isEqualTo((48 + 64 + 16) + (100_000 + 98 * 64 + 16));
    assertThat(g.has("sourceSwitches")).isFalse();
    for (String h : new String[] {"1", "2", "3"}) {
      assertThat(g.get("deliveredBytes").get(h).asLong()).isEqualTo(100_000);
    }
    JsonNode u = json("gleam", "bcast", "--size", "100000", "--verb", "write", "--method", "unicast", "--json");
    assertThat(u.get("sourceTxBytes").asLong()).isEqualTo(3 * (100_000 + 98 * 64 + 16));
    assertThat(u.get("writeRequests").asInt()).isEqualTo(3);
    assertThat(u.get("mrUpdateBytes").asLong()).isZero();
    // --verb send without a switch is the ordinary run
    JsonNode s = json("gleam", "bcast", "--size", "100000", "--verb", "send", "--json");
    JsonNode plain = json("gleam", "bcast", "--size", "100000", "--json");
    assertThat(s).isEqualTo(plain);
  }

  @Test
  void switchAndWriteWithLossDeliverEveryByteOnce() throws Exception {
    JsonNode j = json("gleam", "bcast", "--size", "1048576", "--verb", "write", "--loss", "0.001", "--seed", "2",
        "--switch-source-at", "300:1", "--switch-source-at", "700:0", "--json");
    JsonNode d = j.get("deliveredBytes");
    assertThat(d.get("0").asLong()).isEqualTo(400 * 1024);
    assertThat(d.get("1").asLong()).isEqualTo(1048576 - 400 * 1024);
    assertThat(d.get("2").asLong()).isEqualTo(1048576);
    assertThat(d.get("3").asLong()).isEqualTo(1048576);
    assertThat(j.get("writeRequests").asInt()).isEqualTo(3);
    assertThat(j.get("mrUpdateBytes").asLong()).isEqualTo(3 * 48);
  }

  @Test
  void badInputIsOneLineAndExitTwo() {
    String[][] bad = {
      {"gleam", "bcast", "--size", "100000", "--verb", "read"},
      {"gleam", "bcast", "--size", "100000", "--switch-source-at", "0:2"},
      {"gleam", "bcast", "--size", "100000", "--switch-source-at", "98:2"},
      {"gleam", "bcast", "--size", "100000", "--switch-source-at", "40:9"},
      {"gleam", "bcast", "--size", "100000", "--switch-source-at", "forty:2"},
      {"gleam", "bcast", "--size", "100000", "--switch-source-at", "40"},
      {"gleam", "bcast", "--size", "100000", "--switch-source-at", "40:0"},
      {"gleam", "bcast", "--size", "100000", "--switch-source-at", "40:2", "--switch-source-at", "30:1"},
      {"gleam", "bcast", "--size", "100000", "--hosts", "1,2", "--servers", "5", "--switch-source-at", "40:4"},
      {"gleam", "bcast", "--size", "100000", "--switch-source-at", "40:2", "--method", "unicast"},
      {"gleam", "bcast", "--size", "1000", "--switch-source-at", "1:2"},
      {"gleam", "bcast", "--size", "100000", "--verb", "write", "--engine", "analytic"},
      {"gleam", "bcast", "--size", "100000", "--verb", "write", "--drop-at", "1:3"},
      {"gleam", "bcast", "--size", "100000", "--verb", "write", "--ecn-bytes", "64000"},
      {"gleam", "bcast", "--size", "100000", "--verb", "write", "--register", "packet"},
    };
    String[] mention = {"--verb = read: one of send, write",
        "--switch-source-at = 0: valid range 1..97", "--switch-source-at = 98: valid range 1..97",
        "--switch-source-at = 9: valid range 0..3", "--switch-source-at = 'forty': not an integer; valid range 1..97",
        "--switch-source-at = 40: PSN:HOST", "--switch-source-at = 40:0: HOST is already the source",
        "--switch-source-at = 30:1: PSN in 41..97", "--switch-source-at = 4: HOST must be the source or a receiver",
        "--switch-source-at needs --method gleam, not unicast", "--switch-source-at needs a message of at least 2 packets",
        "--verb needs --engine packet", "--verb cannot be combined with --drop-at",
        "--verb cannot be combined with --ecn-bytes", "--verb needs --register computed"};
    for (int i = 0; i < bad.length; i++) {
      org.fabriclab.cli.CliRun.assertRefused(bad[i], mention[i]);
    }
  }
}
