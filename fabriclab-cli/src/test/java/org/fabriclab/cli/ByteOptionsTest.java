package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.assertRefused;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Byte-size options take SI and binary units and exponent forms; counts and seeds do not. */
class ByteOptionsTest {
  @TempDir Path dir;

  @Test
  void flowBytesInKibibytesGiveFlowsOf65536Bytes() throws Exception {
    Path out = dir.resolve("sim");
    Result r = CliRun.run("simulate", "--topo", "fattree", "--k", "4", "--workload", "permutation",
        "--flow-bytes", "64KiB", "--engine", "flow", "--no-progress", "--out", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    List<String> rows = Files.readAllLines(out.resolve("trace.csv"));
    assertThat(rows.get(0)).endsWith("size_bytes");
    assertThat(rows.subList(1, rows.size())).isNotEmpty()
        .allSatisfy(row -> assertThat(row).endsWith(",65536"));
  }

  /** The converted value of the last option in {@code args} (help requested: required options may be left out). */
  private static Object parsed(String... args) {
    String[] withHelp = java.util.Arrays.copyOf(args, args.length + 1);
    withHelp[args.length] = "--help";
    CommandLine.ParseResult p = Main.commandLine().parseArgs(withHelp);
    while (p.subcommand() != null) {
      p = p.subcommand();
    }
    return p.matchedOptionValue(args[args.length - 2], null);
  }

  @Test
  void everyKindOfByteOptionTakesTheGrammar() {
    assertThat(parsed("simulate", "--buffer-bytes", "1MiB")).isEqualTo(1L << 20);
    assertThat(parsed("simulate", "--ecn-kmin-bytes", "5KB")).isEqualTo(5_000L);
    assertThat(parsed("simulate", "--flow-bytes", "1e6")).isEqualTo(1_000_000L);
    assertThat(parsed("compare", "--flow-bytes", "1.5M")).isEqualTo(1_500_000L);
    assertThat(parsed("shufflecast", "multicast", "--size", "2GB")).isEqualTo(2_000_000_000L);
    assertThat(parsed("shoal", "sim", "--cell-bytes", "1KiB")).isEqualTo(1024); // an int option
    assertThat(parsed("gleam", "hpl", "--bytes", "58MiB")).isEqualTo("60817408"); // 58 * 2^20, a text option
  }

  @Test
  void aByteSizeThatIsNotOneNamesTheOptionTheTextAndTheForms() {
    assertRefused(new String[] {"simulate", "--flow-bytes", "0.1KiB"},
        "Invalid value for option '--flow-bytes': '0.1KiB' is not a whole number of bytes (102.4)");
    assertRefused(new String[] {"simulate", "--flow-bytes", "64mb"}, "KiB, MiB, GiB, TiB");
    assertRefused(new String[] {"shoal", "sim", "--cell-bytes", "4GiB"}, "'4GiB' is 4294967296 bytes, outside");
    // a value the grammar reads, then the command's own range: 3 GiB is above the 2 GiB RC message
    assertRefused(new String[] {"gleam", "bcast", "--size", "3GiB"}, "invalid --size = 3221225472");
  }

  @Test
  void countsAndSeedsKeepThePlainIntegerGrammar() {
    assertRefused(new String[] {"simulate", "--workload", "poisson", "--seed", "1k"},
        "'1k' is not an integer in ASCII digits");
    assertRefused(new String[] {"simulate", "--workload", "poisson", "--flows", "1e3"},
        "'1e3' is not an integer in ASCII digits");
  }

  @Test
  void ratesInGigabitsAcceptExponents() throws Exception {
    String a = CliRun.run("topo", "fattree", "--k", "4", "--link-gbps", "2.5e1", "--json").out();
    String b = CliRun.run("topo", "fattree", "--k", "4", "--link-gbps", "25", "--json").out();
    assertThat(a).isNotEmpty().isEqualTo(b).contains("link-gbps=25.0");
  }
}
