package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The launcher script {@code ./fabriclab} checks {@code FABRICLAB_HEAP} and {@code JAVA_OPTS}
 * before it builds or starts anything: a bad value is one line naming the variable, exit 2,
 * nothing on stdout. The minimum heap it accepts (64m) runs a small command in a JVM of that heap.
 */
class LauncherHeapTest {
  private static final Path SCRIPT = Path.of("..", "fabriclab").toAbsolutePath().normalize();

  private record Run(int code, String out, String err) {}

  private static Run launcher(Map<String, String> env, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("bash", SCRIPT.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    Path javaBin = Path.of(System.getProperty("java.home"), "bin");
    pb.environment().put("PATH", javaBin + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    pb.environment().remove("JAVA_OPTS");
    pb.environment().remove("FABRICLAB_HEAP");
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Run(p.exitValue(), out, err);
  }

  private static void oneLine(Run r, String... parts) {
    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).startsWith("fabriclab: error: ").endsWith("\n").contains(parts);
    assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
    assertThat(r.err()).doesNotContain("Exception", "\tat ");
  }

  @Test
  void aHeapBelowTheMinimumOrOfAnotherFormIsOneLine() throws Exception {
    assertThat(SCRIPT).exists();
    for (String heap : List.of("8m", "8M", "63m", "65535k", "67108863", "0g", "0")) {
      oneLine(launcher(Map.of("FABRICLAB_HEAP", heap), "topo", "fattree", "--k", "4"),
          "FABRICLAB_HEAP = " + heap, "below the minimum heap 64m", "k, m, g or t");
    }
    for (String heap : List.of("lots", "4 g", "4gb", "-4g", "1.5g", "0x40m", "4g ")) {
      oneLine(launcher(Map.of("FABRICLAB_HEAP", heap), "topo", "fattree", "--k", "4"),
          "FABRICLAB_HEAP = '" + heap + "'", "digits with an optional k, m, g or t suffix", "at least 64m");
    }
  }

  @Test
  void aJvmThatCannotStartIsOneLine() throws Exception {
    // the form is right, the JVM refuses the size: its reason, on one line
    oneLine(launcher(Map.of("FABRICLAB_HEAP", "99999999999999999999999t"), "topo", "list"),
        "the JVM does not start", "FABRICLAB_HEAP=99999999999999999999999t", "Invalid maximum heap size");
    oneLine(launcher(Map.of("JAVA_OPTS", "-XX:+NoSuchOption"), "topo", "list"),
        "the JVM does not start", "JAVA_OPTS='-XX:+NoSuchOption'", "NoSuchOption");
    // a heap set behind the check's back
    oneLine(launcher(Map.of("JAVA_OPTS", "-Dx=1 -Xmx8m"), "topo", "list"), "JAVA_OPTS", "FABRICLAB_HEAP");
    try (var s = Files.list(SCRIPT.getParent())) {
      assertThat(s.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("hs_err"))).isEmpty();
    }
  }

  @Test
  void theMinimumHeapRunsASmallCommand() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = List.of(java, "-Xmx64m", "-XX:+UseParallelGC", "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "topo", "fattree", "--k", "4", "--json");
    Process p = new ProcessBuilder(cmd).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(err).isZero();
    // fat-tree(4): k^3/4 = 16 servers, 5k^2/4 = 20 switches
    assertThat(out).contains("\"servers\" : 16", "\"switches\" : 20");
  }
}
