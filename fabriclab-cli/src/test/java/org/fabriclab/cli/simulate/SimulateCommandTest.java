package org.fabriclab.cli.simulate;

import static org.fabriclab.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.cli.CliRun.Result;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateCommandTest {
  static Path trace(Path dir, String... lines) throws Exception {
    Path f = dir.resolve("t.csv");
    Files.writeString(f, "flow_id,src_host,dst_host,start_ns,size_bytes\n" + String.join("\n", lines) + "\n");
    return f;
  }

  @Test
  void singleFlowJsonMatchesTheClosedFormAndFilesAreWritten(@TempDir Path dir) throws Exception {
    Path t = trace(dir, "7,0,15,0,2760");
    Path out = dir.resolve("out");
    Result r = run("simulate", "--topo", "fattree", "--k", "4", "--trace", t.toString(),
        "--transport", "dctcp", "--out", out.toString(), "--json", "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = new ObjectMapper().readTree(r.out());
    for (String k : List.of("flows", "completed", "fctMeanMs", "fctMedianMs", "fctP99Ms",
        "fctP999Ms", "simulatedSeconds", "events", "wallSeconds")) {
      assertThat(j.has(k)).as(k).isTrue();
    }
    assertThat(j.get("flows").asInt()).isEqualTo(1);
    assertThat(j.get("completed").asInt()).isEqualTo(1);
    long ser120 = Time.serialization(120, 10_000_000_000L);
    long ser1500 = Time.serialization(1500, 10_000_000_000L);
    long fct = 12 * (ser120 + Time.us(1)) + ser1500 + 6 * (ser1500 + Time.us(1));
    assertThat(j.get("fctMeanMs").asDouble()).isCloseTo(fct / 1e9, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(Files.readAllLines(out.resolve("flows.csv")).get(1)).startsWith("7,0,15,2760,0,");
    assertThat(Files.exists(out.resolve("ports.csv"))).isTrue();
    assertThat(Files.exists(out.resolve("summary.csv"))).isTrue();
  }

  @Test
  void flowEngineAndOtherFamilies(@TempDir Path dir) throws Exception {
    Path t = trace(dir, "0,0,3,0,1250000", "1,1,3,0,1250000", "2,2,5,1000,50000");
    Result r = run("simulate", "--topo", "fattree", "--k", "4", "--trace", t.toString(),
        "--engine", "flow", "--json", "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = new ObjectMapper().readTree(r.out());
    // two 1.25 MB flows share host 3's 10 Gb/s link: 2 ms each
    assertThat(j.get("fctMedianMs").asDouble()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-9));
    for (String[] fam : new String[][] {{"bcube", "--n", "2", "--k", "2"}, {"jellyfish", "--k", "4"},
        {"torus", "--dims", "2,2,2"}, {"hyperx", "--dims", "2,2", "--servers-per-switch", "2"},
        {"clos", "--tiers", "2", "--ports", "4"}, {"tworandom", "--k", "4"}, {"fbfly", "--k", "4", "--n", "2"}, {"mltree", "--tors", "8"}}) {
      String[] args = new String[fam.length + 7];
      args[0] = "simulate";
      args[1] = "--topo";
      System.arraycopy(fam, 0, args, 2, fam.length);
      int i = fam.length + 2;
      args[i++] = "--trace";
      args[i++] = t.toString();
      args[i++] = "--json";
      args[i++] = "--no-progress";
      args[i] = "--transport=newreno";
      Result f = run(args);
      assertThat(f.code()).as(fam[0] + ": " + f.err()).isZero();
      assertThat(new ObjectMapper().readTree(f.out()).get("completed").asInt()).as(fam[0]).isEqualTo(3);
    }
  }

  @Test
  void badInputIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
    Path ok = trace(dir, "0,0,3,0,1000");
    Path bad = dir.resolve("bad.csv");
    Files.writeString(bad, "flow_id,src_host,dst_host,start_ns,size_bytes\n0,0,3,0,1000\n1,0,99,0,10\n");
    String[][] cases = {
      {"simulate", "--k", "4", "--trace", bad.toString()},
      {"simulate", "--k", "4", "--trace", ok.toString(), "--transport", "quic"},
      {"simulate", "--k", "4", "--trace", ok.toString(), "--engine", "fluid"},
      {"simulate", "--k", "5", "--trace", ok.toString()},
      {"simulate", "--k", "4", "--trace", dir.resolve("missing.csv").toString()},
      {"simulate", "--k", "4", "--trace", ok.toString(), "--compat", "ns3"},
    };
    for (String[] c : cases) {
      Result r = run(c);
      assertThat(r.code()).as(String.join(" ", c) + ": " + r.err()).isEqualTo(2);
      assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
    }
    assertThat(run(cases[0]).err()).contains("line 3");
    assertThat(run("simulate", "--k", "4").code()).isEqualTo(2);
    assertThat(run("simulate", "--k", "4", "--workload", "poisson", "--sizes", "pareto:0.5:100").code())
        .isEqualTo(2);
  }

  @Test
  void generatedTraceIsWrittenAndReplaysIdentically(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("gen");
    Result a = run("simulate", "--k", "4", "--workload", "poisson", "--flows", "30", "--seed", "4",
        "--out", out.toString(), "--no-progress");
    assertThat(a.code()).as(a.err()).isZero();
    Path again = dir.resolve("again");
    Result b = run("simulate", "--k", "4", "--trace", out.resolve("trace.csv").toString(),
        "--seed", "4", "--out", again.toString(), "--no-progress");
    assertThat(b.code()).as(b.err()).isZero();
    assertThat(Files.readString(again.resolve("flows.csv"))).isEqualTo(Files.readString(out.resolve("flows.csv")));
    assertThat(Files.readString(again.resolve("ports.csv"))).isEqualTo(Files.readString(out.resolve("ports.csv")));
  }

  @Test
  void generatedWorkloads() throws Exception {
    Result r = run("simulate", "--k", "4", "--workload", "incast", "--senders", "3",
        "--flow-bytes", "1250000", "--engine", "flow", "--json", "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    // three 1.25 MB flows into one 10 Gb/s host link: all end at 3 ms
    assertThat(new ObjectMapper().readTree(r.out()).get("fctP99Ms").asDouble())
        .isCloseTo(3.0, org.assertj.core.data.Offset.offset(1e-9));
    Result p = run("simulate", "--k", "4", "--workload", "poisson", "--flows", "50",
        "--transport", "ndp", "--json", "--no-progress");
    assertThat(p.code()).as(p.err()).isZero();
    assertThat(new ObjectMapper().readTree(p.out()).get("completed").asInt()).isEqualTo(50);
    Result q = run("simulate", "--k", "4", "--workload", "permutation", "--flow-bytes", "200000",
        "--transport", "rocev2", "--pfc-xoff-bytes", "20000", "--json", "--no-progress");
    assertThat(q.code()).as(q.err()).isZero();
    assertThat(new ObjectMapper().readTree(q.out()).get("completed").asInt()).isEqualTo(16);
    Result k = run("simulate", "--topo", "jellyfish", "--k", "4", "--workload", "permutation",
        "--flow-bytes", "50000", "--paths", "3", "--json", "--no-progress");
    assertThat(k.code()).as(k.err()).isZero();
    assertThat(new ObjectMapper().readTree(k.out()).get("completed").asInt()).isEqualTo(16);
  }

  /**
   * Jellyfish with one network port per switch is a matching of 4 switches with one host each:
   * host 0 reaches exactly one of hosts 1, 2, 3, so at least one of the three flows has no path.
   * Both engines refuse with one line and exit 2 (the packet engine used to retry forever).
   */
  @Test
  void unreachableHostsAreAOneLineErrorInBothEngines(@TempDir Path dir) throws Exception {
    Path t = trace(dir, "0,0,1,0,1000", "1,0,2,0,1000", "2,0,3,0,1000");
    for (String engine : List.of("packet", "flow")) {
      for (String transport : List.of("dctcp", "ndp")) {
        Result r = run("simulate", "--topo", "jellyfish", "--switches", "4", "--ports", "2",
            "--servers-per-switch", "1", "--trace", t.toString(), "--engine", engine,
            "--transport", transport, "--no-progress");
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").doesNotContain("Exception")
            .containsPattern("flow [12]: no path between its hosts in jellyfish");
      }
    }
  }
}
