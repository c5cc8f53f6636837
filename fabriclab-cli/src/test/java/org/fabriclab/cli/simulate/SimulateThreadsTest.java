package org.fabriclab.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.assertRefused;
import static org.fabriclab.cli.CliRun.run;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code simulate --threads N}: one run on N threads gives the same files at every N, and the
 * options a partitioned run does not take are refused in one line.
 */
class SimulateThreadsTest {

  private static String[] args(Path out, String transport, int threads) {
    return new String[] {"simulate", "--topo", "fattree", "--k", "4", "--workload", "poisson",
        "--flows", "300", "--load", "0.4", "--transport", transport, "--seed", "5",
        "--threads", Integer.toString(threads), "--no-progress", "--out", out.toString()};
  }

  @Test
  void theFlowsAndPortsAreTheSameAtOneTwoAndThreeThreads(@TempDir Path dir) throws Exception {
    for (String transport : new String[] {"dctcp", "ndp"}) {
      String[] files = new String[3];
      String[] ports = new String[3];
      for (int n = 1; n <= 3; n++) {
        Path out = dir.resolve(transport + n);
        Result r = run(args(out, transport, n));
        assertThat(r.code()).as(r.err()).isZero();
        files[n - 1] = Files.readString(out.resolve("flows.csv"));
        ports[n - 1] = Files.readString(out.resolve("ports.csv"));
      }
      assertThat(files[0].lines().count()).isEqualTo(301);
      assertThat(files[1]).isEqualTo(files[0]);
      assertThat(files[2]).isEqualTo(files[0]);
      assertThat(ports[1]).isEqualTo(ports[0]);
      assertThat(ports[2]).isEqualTo(ports[0]);
    }
  }

  @Test
  void outOfRangeAndUnsupportedCombinationsAreRefused() {
    String[] base = {"simulate", "--topo", "fattree", "--k", "4", "--workload", "poisson",
        "--flows", "10", "--no-progress"};
    assertRefused(concat(base, "--threads", "0"), "--threads");
    assertRefused(concat(base, "--threads", "100000"), "valid range 1..");
    assertRefused(concat(base, "--threads", "2", "--transport", "rocev2"), "rocev2 runs on one thread");
    assertRefused(concat(base, "--threads", "2", "--engine", "flow"), "packet engine");
    assertRefused(concat(base, "--threads", "2", "--max-events", "100"), "--until-ms");
  }

  private static String[] concat(String[] a, String... b) {
    String[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
