package org.fabriclab.cli.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.cli.Main;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze throughput --demands}: header detection, file:line errors, unbounded λ. The
 * topology is fat-tree(4) with unit capacities and relaxed server links, so a single unit demand
 * between servers of different Pods is limited by the 2 uplinks of the source edge switch: λ = 2.
 */
class AnalyzeDemandsTest {
  static final Topology FT4 = new FatTree(4).build();

  record Result(int code, String out, String err) {}

  static Result run(Path demands) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(new String[] {"analyze", "throughput", "--topo", "fattree", "-p", "k=4",
        "--demands", demands.toString(), "--json"}, new PrintWriter(out), new PrintWriter(err));
    return new Result(code, out.toString(), err.toString());
  }

  static Path file(Path dir, String text) throws Exception {
    Path f = dir.resolve("d.csv");
    Files.writeString(f, text);
    return f;
  }

  static void assertOneLineError(Result r, String... parts) {
    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").doesNotContain("Exception").contains(parts);
  }

  @Test
  void firstLineIsDataUnlessItHasLetters(@TempDir Path dir) throws Exception {
    int a = FT4.server(0);
    int b = FT4.server(15);
    for (String header : new String[] {"", "src,dst,demand\n"}) {
      Result r = run(file(dir, header + a + "," + b + ",1\n"));
      assertThat(r.code()).as(r.err()).isZero();
      assertThat(new ObjectMapper().readTree(r.out()).get("lambda").asDouble())
          .as("header '" + header + "'").isCloseTo(2.0, within(1e-7));
    }
    // a negative first field used to look like a header and vanish; now it is parsed and refused
    Path f = file(dir, "-1,5,1\n" + a + "," + b + ",1\n");
    assertOneLineError(run(f), f + ":1", "node id -1");
  }

  @Test
  void badDemandLinesNameFileAndLine(@TempDir Path dir) throws Exception {
    int a = FT4.server(0);
    int b = FT4.server(15);
    int n = FT4.nodeCount();
    String head = "src,dst,demand\n" + a + "," + b + ",1\n";
    Path f = file(dir, head + a + "," + b + ",-3\n");
    assertOneLineError(run(f), f + ":3", "-3");
    f = file(dir, head + "# comment\n" + a + "," + n + ",1\n");
    assertOneLineError(run(f), f + ":4", "node id " + n, "0.." + (n - 1));
    f = file(dir, head + a + "," + b + ",NaN\n");
    assertOneLineError(run(f), f + ":3");
    f = file(dir, head + a + ",x,1\n");
    assertOneLineError(run(f), f + ":3");
  }

  @Test
  void noDemandNeedingTheNetworkIsAnError(@TempDir Path dir) throws Exception {
    int a = FT4.server(0);
    int edge = FT4.neighbor(a, 0);
    // a demand to itself, a zero demand, and one to its own switch (server links relaxed)
    Path f = file(dir, a + "," + a + ",1\n" + a + "," + FT4.server(15) + ",0\n" + a + "," + edge + ",4\n");
    assertOneLineError(run(f), "no demand needs network capacity");
  }
}
