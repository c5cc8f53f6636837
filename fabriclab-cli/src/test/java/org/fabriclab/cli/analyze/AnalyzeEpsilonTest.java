package org.fabriclab.cli.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.assertRefused;
import static org.fabriclab.cli.CliRun.run;

import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;

/** {@code --epsilon}: the range its help states, and only with the solver it applies to. */
class AnalyzeEpsilonTest {
  private static String[] args(String... more) {
    String[] base = {"analyze", "throughput", "--topo", "fattree", "--k", "4"};
    String[] a = new String[base.length + more.length];
    System.arraycopy(base, 0, a, 0, base.length);
    System.arraycopy(more, 0, a, base.length, more.length);
    return a;
  }

  @Test
  void approxTakesExactlyTheRangeItsHelpStates() {
    String help = run("analyze", "throughput", "--help").out().replaceAll("\\s+", " ");
    assertThat(help).contains("0.001..0.5 (default: 0.05)");
    for (String e : new String[] {"0.9", "0", "0.0009", "0.51", "-1"}) {
      assertRefused(args("--solver", "approx", "--epsilon", e), "invalid --epsilon = ");
      assertRefused(args("--solver", "approx", "--epsilon", e), ": valid range 0.001..0.5");
    }
    for (String e : new String[] {"0.5", "0.2"}) {
      Result r = run(args("--solver", "approx", "--epsilon", e));
      assertThat(r.code()).as(e + ": " + r.err()).isZero();
    }
  }

  @Test
  void lpRefusesAnExplicitEpsilon() {
    for (String e : new String[] {"5", "-1", "0.05"}) {
      assertRefused(args("--solver", "lp", "--epsilon", e), "applies to --solver approx only");
      assertRefused(args("--epsilon", e), "--epsilon");
    }
    Result lp = run(args("--solver", "lp"));
    assertThat(lp.code()).as(lp.err()).isZero();
  }
}
