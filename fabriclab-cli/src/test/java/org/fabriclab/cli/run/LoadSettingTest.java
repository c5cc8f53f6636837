package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code simulate.workload.load} (and {@code compare --load}): the offered load sets the Poisson
 * rate from each fabric's hosts, L · servers · link rate / (8 · mean size).
 */
class LoadSettingTest {
  private static Path spec(Path dir, String name, String rateLine) throws Exception {
    return Files.writeString(dir.resolve(name + ".yaml"), "name: " + name + "\nkind: simulate\nseed: 3\ntopologies:\n"
        + "  - family: fattree\n    k: 4\nsimulate:\n  engine: flow\n  workload:\n    type: poisson\n"
        + "    flows: 60\n    sizes: pareto:1.5:100000\n" + rateLine);
  }

  @Test
  void aLoadIsTheRateItStandsFor(@TempDir Path dir) throws Exception {
    // fat-tree(4): 16 servers on 10 Gb/s links; Pareto sizes of mean 100,000 B: load 0.5 offers
    // 0.5 x 16 x 10 Gb/s = 80 Gb/s = 100,000 flows/s of 800,000 bits
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    CliRun.Result ra = CliRun.run("run", spec(dir, "load", "    load: 0.5\n").toString(), "--out", a.toString(),
        "--no-progress");
    assertThat(ra.code()).as(ra.err()).isZero();
    CliRun.Result rb = CliRun.run("run", spec(dir, "rate", "    rate-per-s: 100000\n").toString(), "--out",
        b.toString(), "--no-progress");
    assertThat(rb.code()).as(rb.err()).isZero();
    assertThat(Files.readString(a.resolve("points/p00000/flows.csv")))
        .isEqualTo(Files.readString(b.resolve("points/p00000/flows.csv")));
    // and the point says which rate it used
    assertThat(Files.readAllLines(a.resolve("points/p00000/metrics.csv"))).contains("arrivalsPerS,100000.0");
  }

  @Test
  void loadAndRateTogetherAreRefused(@TempDir Path dir) throws Exception {
    CliRun.assertRefused(new String[] {"run", spec(dir, "both", "    load: 0.5\n    rate-per-s: 100\n").toString(),
        "--out", dir.resolve("o").toString(), "--no-progress"}, "either load or rate-per-s");
    CliRun.assertRefused(new String[] {"compare", "--topo", "fattree", "--k", "4", "--load", "0.5", "--rate-per-s",
        "100", "--out", dir.resolve("c").toString(), "--no-progress"}, "either --load or --rate-per-s");
    CliRun.assertRefused(new String[] {"compare", "--topo", "fattree", "--k", "4", "--load", "11",
        "--out", dir.resolve("c").toString(), "--no-progress"}, "valid range (0, 10]");
    assertThat(dir.resolve("o")).doesNotExist();
    assertThat(dir.resolve("c")).doesNotExist();
  }

  /** The first point's flows of a flow-engine compare on fat-tree(4), Pareto sizes of mean 100 kB. */
  private static String compareFlows(Path out, String... rate) throws Exception {
    java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("compare", "--topo", "fattree", "--k",
        "4", "--engine", "flow", "--workload", "poisson", "--flows", "60", "--sizes", "pareto:1.5:100000", "--seed",
        "3", "--out", out.toString(), "--no-progress"));
    args.addAll(java.util.List.of(rate));
    CliRun.Result r = CliRun.run(args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isZero();
    return Files.readString(out.resolve("points/p00000/flows.csv"));
  }

  @Test
  void compareTakesALoad(@TempDir Path dir) throws Exception {
    assertThat(compareFlows(dir.resolve("c"), "--load", "0.5"))
        .isEqualTo(compareFlows(dir.resolve("ref"), "--rate-per-s", "100000"));
  }

  @Test
  void compareOffersThirtyPercentByDefault(@TempDir Path dir) throws Exception {
    // load 0.3 of 16 x 10 Gb/s with 800,000-bit flows: 60,000 flows/s
    assertThat(compareFlows(dir.resolve("c"))).isEqualTo(compareFlows(dir.resolve("ref"), "--rate-per-s", "60000"));
  }
}
