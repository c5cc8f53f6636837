package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The heap estimate (docs/errors.md) on a real heap: in a JVM with a 256 MiB heap, ask for a BCube far too large,
 * then build the largest {@code --k} the advice names, and the next one. The advised one builds
 * (no out-of-memory), the next is refused with the same advice. Two small forked JVMs.
 */
class HeapAdviceForkTest {
  private static String[] run(String... args) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = new java.util.ArrayList<>(List.of(java, "-Xmx256m", "-XX:+UseSerialGC",
        "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new String[] {Integer.toString(p.exitValue()), out, err};
  }

  @Test
  void theAdvisedSizeBuildsInThatHeap() throws Exception {
    String[] refused = run("topo", "bcube", "--n", "2", "--k", "23", "--no-stats");
    assertThat(refused[0]).as(refused[2]).isEqualTo("2");
    Matcher m = Pattern.compile("--k 0\\.\\.(\\d+)").matcher(refused[2]);
    assertThat(m.find()).as(refused[2]).isTrue();
    int best = Integer.parseInt(m.group(1));
    String[] built = run("topo", "bcube", "--n", "2", "--k", Integer.toString(best), "--no-stats",
        "--json");
    assertThat(built[0]).as(built[2]).isEqualTo("0");
    // BCube(2, k): 2^(k+1) servers
    assertThat(built[1]).contains("\"servers\" : " + (1L << (best + 1)));
    String[] next = run("topo", "bcube", "--n", "2", "--k", Integer.toString(best + 1), "--no-stats");
    assertThat(next[0]).isEqualTo("2");
    assertThat(next[2]).contains("--k 0.." + best);
  }
}
