package org.fabriclab.cli.gleam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;

import com.fasterxml.jackson.databind.JsonNode;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;

/**
 * {@code gleam bcast --register packet}: the tables are built by envelope packets first (seed 002,
 * Appendix A). On the testbed (one switch, 100 Gb/s, 10 ns links) the registration time is derived
 * by hand: the master's envelope of 4 states (86 B: 6.88 ns + 10 ns), 62 B to each receiver
 * (4.96 ns + 10 ns), 64 B confirmations (5.12 ns + 10 ns), three of them back to back on the
 * master's port (3 × 5.12 ns) + 10 ns = 72.32 ns.
 */
class GleamRegisterCliTest {
  @Test
  void registrationByPacketsReportsItsTimeAndLeavesTheDataRunUnchanged() throws Exception {
    JsonNode p = json("gleam", "bcast", "--size", "100000", "--register", "packet", "--json");
    JsonNode c = json("gleam", "bcast", "--size", "100000", "--json");
    assertThat(p.get("registrationUs").asDouble()).isCloseTo(0.07232, within(1e-9));
    assertThat(c.has("registrationUs")).isFalse();
    assertThat(p.get("jctUs").asDouble()).isEqualTo(c.get("jctUs").asDouble());
    assertThat(p.get("sourceTxBytes").asLong()).isEqualTo(100_000 + 98 * 64).isEqualTo(c.get("sourceTxBytes").asLong());
  }

  @Test
  void badRegisterValuesAreOneLineErrors() {
    Result r = run("gleam", "bcast", "--size", "1000", "--register", "magic", "--json");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--register").contains("computed, packet").doesNotContain("Exception");
    Result a = run("gleam", "bcast", "--size", "1000", "--method", "openmpi", "--register", "packet");
    assertThat(a.code()).isEqualTo(2);
    assertThat(a.err()).contains("--register").contains("analytic").doesNotContain("Exception");
  }
}
