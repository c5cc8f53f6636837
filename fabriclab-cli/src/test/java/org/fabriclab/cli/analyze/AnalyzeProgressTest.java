package org.fabriclab.cli.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.run;

import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;

/** {@code analyze throughput}: its help says where progress goes, and progress changes no result. */
class AnalyzeProgressTest {
  @Test
  void helpSaysProgressIsShownOnStderrForLongSolves() {
    String help = run("analyze", "throughput", "--help").out().replaceAll("\\s+", " ");
    assertThat(help).contains("A solve that takes more than a second shows its progress on stderr")
        .contains("--no-progress");
  }

  @Test
  void theResultIsTheSameWithAndWithoutProgress() {
    for (String solver : new String[] {"approx", "lp"}) {
      String[] base = {"analyze", "throughput", "--topo", "fattree", "--k", "4", "--traffic", "all-to-all",
          "--solver", solver, "--format", "csv"};
      Result on = run(base);
      String[] off = java.util.Arrays.copyOf(base, base.length + 1);
      off[base.length] = "--no-progress";
      Result quiet = run(off);
      assertThat(on.code()).as(on.err()).isZero();
      assertThat(quiet.code()).as(quiet.err()).isZero();
      assertThat(quiet.err()).isEmpty();
      // every key but the run's own seconds
      assertThat(on.out().lines().filter(l -> !l.startsWith("seconds,")))
          .containsExactlyElementsOf(quiet.out().lines().filter(l -> !l.startsWith("seconds,")).toList());
      assertThat(on.out()).contains("lambda,");
    }
  }
}
