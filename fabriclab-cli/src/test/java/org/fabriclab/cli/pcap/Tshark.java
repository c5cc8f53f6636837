package org.fabriclab.cli.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Reads captures with {@code tshark} (Debian's package, installed by the build's set-up,
 * scripts/ensure-debian-package.sh). Where it is missing the tests are skipped with a message, unless the
 * build runs as root: then the set-up should have installed it and its absence is a failure.
 */
final class Tshark {
  private Tshark() {}

  /** The tshark executable; skips (or fails, as root) the calling test when there is none. */
  static String require() {
    for (String p : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!p.isEmpty() && Files.isExecutable(Path.of(p, "tshark"))) {
        return Path.of(p, "tshark").toString();
      }
    }
    if ("root".equals(System.getProperty("user.name"))) {
      fail("tshark is not installed although the build runs as root: scripts/ensure-debian-package.sh installs"
          + " Debian's 'tshark' during the build's set-up");
    }
    assumeTrue(false, "tshark is not installed (install Debian's 'tshark'); the capture tests are skipped");
    return null;
  }

  /** Rows of {@code fields} (tab-separated values, "" for absent ones) of the frames of {@code file}. */
  static List<String[]> fields(Path file, String... fields) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(require(), "-r", file.toString(), "-T", "fields"));
    for (String f : fields) {
      cmd.add("-e");
      cmd.add(f);
    }
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    byte[] out = p.getInputStream().readAllBytes();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("tshark finished").isTrue();
    assertThat(p.exitValue()).as("tshark exit code").isZero();
    List<String[]> rows = new ArrayList<>();
    for (String line : new String(out, StandardCharsets.UTF_8).split("\n")) {
      if (!line.isEmpty()) {
        rows.add(line.split("\t", -1));
      }
    }
    return rows;
  }

  /** A {@code frame.time_epoch} as whole nanoseconds. */
  static long ns(String epoch) {
    return new BigDecimal(epoch).movePointRight(9).longValueExact();
  }
}
