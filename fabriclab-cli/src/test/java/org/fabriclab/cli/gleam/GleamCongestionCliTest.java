package org.fabriclab.cli.gleam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.fabriclab.cli.CliRun.json;

import com.fasterxml.jackson.databind.JsonNode;
import org.fabriclab.gleam.CnpPacketExperiment;
import org.junit.jupiter.api.Test;

/**
 * {@code gleam bcast --ecn-bytes / --receiver-gbps / --cnp-filter}: the testbed broadcast with ECN
 * marking, per-receiver link rates and the switch's CNP filter (seed 002 §3.5), and their bad
 * input.
 */
class GleamCongestionCliTest {
  /**
   * No marking, receivers at 25 Gb/s behind a 100 Gb/s source: no CNPs, and each receiver's link
   * is the bottleneck. Store-and-forward closed form for 1 MiB (1024 packets of 1088 B): the first
   * packet reaches the switch after 87.04 ns + 10 ns, then the receiver's link sends 1024 packets
   * back to back (348.16 ns each) and the last one needs 10 ns more: 356,622.88 ns.
   */
  @Test
  void slowReceiversWithoutMarkingGetTheirLinkRate() throws Exception {
    JsonNode j = json("gleam", "bcast", "--size", "1048576", "--receiver-gbps", "25", "--json");
    assertThat(j.get("sourceCnps").asLong()).isZero();
    assertThat(j.get("cnpsGenerated").asLong()).isZero();
    assertThat(j.has("ecnBytes")).isFalse();
    assertThat(j.get("receiverGbps").size()).isEqualTo(3);
    double expectUs = (87.04 + 10 + 1024 * 348.16 + 10) / 1e3;
    for (String h : new String[] {"1", "2", "3"}) {
      assertThat(j.get("receiverDoneUs").get(h).asDouble()).isCloseTo(expectUs, within(1e-6));
    }
  }

  /**
   * ECN at 64 KB, three receivers at 25 Gb/s: with the filter off every receiver's CNP reaches the
   * source (the §3.5 "sum over receivers"); with it on the source gets fewer than were generated.
   * The CLI passes its options through: the same numbers as the library call with those values.
   */
  @Test
  void cnpFilterOnAndOff() throws Exception {
    String[] base = {"gleam", "bcast", "--size", "4194304", "--receiver-gbps", "25,25,25", "--ecn-bytes", "64000"};
    JsonNode on = json(concat(base, "--json"));
    JsonNode off = json(concat(base, "--cnp-filter", "off", "--json"));
    assertThat(off.get("sourceCnps").asLong()).isEqualTo(off.get("cnpsGenerated").asLong()).isPositive();
    assertThat(on.get("sourceCnps").asLong()).isLessThan(on.get("cnpsGenerated").asLong());
    assertThat(on.get("cnpFilter").asBoolean()).isTrue();
    assertThat(off.get("cnpFilter").asBoolean()).isFalse();
    assertThat(on.get("ecnBytes").asLong()).isEqualTo(64_000);
    CnpPacketExperiment.Result lib = CnpPacketExperiment.run(100, new double[] {25, 25, 25}, 4L << 20, 64_000,
        false, 1, null);
    assertThat(off.get("sourceCnps").asLong()).isEqualTo(lib.sourceCnps());
    assertThat(off.get("jctUs").asDouble()).isEqualTo(lib.jctPs() / 1e6);
  }

  @Test
  void badInputIsOneLineAndExitTwo() {
    String[][] bad = {
      {"gleam", "bcast", "--size", "1000", "--ecn-bytes", "0"},
      {"gleam", "bcast", "--size", "1000", "--ecn-bytes", "lots"},
      {"gleam", "bcast", "--size", "1000", "--receiver-gbps", "2000"},
      {"gleam", "bcast", "--size", "1000", "--receiver-gbps", "10,20"},
      {"gleam", "bcast", "--size", "1000", "--cnp-filter", "maybe"},
      {"gleam", "bcast", "--size", "1000", "--ecn-bytes", "64000", "--method", "unicast"},
      {"gleam", "bcast", "--size", "1000", "--ecn-bytes", "64000", "--engine", "analytic"},
      {"gleam", "bcast", "--size", "1000", "--cnp-filter", "off", "--topo", "fattree k=4"},
      {"gleam", "bcast", "--size", "1000", "--receiver-gbps", "25", "--loss", "0.01"},
      {"gleam", "bcast", "--size", "1", "--ecn-bytes", "64000"},
    };
    String[] mention = {"--ecn-bytes = 0: valid range 1..1099511627776",
        "'--ecn-bytes': 'lots' is not a byte size",
        "--receiver-gbps = 2000: valid range [1, 1600]", "one rate for all receivers or one per receiver (3)",
        "--cnp-filter = maybe: one of on, off", "--ecn-bytes needs --method gleam, not unicast",
        "--ecn-bytes needs --engine packet", "--cnp-filter needs --method gleam on the testbed",
        "--receiver-gbps needs --method gleam on the testbed", "--size = 1: valid range 2..2147483648"};
    for (int i = 0; i < bad.length; i++) {
      org.fabriclab.cli.CliRun.assertRefused(bad[i], mention[i]);
    }
  }

  private static String[] concat(String[] a, String... b) {
    String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }
}
