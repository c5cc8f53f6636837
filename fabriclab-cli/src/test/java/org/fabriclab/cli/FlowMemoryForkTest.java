package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-flow heap estimate (docs/errors.md, "Heap estimates") on a real heap: in a JVM with a
 * 256 MiB heap (ParallelGC, as the launcher runs), {@code simulate --engine flow --out} with far
 * too many flows is refused at once (exit 2, one line, no output folder); the most flows the
 * refusal names run to the end there without running out of memory, and one flow more is refused.
 */
class FlowMemoryForkTest {
  @TempDir Path tmp;

  private static String[] run(String... args) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = new ArrayList<>(List.of(java, "-Xmx256m", "-XX:+UseParallelGC",
        "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new String[] {Integer.toString(p.exitValue()), out, err};
  }

  private String[] simulate(long flows, Path out) throws Exception {
    return run("simulate", "--k", "4", "--engine", "flow", "--workload", "poisson", "--flows", Long.toString(flows),
        "--until-ms", "1", "--no-progress", "--out", out.toString());
  }

  @Test
  void theMostFlowsTheRefusalNamesRunInThatHeap() throws Exception {
    Path out = tmp.resolve("x/run");
    String[] refused = simulate(100_000_000, out);
    assertThat(refused[0]).as(refused[2]).isEqualTo("2");
    assertThat(refused[2].strip().lines().count()).as(refused[2]).isEqualTo(1);
    assertThat(refused[2]).startsWith("fabriclab: error: invalid --flows = 100000000: ")
        .contains("GiB of heap").contains("FABRICLAB_HEAP=").doesNotContain("Exception");
    assertThat(tmp.resolve("x")).doesNotExist();
    Matcher m = Pattern.compile("give at most ([0-9,]+) flows").matcher(refused[2]);
    assertThat(m.find()).as(refused[2]).isTrue();
    long most = Long.parseLong(m.group(1).replace(",", ""));
    String[] ran = simulate(most, out);
    assertThat(ran[0]).as(ran[2]).isEqualTo("0");
    // flows.csv: a header and one row per flow asked for
    try (var lines = Files.lines(out.resolve("flows.csv"))) {
      assertThat(lines.count()).isEqualTo(most + 1);
    }
    Path next = tmp.resolve("y/run");
    String[] over = simulate(most + 1, next);
    assertThat(over[0]).as(over[2]).isEqualTo("2");
    assertThat(over[2]).contains("give at most " + m.group(1) + " flows");
    assertThat(tmp.resolve("y")).doesNotExist();
  }
}
