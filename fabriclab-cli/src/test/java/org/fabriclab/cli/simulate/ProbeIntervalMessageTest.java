package org.fabriclab.cli.simulate;

import static org.fabriclab.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;

/** {@code simulate --probe-interval-us} without what it needs names itself. */
class ProbeIntervalMessageTest {
  private static String error(String... args) {
    Result r = run(args);
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    return r.err();
  }

  @Test
  void theMessageNamesTheOptionAndWhatIsMissing() {
    String nl = System.lineSeparator();
    assertThat(error("simulate", "--topo", "fattree", "--k", "4", "--workload", "poisson", "--flows", "10",
        "--probe-interval-us", "10")).isEqualTo("fabriclab: error: --probe-interval-us needs --out DIR"
            + " (it writes DIR/timeseries.csv)" + nl);
    assertThat(error("simulate", "--topo", "fattree", "--k", "4", "--workload", "poisson", "--flows", "10",
        "--probe-interval-us", "10", "--out", "unused", "--engine", "flow")).isEqualTo(
            "fabriclab: error: --probe-interval-us needs --engine packet, not --engine flow" + nl);
    assertThat(error("simulate", "--topo", "fattree", "--k", "4", "--workload", "poisson", "--flows", "10",
        "--probe-interval-us", "10", "--engine", "flow")).isEqualTo("fabriclab: error: --probe-interval-us"
            + " needs --out DIR (it writes DIR/timeseries.csv) and --engine packet, not --engine flow" + nl);
  }
}
