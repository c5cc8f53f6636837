package org.fabriclab.cli.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabriclab.cli.CliRun;
import org.fabriclab.cli.Main;
import org.junit.jupiter.api.Test;

/**
 * {@code gleam hpl --engine packet} says how long it takes before it starts (docs/errors.md, "Long
 * runs"): the 128 × 128 ring + long run, measured at 24 min 9 s (docs/benchmarks-gleam.md), is
 * announced within a factor of two of that, before any packet is sent (the child is stopped once
 * the line is out); an 8 × 8 run, seconds long, is not.
 */
class HplLongRunForkTest {
  @Test
  void the128By128PacketRunIsAnnouncedBeforeItStarts() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(List.of(java, "-Xmx2g", "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "gleam", "hpl", "--scale", "128", "--method", "ring-long", "--engine", "packet"))
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String first;
    try (BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
      first = err.readLine();
    } finally {
      p.destroyForcibly();
      p.waitFor(30, TimeUnit.SECONDS);
    }
    assertThat(first).startsWith("fabriclab: estimate: this run moves about ");
    Matcher m = Pattern.compile("it takes (\\d+) minutes \\(").matcher(first);
    assertThat(m.find()).as(first).isTrue();
    assertThat(Integer.parseInt(m.group(1))).isBetween(12, 48);
  }

  @Test
  void aShortPacketRunIsNotAnnounced() {
    CliRun.Result r = CliRun.run("gleam", "hpl", "--scale", "8", "--engine", "packet", "--no-progress", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).doesNotContain("estimate");
  }
}
