package org.fabriclab.cli.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze throughput --demands} with one demand of x between servers 0 and 5 of
 * fat-tree(4): with server links each end's unit link carries it all, λ = 1/x; relaxed, each
 * edge switch's two uplinks do, λ = 2/x; both solvers, x from 1e-6 to 1e15. Demands outside the
 * solvers' range are one line, exit 2, naming the demand.
 */
class ThroughputDemandScaleCliTest {
  @TempDir Path dir;

  private Path demands(String amount) throws Exception {
    Path f = dir.resolve("d-" + amount + ".csv");
    Files.writeString(f, "src,dst,demand\n0,5," + amount + "\n");
    return f;
  }

  @Test
  void lambdaIsCapacityOverDemandAtEveryScale() throws Exception {
    for (String x : new String[] {"1e-6", "1", "1e9", "1e10", "1e11", "1e12", "1e15"}) {
      double amount = Double.parseDouble(x);
      for (String solver : new String[] {"lp", "approx"}) {
        double tol = solver.equals("lp") ? 1e-9 : 0.05;
        double links = CliRun.json("analyze", "throughput", "--topo", "fattree", "--k", "4", "--demands",
            demands(x).toString(), "--solver", solver, "--server-links", "--json", "--no-progress")
            .get("lambda").asDouble();
        assertThat(links).as(solver + " server links " + x).isCloseTo(1 / amount, within(tol / amount))
            .isLessThanOrEqualTo(1 / amount * (1 + 1e-9));
        double relaxed = CliRun.json("analyze", "throughput", "--topo", "fattree", "--k", "4", "--demands",
            demands(x).toString(), "--solver", solver, "--json", "--no-progress").get("lambda").asDouble();
        assertThat(relaxed).as(solver + " relaxed " + x).isCloseTo(2 / amount, within(2 * tol / amount))
            .isLessThanOrEqualTo(2 / amount * (1 + 1e-9));
      }
    }
  }

  @Test
  void demandsTheSolversCannotResolveAreOneLine() throws Exception {
    for (String x : new String[] {"1e308", "1e-320", "1e-13", "1e19"}) {
      for (String solver : new String[] {"lp", "approx"}) {
        CliRun.assertRefused(new String[] {"analyze", "throughput", "--topo", "fattree", "--k", "4", "--demands",
            demands(x).toString(), "--solver", solver, "--no-progress"}, "invalid demand 0 -> 5 = ");
        CliRun.Result r = CliRun.run("analyze", "throughput", "--topo", "fattree", "--k", "4", "--demands",
            demands(x).toString(), "--solver", solver, "--no-progress");
        assertThat(r.err()).contains("valid range 0, or 1.0E-12..1.0E18 times the largest link capacity");
      }
    }
  }
}
