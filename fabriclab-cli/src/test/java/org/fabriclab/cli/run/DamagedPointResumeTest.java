package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --resume} over a folder whose point files are missing, empty or damaged: the point
 * runs again with one line naming the file, and results.csv equals an undamaged run's byte for byte;
 * the intact points are not run again.
 */
class DamagedPointResumeTest {
  @TempDir Path dir;

  private static final String SPEC = String.join("\n",
      "kind: simulate",
      "seeds: 3",
      "topologies:",
      "  - family: fattree",
      "    k: 4",
      "simulate:",
      "  engine: flow",
      "  workload: {type: poisson, flows: 40, rate-per-s: 200000}",
      "");

  private record Run(int code, String err) {}

  private static Run run(String... args) {
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
    return new Run(code, err.toString());
  }

  private interface Damage {
    void apply(Path point) throws Exception;
  }

  private static void write(Path f, byte[] b) {
    try {
      Files.write(f, b);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aDamagedPointRunsAgainAndTheResultsAreTheSame() throws Exception {
    Path spec = dir.resolve("spec.yaml");
    Files.writeString(spec, SPEC);
    Path clean = dir.resolve("clean");
    assertThat(run("run", spec.toString(), "--out", clean.toString(), "--threads", "1").code()).isZero();
    byte[] expected = Files.readAllBytes(clean.resolve("results.csv"));

    // the damage, and the file and words the resume must name
    Map<String, Damage> damages = new LinkedHashMap<>();
    damages.put("metrics.csv is empty", p -> write(p.resolve("metrics.csv"), new byte[0]));
    damages.put("metrics.csv is damaged (line 1 ", p -> write(p.resolve("metrics.csv"), "abc".getBytes(StandardCharsets.UTF_8)));
    damages.put("metrics.csv is damaged (line 2 ", p -> write(p.resolve("metrics.csv"), "metric,value\nabc\n".getBytes(StandardCharsets.UTF_8)));
    damages.put("metrics.csv is damaged (its last line is cut off)", p -> {
      byte[] b = Files.readAllBytes(p.resolve("metrics.csv"));
      write(p.resolve("metrics.csv"), java.util.Arrays.copyOf(b, b.length / 2));
    });
    damages.put("metrics.csv is damaged (not UTF-8 text)", p -> write(p.resolve("metrics.csv"), new byte[] {(byte) 0xff, (byte) 0xfe, 10}));
    damages.put("metrics.csv is not a regular file", p -> {
      Files.delete(p.resolve("metrics.csv"));
      Files.createDirectory(p.resolve("metrics.csv"));
    });
    damages.put("flows.csv is missing", p -> Files.delete(p.resolve("flows.csv")));
    damages.put("flows.csv is empty", p -> write(p.resolve("flows.csv"), new byte[0]));
    damages.put("flows.csv is damaged (its SHA-256", p -> {
      byte[] b = Files.readAllBytes(p.resolve("flows.csv"));
      b[b.length - 2] ^= 1;
      write(p.resolve("flows.csv"), b);
    });
    damages.put("metrics.csv is damaged (its SHA-256", p -> {
      // a well-formed file with another value: only the checksum tells
      String m = Files.readString(p.resolve("metrics.csv"));
      int c = m.indexOf(",", m.indexOf("\nflows.all,") + 1);
      Files.writeString(p.resolve("metrics.csv"), m.substring(0, c + 1) + "1" + m.substring(c + 1));
    });
    damages.put("checksums.sha256 is empty", p -> write(p.resolve("checksums.sha256"), new byte[0]));
    damages.put("checksums.sha256 is damaged (line 1 ", p -> Files.writeString(p.resolve("checksums.sha256"), "abc\n"));

    int n = 0;
    for (Map.Entry<String, Damage> d : damages.entrySet()) {
      Path out = dir.resolve("run" + n++);
      copy(clean, out);
      Path p1 = out.resolve("points").resolve("p00001");
      d.getValue().apply(p1);
      List<String> intact = List.of(mtime(out, "p00000"), mtime(out, "p00002"));
      Run r = run("run", spec.toString(), "--out", out.toString(), "--threads", "1", "--resume");
      assertThat(r.code()).as(d.getKey() + ": " + r.err()).isZero();
      List<String> told = r.err().lines().filter(l -> l.contains("again")).toList();
      assertThat(told).as(r.err()).hasSize(1);
      assertThat(told.get(0)).as(d.getKey()).contains(p1.resolve(d.getKey()).toString())
          .endsWith("running point p00001 again");
      assertThat(Files.readAllBytes(out.resolve("results.csv"))).as(d.getKey()).isEqualTo(expected);
      assertThat(List.of(mtime(out, "p00000"), mtime(out, "p00002"))).isEqualTo(intact);
      assertThat(p1.resolve("metrics.csv")).hasSameBinaryContentAs(clean.resolve("points/p00001/metrics.csv"));
      // resumed again: nothing left to run, nothing said
      Run again = run("run", spec.toString(), "--out", out.toString(), "--threads", "1", "--resume");
      assertThat(again.code()).isZero();
      assertThat(again.err()).doesNotContain("again");
    }
  }

  @Test
  void everyPointFileIsListedWithItsSha256() throws Exception {
    Path spec = dir.resolve("spec.yaml");
    Files.writeString(spec, SPEC);
    Path out = dir.resolve("out");
    assertThat(run("run", spec.toString(), "--out", out.toString(), "--threads", "1").code()).isZero();
    Path p = out.resolve("points/p00000");
    List<String> expected = new ArrayList<>();
    for (String f : List.of("flows.csv", "fct-by-size.csv", "metrics.csv")) {
      byte[] sha = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p.resolve(f)));
      expected.add(HexFormat.of().formatHex(sha) + "  " + f);
    }
    assertThat(Files.readAllLines(p.resolve("checksums.sha256"))).containsExactlyInAnyOrderElementsOf(expected);
  }

  private static String mtime(Path run, String point) {
    return Long.toString(run.resolve("points").resolve(point).resolve("metrics.csv").toFile().lastModified());
  }

  private static void copy(Path from, Path to) throws Exception {
    try (var walk = Files.walk(from)) {
      for (Path f : walk.toList()) {
        Path t = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(t);
        } else {
          Files.copy(f, t, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }

}
