package org.fabriclab.cli.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.fabriclab.cli.Main;
import org.fabriclab.cli.report.ReportChromiumTest;
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
        .startsWith("# Reproduction: selftest\n\n**1 of 2 measured values agree; 0 design checks, 1 theory row,"
            + " 1 input (not counted); 1 not run in this variant.**\n")
        .contains("| Eq. 1 | square of 3 | 9 | 9 | exact | measured | ✓ agrees |  |")
        .contains("| Eq. 2 | square of 4 | 15 | 16 | not stated | measured | ✗ differs | the paper has a misprint |")
        .contains("| Eq. 3 | unit square | 1 | 1 |  | model input | ○ not graded (model input) | taken from the"
            + " paper |")
        .contains("| Eq. 4 | square of x | x·x | x·x |  | theory | ○ not graded (theory) | the paper's formula |")
        .contains("| Eq. 5 | square of 8 | 64 | not run |  | not run | ○ not graded (not run) | full run only |")
        .contains("A note.")
        .doesNotContain("/tmp/some/folder");
    // a model input, a restated theory and a skipped check are neither agreement nor difference
    assertThat(out.toString())
        .contains("selftest: 1 of 2 measured values agree; 0 design checks, 1 theory row, 1 input (not"
            + " counted); 1 not run in this variant; wrote");
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

  /** --list names each paper by its title (no "seed FILE", which users read as a random seed). */
  @Test
  void listShowsThePapersTitleWithoutItsFileOrAnAbsolutePath() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertThat(run(out, err, "reproduce", "--list")).isZero();
    assertThat(out.toString()).contains("selftest     Squares (test only)\n")
        .doesNotContain("seed").doesNotContain("squares.txt").doesNotContain("/tmp/");
    assertThat(ReproduceCommand.withoutFolders("a — /work/shared/seeds/001_x.txt, 1/G, 10/25 Gbps"))
        .isEqualTo("a — 001_x.txt, 1/G, 10/25 Gbps");
    // the two ways the registered papers name their text file
    assertThat(ReproduceCommand.title("Gleam: An RDMA-accelerated Multicast Protocol (seed 002_7587.txt)"))
        .isEqualTo("Gleam: An RDMA-accelerated Multicast Protocol");
    assertThat(ReproduceCommand.title("Flat-tree: A Convertible Architecture (Xia, Ng; HotNets 2016), seed 001_5e70.txt"))
        .isEqualTo("Flat-tree: A Convertible Architecture (Xia, Ng; HotNets 2016)");
    assertThat(ReproduceCommand.paperLine("Shoal (NSDI 2019), seed 003_b196.txt"))
        .isEqualTo("Shoal (NSDI 2019) (paper text: ../shared/seeds/003_b196.txt)");
    for (String real : ReproduceCommand.registry().keySet()) {
      assertThat(ReproduceCommand.title(ReproduceCommand.registry().get(real).paper())).as(real)
          .doesNotContain("seed").doesNotContain(".txt");
    }
    StringWriter json = new StringWriter();
    assertThat(run(json, new StringWriter(), "reproduce", "--list", "--json")).isZero();
    JsonNode j = new ObjectMapper().readTree(json.toString());
    assertThat(j.isArray()).isTrue();
    assertThat(j.findValuesAsText("system")).contains("selftest");
    assertThat(j.findValuesAsText("paper")).contains("Squares (test only)");
  }

  /** report.html: the comparison table as HTML and every plot, embedded (self-contained). */
  @Test
  void writesASelfContainedReportWithTheComparisonsAndThePlots(@TempDir Path dir) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertThat(run(out, err, "reproduce", "selftest", "--quick", "--out", dir.toString())).as(err.toString()).isZero();
    Path d = dir.resolve("selftest-quick");
    String html = Files.readString(d.resolve("report.html"));
    assertThat(html)
        .contains("<td>Eq. 2</td><td>square of 4</td><td>15</td><td>16</td><td>not stated</td><td>measured</td>"
            + "<td style=\"color:#cf222e;font-weight:bold;white-space:nowrap\">✗ differs</td>"
            + "<td>the paper has a misprint</td>")
        .contains("<td>measured</td><td style=\"color:#1a7f37;font-weight:bold;white-space:nowrap\">✓ agrees</td>")
        .contains("<td>Eq. 5</td><td>square of 8</td><td>64</td><td>not run</td>")
        .contains("<td style=\"color:#6e7781;font-weight:bold;white-space:nowrap\">○ not graded (theory)</td>")
        .contains("data:image/png;base64," + Base64.getEncoder().encodeToString(Files.readAllBytes(d.resolve("squares.png"))))
        .contains("A note.")
        .doesNotContain("<script").doesNotContain("<link").doesNotContain("/tmp/some");
    assertThat(html.split("<img ", -1)).hasSize(2);
    // the summary line comes before the paper and the comparison table
    assertThat(html.indexOf("<strong>1 of 2 measured values agree")).isPositive()
        .isLessThan(html.indexOf("Squares (test only)", html.indexOf("<body>")))
        .isLessThan(html.indexOf("<table>"));
    assertThat(Files.readString(d.resolve("summary.md"))).contains("`report.html`")
        .contains("Squares (test only) (paper text: ../shared/seeds/squares.txt)");
    assertThat(out.toString()).contains("wrote " + d + "/{summary.md,report.html}");
    if (ReportChromiumTest.available()) {
      ReportChromiumTest.Render r = ReportChromiumTest.render(d.resolve("report.html"));
      assertThat(r.images()).isEqualTo(1);
      assertThat(r.broken()).isZero();
      assertThat(r.console()).isEmpty();
    }
  }

  /** In csv/json/md, stdout holds one row per system; the "wrote" lines go to stderr. */
  @Test
  void machineFormatsPrintOneRowPerSystem(@TempDir Path dir) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertThat(run(out, err, "reproduce", "selftest", "--quick", "--no-progress", "--format", "csv", "--out",
        dir.toString())).as(err.toString()).isZero();
    List<String> lines = out.toString().lines().toList();
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0))
        .isEqualTo("system,agree,measured,designChecks,theory,inputs,notRun,noPaperValue,notReproducible,folder");
    assertThat(lines.get(1).replace("\"", "")).isEqualTo("selftest,1,2,0,1,1,1,0,0," + dir.resolve("selftest-quick"));
    assertThat(err.toString()).contains("wrote");
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
