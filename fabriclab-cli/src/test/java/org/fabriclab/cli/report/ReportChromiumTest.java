package org.fabriclab.cli.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabriclab.cli.Main;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Renders report.html in headless Chromium (Debian's {@code chromium}, installed by the README's
 * set-up and .ci/run) and fails on any console message or an image that does not load. A harness
 * page loads the report in a frame and counts its broken images; Chromium's log gives the console.
 * A negative control (a page with a missing image and a console error) shows the check can fail.
 */
public class ReportChromiumTest {
  @TempDir static Path dir;
  static String chromium;

  @BeforeAll
  public static void findChromium() {
    for (String c : List.of("chromium", "chromium-browser", "google-chrome")) {
      for (String p : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
        if (Files.isExecutable(Path.of(p, c))) {
          chromium = Path.of(p, c).toString();
          return;
        }
      }
    }
  }

  /** What Chromium saw. */
  public record Render(int images, int broken, List<String> console) {}

  /** Whether chromium was found. */
  public static boolean available() {
    findChromium();
    return chromium != null;
  }

  /** Renders {@code page} (its folder must be writable). */
  public static Render render(Path page) throws IOException, InterruptedException {
    Path harness = page.resolveSibling("harness-" + page.getFileName());
    Files.writeString(harness, "<!DOCTYPE html><html><body><div id=\"result\">pending</div>"
        + "<iframe id=\"f\" src=\"" + page.getFileName() + "\" width=\"1200\" height=\"900\"></iframe><script>"
        + "document.getElementById('f').addEventListener('load', function () {"
        + " var d = document.getElementById('f').contentDocument; var im = d.images, b = 0;"
        + " for (var i = 0; i < im.length; i++) { if (!im[i].complete || im[i].naturalWidth === 0) b++; }"
        + " document.getElementById('result').textContent = 'images=' + im.length + ' broken=' + b; });"
        + "</script></body></html>");
    Path log = page.resolveSibling(page.getFileName() + ".log");
    Path dom = page.resolveSibling(page.getFileName() + ".dom");
    Process p = new ProcessBuilder(chromium, "--headless", "--no-sandbox", "--disable-gpu",
        "--allow-file-access-from-files", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=10000",
        "--user-data-dir=" + page.resolveSibling(".chromium-profile"), "--dump-dom", harness.toUri().toString())
        .redirectOutput(dom.toFile()).redirectError(log.toFile()).start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("chromium finished").isTrue();
    Matcher m = Pattern.compile("images=(\\d+) broken=(\\d+)").matcher(Files.readString(dom));
    assertThat(m.find()).as("harness result in " + dom).isTrue();
    List<String> console = Files.readAllLines(log).stream()
        .filter(l -> l.contains(":CONSOLE") || l.contains("Failed to load")).toList();
    return new Render(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), console);
  }

  @Test
  void runReportRendersWithAllImagesAndNoConsoleMessage() throws Exception {
    assumeTrue(chromium != null, "chromium is not installed and could not be (apt-get install chromium);"
        + " the report rendering test is skipped");
    Path spec = dir.resolve("spec.yaml");
    Files.writeString(spec, "name: chromium check\nkind: topo\nseeds: 2\ntopologies:\n"
        + "  - family: fattree\n    k: [4, 6]\n  - family: jellyfish\n    switches: 20\n    ports: 6\n"
        + "    servers-per-switch: 2\n");
    Path out = dir.resolve("run");
    StringWriter err = new StringWriter();
    int code = Main.run(new String[] {"run", spec.toString(), "--out", out.toString(), "--threads", "2"},
        new PrintWriter(new StringWriter()), new PrintWriter(err));
    assertThat(code).as(err.toString()).isZero();
    String html = Files.readString(out.resolve("report.html"));
    assertThat(html).doesNotContain("http://").doesNotContain("https://").doesNotContain("<script");
    Render r = render(out.resolve("report.html"));
    // one bar chart per key metric of kind topo: path length, diameter, switches, links
    assertThat(r.images()).isEqualTo(4);
    assertThat(r.broken()).isZero();
    assertThat(r.console()).isEmpty();
  }

  @Test
  void folderReportEmbedsEveryPngAndTable() throws Exception {
    Path f = dir.resolve("folder");
    Files.createDirectories(f);
    org.fabriclab.table.Table t = org.fabriclab.table.Table.builder("x").longColumn("k").doubleColumn("avgHops")
        .row(4L, 3.5).row(6L, 4.25).build();
    Plots.bar(t, "k", "avgHops", "average hops", "hops", f.resolve("hops"));
    Files.writeString(f.resolve("table.csv"), "k,avgHops\n4,3.5\n6,4.25\n");
    Files.writeString(f.resolve("summary.md"), "| value | paper | ours |\n| a < b | 1 | 2 |\n");
    Path html = FolderReport.write(f, "folder report", "check");
    String text = Files.readString(html);
    assertThat(text).contains("<td>4.25</td>").contains("a &lt; b").doesNotContain("<script");
    assumeTrue(chromium != null, "chromium is not installed; rendering skipped");
    Render r = render(html);
    assertThat(r.images()).isEqualTo(1);
    assertThat(r.broken()).isZero();
    assertThat(r.console()).isEmpty();
  }

  @Test
  void theCheckCatchesABrokenImageAndAConsoleError() throws Exception {
    assumeTrue(chromium != null, "chromium is not installed; skipped");
    Path bad = dir.resolve("bad.html");
    Files.writeString(bad, "<!DOCTYPE html><html><body><img src=\"missing.png\" alt=\"x\">"
        + "<script>console.error('boom');</script></body></html>");
    Render r = render(bad);
    assertThat(r.images()).isEqualTo(1);
    assertThat(r.broken()).isEqualTo(1);
    assertThat(r.console()).anyMatch(l -> l.contains("boom"));
  }
}
