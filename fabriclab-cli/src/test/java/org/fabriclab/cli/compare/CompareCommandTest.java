package org.fabriclab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.cli.Main;
import org.fabriclab.cli.report.ReportChromiumTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {
  @TempDir Path dir;

  private int run(StringWriter err, String... args) {
    return Main.run(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
  }

  @Test
  void fatTreeJellyfishAndFlatTreeOnOneTrace() throws Exception {
    Path trace = dir.resolve("trace.csv");
    StringBuilder t = new StringBuilder("flow_id,src_host,dst_host,start_ns,size_bytes\n");
    for (int i = 0; i < 16; i++) {
      t.append(i).append(',').append(i).append(',').append((i + 5) % 16).append(',').append(i * 1000L)
          .append(',').append(i % 2 == 0 ? 30_000 : 300_000).append('\n');
    }
    Files.writeString(trace, t);
    Path out = dir.resolve("cmp");
    StringWriter err = new StringWriter();
    // the one grammar (--topo FAMILY --param value), and the older quoted form for the third
    int code = run(err, "compare", "--topo", "fattree", "--k", "4", "--topo", "jellyfish", "--k=4", "--topo",
        "flattree k=4 mode=global", "--trace", trace.toString(), "--engine", "flow", "--out", out.toString(),
        "--threads", "2");
    assertThat(code).as(err.toString()).isZero();
    List<String> rows = Files.readAllLines(out.resolve("compare.csv"));
    assertThat(rows).hasSize(4);
    // fat-tree(4): 20 four-port switches, all ports used, 16 servers, 48 cables (closed form)
    assertThat(rows.get(1)).startsWith("fattree k=4,flow engine,1,16,20,48,80,");
    // the same trace on every fabric: identical src, dst, size and start of every flow
    List<String> flows = null;
    for (String p : List.of("p00000", "p00001", "p00002")) {
      List<String> f = Files.readAllLines(out.resolve("points").resolve(p).resolve("flows.csv")).stream()
          .map(l -> String.join(",", List.of(l.split(",")).subList(0, 5))).toList();
      assertThat(f).hasSize(17);
      if (flows != null) {
        assertThat(f).isEqualTo(flows);
      }
      flows = f;
    }
    for (String png : List.of("fctMeanNs-by-size", "fctP99Ns-by-size", "fctP999Ns-by-size", "slowdownP99-by-size",
        "goodput", "fct-cdf")) {
      assertThat(out.resolve(png + ".png")).isRegularFile();
    }
    // the three fabrics are built from the same equipment: no chart of equal bars, one sentence
    assertThat(out.resolve("cost.png")).doesNotExist();
    assertThat(Files.readString(out.resolve("report.html"))).contains("every fabric has the same equipment, 16 servers,"
        + " 20 switches, 48 links (cables) and 80 switch ports");
    if (ReportChromiumTest.available()) {
      ReportChromiumTest.Render r = ReportChromiumTest.render(out.resolve("report.html"));
      assertThat(r.images()).isEqualTo(6);
      assertThat(r.broken()).isZero();
      assertThat(r.console()).isEmpty();
    }
  }

  @Test
  void badTopologyIsOneLineNamingTheOption() {
    StringWriter err = new StringWriter();
    Path out = dir.resolve("bad");
    int code = run(err, "compare", "--topo", "fattree k=5", "--out", out.toString());
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("--topo 'fattree k=5'").contains("even");
    assertThat(err.toString().trim().lines().count()).isEqualTo(1);
    assertThat(out).doesNotExist();
  }

  @Test
  void theSameFabricTwiceIsRefused(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    org.fabriclab.cli.CliRun.assertRefused(new String[] {"compare", "--topo", "fattree", "--k", "4", "--topo", "fattree",
        "--k", "4", "--flows", "10", "--out", dir.resolve("c").toString(), "--no-progress"}, "given twice");
    assertThat(dir.resolve("c")).doesNotExist();
  }

  @Test
  void summaryCsvGivesTheSpreadOverRepetitions(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
    Path out = tmp.resolve("cmp");
    StringWriter err = new StringWriter();
    int code = run(err, "compare", "--topo", "fattree", "--k", "4", "--engine", "flow", "--workload", "poisson",
        "--flows", "40", "--rate-per-s", "2500", "--seeds", "3", "--out", out.toString(), "--no-progress");
    assertThat(code).as(err.toString()).isZero();
    // the mean FCT of each repetition, recomputed from its flows.csv (column fctNs)
    double[] fct = new double[3];
    for (int r = 0; r < 3; r++) {
      List<String> rows = Files.readAllLines(out.resolve("points").resolve("p0000" + r).resolve("flows.csv"));
      int col = List.of(rows.get(0).split(",")).indexOf("fctNs");
      fct[r] = rows.stream().skip(1).mapToDouble(l -> Double.parseDouble(l.split(",")[col])).average().orElseThrow();
    }
    double mean = (fct[0] + fct[1] + fct[2]) / 3;
    double sd = Math.sqrt(((fct[0] - mean) * (fct[0] - mean) + (fct[1] - mean) * (fct[1] - mean)
        + (fct[2] - mean) * (fct[2] - mean)) / 2);
    String row = Files.readAllLines(out.resolve("summary.csv")).stream()
        .filter(l -> l.startsWith("fattree k=4,flow engine,fctMeanNs.all,")).findFirst().orElseThrow();
    String[] f = row.split(",");
    assertThat(f[3]).isEqualTo("3");
    assertThat(Double.parseDouble(f[4])).isCloseTo(mean, org.assertj.core.api.Assertions.within(1e-6 * mean));
    assertThat(Double.parseDouble(f[5])).isCloseTo(sd, org.assertj.core.api.Assertions.within(1e-6 * mean));
    // Student's t with 2 degrees of freedom: 4.303
    assertThat(Double.parseDouble(f[6])).isCloseTo(4.303 * sd / Math.sqrt(3), org.assertj.core.api.Assertions.within(1e-6 * mean));
    assertThat(Files.readAllLines(out.resolve("summary.csv")))
        .contains("fattree k=4,flow engine,servers,3,16.0,0.0,0.0");
  }

  @Test
  void compareCsvHoldsTheMeansOfSummaryCsv(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
    // few flows: a size bin can be empty in some repetitions; compare.csv must give the same mean
    // as summary.csv (over the repetitions with a value), not an empty cell
    Path out = tmp.resolve("cmp");
    StringWriter err = new StringWriter();
    int code = run(err, "compare", "--topo", "fattree", "--k", "4", "--engine", "flow", "--workload", "poisson",
        "--flows", "8", "--seeds", "3", "--seed", "1", "--out", out.toString(), "--no-progress");
    assertThat(code).as(err.toString()).isZero();
    List<String> cmp = Files.readAllLines(out.resolve("compare.csv"));
    List<String> header = List.of(cmp.get(0).split(",", -1));
    String[] row = cmp.get(1).split(",", -1);
    int checked = 0;
    List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
    for (String line : summary.subList(1, summary.size())) {
      String[] f = line.split(",", -1);
      int col = header.indexOf(f[2]);
      if (col < 0) {
        continue;
      }
      long n = Long.parseLong(f[3]);
      if (n == 0) {
        assertThat(row[col]).as(f[2]).isEmpty();
      } else {
        assertThat(Double.parseDouble(row[col])).as(f[2])
            .isCloseTo(Double.parseDouble(f[4]), org.assertj.core.api.Assertions.within(0.5001));
      }
      checked++;
    }
    assertThat(checked).isEqualTo(header.size() - 3);
  }
}
