package org.fabriclab.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;
import static org.fabriclab.cli.simulate.SimulateCommandTest.trace;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.data.Offset;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.io.TopologyFiles;
import org.fabriclab.graph.io.TopologyFormat;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.EmpiricalSizes;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** simulate's knobs: settable parameters, seeds, load, imported topologies. */
class SimulateKnobsTest {
  @Test
  void mtuAndWindowChangeTheClosedForm(@TempDir Path dir) throws Exception {
    // 2640 B = 3 segments of 880 B with a 1000 B MTU (120 B headers), all in the initial window
    Path t = trace(dir, "0,0,15,0,2640");
    JsonNode j = json(run("simulate", "--topo", "fattree", "--k", "4", "--trace", t.toString(),
        "--mtu-bytes", "1000", "--init-window", "3", "--json", "--no-progress"));
    long ser120 = Time.serialization(120, 10_000_000_000L);
    long ser1000 = Time.serialization(1000, 10_000_000_000L);
    long fct = 12 * (ser120 + Time.us(1)) + 2 * ser1000 + 6 * (ser1000 + Time.us(1));
    assertThat(j.get("fctMeanMs").asDouble()).isCloseTo(fct / 1e9, Offset.offset(1e-12));
  }

  @Test
  void switchLatencyAddsOncePerSwitchOfEveryPacket(@TempDir Path dir) throws Exception {
    // the same flow as above; SYN, SYN-ACK and the data each cross 5 switches (0 -> 15 spans
    // pods), so 500 ns of switch latency adds 15 × 500 ns to the closed form
    Path t = trace(dir, "0,0,15,0,2640");
    JsonNode j = json(run("simulate", "--topo", "fattree", "--k", "4", "--trace", t.toString(),
        "--mtu-bytes", "1000", "--init-window", "3", "--switch-latency-ns", "500", "--json",
        "--no-progress"));
    long ser120 = Time.serialization(120, 10_000_000_000L);
    long ser1000 = Time.serialization(1000, 10_000_000_000L);
    long fct = 12 * (ser120 + Time.us(1)) + 2 * ser1000 + 6 * (ser1000 + Time.us(1))
        + 15 * Time.ns(500);
    assertThat(j.get("fctMeanMs").asDouble()).isCloseTo(fct / 1e9, Offset.offset(1e-12));
    org.fabriclab.cli.CliRun.Result bad = run("simulate", "--topo", "fattree", "--k", "4", "--trace",
        t.toString(), "--switch-latency-ns", "-1", "--no-progress");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("--switch-latency-ns");
  }

  @Test
  void helpStatesEveryKnobsPresetAndUnit() {
    org.fabriclab.cli.CliRun.Result r = run("simulate", "--help");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("Simulate flows (a trace file or a generated workload) on a "
        + "topology with the packet-level or\nflow-level engine and report flow completion times");
    for (java.lang.reflect.Field f : PacketKnobs.class.getDeclaredFields()) {
      picocli.CommandLine.Option o = f.getAnnotation(picocli.CommandLine.Option.class);
      if (o != null) {
        String d = o.description()[0];
        assertThat(d).as(o.names()[0]).contains("(preset: ");
        String name = o.names()[0];
        if (name.endsWith("-bytes") || name.endsWith("-us") || name.endsWith("-ns")
            || name.endsWith("-mbps")) {
          String unit = name.endsWith("-bytes") ? "bytes" : name.endsWith("-us") ? "µs"
              : name.endsWith("-ns") ? "ns" : "Mb/s";
          assertThat(d).as(name).contains(unit);
        }
      }
    }
  }

  @Test
  void summaryCarriesTheConservationTerms(@TempDir Path dir) throws Exception {
    // an incast into tiny buffers: drops happen; the books balance
    Path t = trace(dir, "0,1,0,0,200000", "1,2,0,0,200000", "2,3,0,0,200000", "3,4,0,0,200000");
    JsonNode j = json(run("simulate", "--topo", "fattree", "--k", "4", "--trace", t.toString(),
        "--buffer-bytes", "6000", "--ecn-bytes", "3000", "--json", "--no-progress"));
    assertThat(j.get("completed").asInt()).isEqualTo(4);
    assertThat(j.get("drops").asLong()).isPositive();
    assertThat(j.get("maxQueueBytes").asLong()).isLessThanOrEqualTo(6000);
    long in = j.get("injectedBytes").asLong() + j.get("copiedBytes").asLong()
        + j.get("generatedBytes").asLong();
    long out = j.get("deliveredBytes").asLong() + j.get("absorbedBytes").asLong()
        + j.get("droppedBytes").asLong() + j.get("inFlightBytes").asLong();
    assertThat(in).isEqualTo(out);
    assertThat(j.get("marks").asLong()).isPositive();
  }

  @Test
  void importedTopologyFilesRunLikeTheFamily(@TempDir Path dir) throws Exception {
    Topology ft = new FatTree(4).build();
    Path gml = dir.resolve("ft4.graphml");
    Path js = dir.resolve("ft4.json");
    TopologyFiles.write(ft, TopologyFormat.GRAPHML, gml);
    TopologyFiles.write(ft, TopologyFormat.JSON, js);
    Path t = trace(dir, "0,0,15,0,50000", "1,3,9,2000,80000");
    double family = json(run("simulate", "--topo", "fattree", "--k", "4", "--trace", t.toString(),
        "--json", "--no-progress")).get("fctMeanMs").asDouble();
    for (Path f : new Path[] {gml, js}) {
      JsonNode j = json(run("simulate", "--topo", f.toString(), "--trace", t.toString(), "--json",
          "--no-progress"));
      assertThat(j.get("fctMeanMs").asDouble()).as(f.toString()).isEqualTo(family);
    }
    org.fabriclab.cli.CliRun.Result bad = run("simulate", "--topo", gml.toString(), "--k", "4",
        "--trace", t.toString(), "--no-progress");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("--topo");
  }

  @Test
  void loadSetsThePrintedRateAndSeedsSplit(@TempDir Path dir) throws Exception {
    org.fabriclab.cli.CliRun.Result r = run("simulate", "--topo", "fattree", "--k", "4", "--workload",
        "poisson", "--flows", "5", "--load", "0.3", "--engine", "flow", "--json", "--no-progress");
    assertThat(r.code()).as(r.err()).isZero();
    double expect = 0.3 * 16 * 10e9 / (8 * EmpiricalSizes.webSearch().meanBytes());
    assertThat(r.err()).contains(String.format(java.util.Locale.ROOT, "%.1f flows/s", expect));
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    assertThat(run("simulate", "--topo", "fattree", "--k", "4", "--workload", "poisson", "--flows",
        "20", "--seed", "5", "--engine", "flow", "--out", a.toString(), "--no-progress").code())
        .isZero();
    assertThat(run("simulate", "--topo", "fattree", "--k", "4", "--workload", "poisson", "--flows",
        "20", "--seed", "1", "--workload-seed", "5", "--engine", "flow", "--out", b.toString(),
        "--no-progress").code()).isZero();
    assertThat(Files.readString(a.resolve("trace.csv"))).isEqualTo(Files.readString(b.resolve("trace.csv")));
  }

  @Test
  void badKnobsAreOneLineErrors(@TempDir Path dir) throws Exception {
    Path t = trace(dir, "0,0,15,0,2760");
    String[][] cases = {
      {"--workload", "poisson", "--flows", "0"},
      {"--trace", t.toString(), "--loss", "1.5"},
      {"--trace", t.toString(), "--ecn-kmin-bytes", "1000"},
      {"--trace", t.toString(), "--ack-every", "2"},
      {"--trace", t.toString(), "--transport", "rocev2", "--init-window", "4"},
      {"--trace", t.toString(), "--transport", "rocev2", "--go-back", "2"},
      {"--workload", "poisson", "--load", "0.3", "--rate-per-s", "100"},
    };
    String[] names = {"--flows", "--loss", "--ecn-kmin-bytes", "--transport", "--init-window",
        "--go-back", "--load"};
    for (int i = 0; i < cases.length; i++) {
      String[] args = new String[cases[i].length + 5];
      args[0] = "simulate";
      args[1] = "--topo";
      args[2] = "fattree";
      args[3] = "--k";
      args[4] = "4";
      System.arraycopy(cases[i], 0, args, 5, cases[i].length);
      org.fabriclab.cli.CliRun.Result r = run(args);
      assertThat(r.code()).as(String.join(" ", cases[i])).isEqualTo(2);
      assertThat(r.err()).as(String.join(" ", cases[i])).contains(names[i]);
      assertThat(r.err().strip().lines().count()).isEqualTo(1);
    }
  }

  /**
   * An MTU out of range names the option, the value and the transport's valid range (headers + 1
   * .. 1 MiB), also beyond Java's int range, where it named -2147483648..2147483647 instead.
   */
  @Test
  void mtuOutOfRangeNamesTheTransportsValidRange() {
    String[] base = {"simulate", "--topo", "fattree", "--k", "4", "--workload", "poisson", "--flows", "5"};
    String[][] cases = {
      {"--mtu-bytes", "100"}, {"--mtu-bytes", "2147483648"}, {"--mtu-bytes", "-9000000000"},
      {"--mtu-bytes", "0", "--transport", "ndp"}, {"--mtu-bytes", "4294967296", "--transport", "rocev2"},
    };
    String[] want = {"invalid --mtu-bytes = 100: valid range 121..1048576",
        "invalid --mtu-bytes = 2147483648: valid range 121..1048576",
        "invalid --mtu-bytes = -9000000000: valid range 121..1048576",
        "invalid --mtu-bytes = 0: valid range 65..1048576",
        "invalid --mtu-bytes = 4294967296: valid range 65..1048576"};
    for (int i = 0; i < cases.length; i++) {
      String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.Arrays.stream(cases[i]))
          .toArray(String[]::new);
      org.fabriclab.cli.CliRun.assertRefused(args, want[i]);
    }
  }

  @Test
  void roceKnobsAndLossRun(@TempDir Path dir) throws Exception {
    Path t = trace(dir, "0,0,15,0,20000", "1,1,14,0,20000", "2,2,13,0,20000", "3,4,12,0,20000");
    for (String gb : new String[] {"0", "N"}) {
      JsonNode j = json(run("simulate", "--topo", "fattree", "--k", "4", "--trace", t.toString(),
          "--transport", "rocev2", "--loss", "0.02", "--go-back", gb, "--ack-every", "1",
          "--ecn-kmin-bytes", "5000", "--ecn-kmax-bytes", "20000", "--ecn-pmax", "0.2",
          "--json", "--no-progress"));
      assertThat(j.get("completed").asInt()).as(gb).isEqualTo(4);
      assertThat(j.get("drops").asLong()).as(gb).isPositive();
    }
  }

  @Test
  void ackEveryCoalescesTheReceiversAcks(@TempDir Path dir) throws Exception {
    // one lossless flow of 20 packets of 1024 B: ACKs after every N in-order packets and on the
    // last, so ceil(20 / N) control packets (N = 1: 20, N = 3: 6 + the last = 7, N = 4: 5)
    Path t = trace(dir, "0,0,15,0,20480");
    int[][] expect = {{1, 20}, {3, 7}, {4, 5}};
    for (int[] e : expect) {
      JsonNode j = json(run("simulate", "--topo", "fattree", "--k", "4", "--trace", t.toString(),
          "--transport", "rocev2", "--ack-every", String.valueOf(e[0]), "--json", "--no-progress"));
      assertThat(j.get("dataPackets").asLong()).isEqualTo(20);
      assertThat(j.get("controlPackets").asLong()).as("--ack-every " + e[0]).isEqualTo(e[1]);
    }
  }

  @Test
  void multicastWorkloadWritesGroupsWithTheirJct(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("mc");
    JsonNode j = json(run("simulate", "--topo", "fattree", "--k", "4", "--workload", "multicast",
        "--group-size", "1", "--groups", "3", "--rate-per-s", "1000", "--flow-bytes", "2760",
        "--out", out.toString(), "--probe-interval-us", "5", "--json", "--no-progress"));
    assertThat(j.get("groups").asInt()).isEqualTo(3);
    assertThat(Files.readAllLines(out.resolve("timeseries.csv")).get(0))
        .isEqualTo("timeNs,series,id,value");
    java.util.List<String> trace = Files.readAllLines(out.resolve("trace.csv"));
    java.util.List<String> groups = Files.readAllLines(out.resolve("groups.csv"));
    assertThat(groups.get(0)).isEqualTo("group,transfers,startNs,endNs,jctNs");
    long ser120 = Time.serialization(120, 10_000_000_000L);
    long ser1500 = Time.serialization(1500, 10_000_000_000L);
    double sum = 0;
    for (int g = 0; g < 3; g++) {
      // one receiver per group: the JCT is the lone flow's closed form over its hop count
      String[] f = trace.get(1 + g).split(",");
      int a = Integer.parseInt(f[1]);
      int b = Integer.parseInt(f[2]);
      int hops = a / 2 == b / 2 ? 2 : a / 4 == b / 4 ? 4 : 6;
      long fct = 2 * hops * (ser120 + Time.us(1)) + ser1500 + hops * (ser1500 + Time.us(1));
      String[] row = groups.get(1 + g).split(",");
      assertThat(Long.parseLong(row[4])).isEqualTo((fct + 500) / 1000);
      sum += fct / 1e6;
    }
    assertThat(j.get("jctMeanUs").asDouble()).isCloseTo(sum / 3, Offset.offset(1e-9));
  }
}
