package org.fabriclab.cli.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproduceCommandTest {
  private static int run(StringWriter out, StringWriter err, String... args) {
    return Main.run(args, new PrintWriter(out), new PrintWriter(err));
  }

  @Test
  void writesCsvPlotsAndASummaryWithThePapersValues(@TempDir Path dir) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = run(out, err, "reproduce", "selftest", "--quick", "--out", dir.toString());
    assertThat(code).as(err.toString()).isZero();
    Path d = dir.resolve("selftest-quick");
    List<String> csv = Files.readAllLines(d.resolve("squares.csv"));
    assertThat(csv).containsExactly("x,square", "1,1", "2,4", "3,9", "4,16");
    assertThat(d.resolve("squares.png")).isNotEmptyFile();
    assertThat(d.resolve("squares.svg")).isNotEmptyFile();
    String summary = Files.readString(d.resolve("summary.md"));
    assertThat(summary)
        .contains("reproduce selftest --quick")
        .contains("| Eq. 1 | square of 3 | 9 | 9 | exact | yes |  |")
        .contains("| Eq. 2 | square of 4 | 15 | 16 | not stated | NO | the paper has a misprint |")
        .contains("| Eq. 3 | unit square | 1 | 1 |  | model input | taken from the paper |")
        .contains("| Eq. 4 | square of x | x·x | x·x |  | theory | the paper's formula |")
        .contains("| Eq. 5 | square of 8 | 64 | not run |  | not run | full run only |")
        .contains("A note.")
        .doesNotContain("/tmp/some/folder");
    // a model input, a restated theory and a skipped check are neither agreement nor difference
    assertThat(out.toString())
        .contains("1/2 of the paper's values agree within the stated tolerance (1 not run in this"
            + " variant, 2 model inputs or restated theory not counted, 0 measured values without"
            + " one)");
  }

  /** --paper-scale reaches the reproduction, writes SYSTEM-paper/ and refuses --quick beside it. */
  @Test
  void paperScaleHasItsOwnFolderAndExcludesQuick(@TempDir Path dir) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertThat(run(out, err, "reproduce", "selftest", "--paper-scale", "--out", dir.toString()))
        .as(err.toString()).isZero();
    List<String> csv = Files.readAllLines(dir.resolve("selftest-paper").resolve("squares.csv"));
    assertThat(csv).hasSize(11).endsWith("10,100");
    assertThat(Files.readString(dir.resolve("selftest-paper").resolve("summary.md")))
        .contains("reproduce selftest --paper-scale --seed 1");
    assertThat(dir.resolve("selftest")).doesNotExist();
    StringWriter err2 = new StringWriter();
    assertThat(run(new StringWriter(), err2, "reproduce", "selftest", "--quick", "--paper-scale", "--out",
        dir.resolve("q").toString())).isEqualTo(2);
    assertThat(err2.toString().strip().lines().count()).isEqualTo(1);
    assertThat(err2.toString()).contains("--paper-scale").contains("--quick");
    assertThat(dir.resolve("q")).doesNotExist();
  }

  @Test
  void listShowsNoAbsolutePath() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertThat(run(out, err, "reproduce", "--list")).isZero();
    assertThat(out.toString()).contains("seed squares.txt").doesNotContain("/tmp/");
    assertThat(ReproduceCommand.withoutFolders("a — /work/shared/seeds/001_x.txt, 1/G, 10/25 Gbps"))
        .isEqualTo("a — 001_x.txt, 1/G, 10/25 Gbps");
  }

  @Test
  void unknownSystemIsOneLineExitTwo() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertThat(run(out, err, "reproduce", "nosuch")).isEqualTo(2);
    assertThat(err.toString().strip().lines().count()).isEqualTo(1);
    assertThat(err.toString()).contains("nosuch").contains("selftest");
  }
}
