package org.fabriclab.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.table.TableWriter;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Golden runs (as htsim's {@code .ref} files): a small whole run per transport — 60 flows on a
 * fat-tree k = 4, sizes 2 KB to 400 KB, arrivals within 200 µs — whose summary and per-flow
 * output must stay byte for byte what {@code src/test/resources/golden/<transport>.txt} holds, so
 * a refactor that changes behaviour is seen. After an intended change, regenerate with
 * {@code mvn -pl fabriclab-sim test -Dtest=GoldenRunsTest -Dfabriclab.golden.update=true} and
 * explain the difference in the commit.
 */
class GoldenRunsTest {
  static final List<String> DETERMINISTIC = List.of("flows", "completed", "fctMeanMs",
      "fctMedianMs", "fctP99Ms", "fctP999Ms", "simulatedSeconds", "events", "dataPackets",
      "controlPackets", "packetHops", "drops", "injectedBytes", "deliveredBytes", "droppedBytes",
      "inFlightBytes", "marks", "maxQueueBytes");

  static FlowTrace trace() {
    SplittableRandom rnd = new SplittableRandom(2026);
    int n = 60;
    long[] id = new long[n];
    int[] src = new int[n];
    int[] dst = new int[n];
    long[] start = new long[n];
    long[] size = new long[n];
    long[] sizes = {2_000, 20_000, 100_000, 400_000};
    for (int i = 0; i < n; i++) {
      id[i] = i;
      src[i] = rnd.nextInt(16);
      dst[i] = (src[i] + 1 + rnd.nextInt(15)) % 16;
      start[i] = rnd.nextLong(200_000);
      size[i] = sizes[rnd.nextInt(sizes.length)];
    }
    return new FlowTrace(id, src, dst, start, size);
  }

  /** A run of {@code transport} ({@code NAME-pfc}: lossless, PFC pausing at 30,000 B). */
  static String render(String transport) {
    Topology t = new FatTree(4).build();
    boolean pfc = transport.endsWith("-pfc");
    String name = pfc ? transport.substring(0, transport.length() - 4) : transport;
    SimulationResult r = PacketSimulation.benchmark(t, trace(), name, false, 1, pfc ? 30_000 : 0,
        Progress.NONE).run(Time.seconds(1), Long.MAX_VALUE);
    Map<String, Object> m = r.summary();
    StringBuilder b = new StringBuilder("# golden run: ").append(transport)
        .append(" on fattree k=4, 60 flows (GoldenRunsTest)\n");
    for (String k : DETERMINISTIC) {
      b.append(k).append('=').append(TableWriter.format(m.get(k))).append('\n');
    }
    b.append(TableWriter.csv(r.flows().table()));
    return b.toString();
  }

  @ParameterizedTest
  @ValueSource(strings = {"dctcp", "newreno", "ndp", "rocev2", "rocev2-pfc"})
  void wholeRunMatchesItsGoldenFile(String transport) throws IOException {
    String got = render(transport);
    Path file = Path.of("src/test/resources/golden/" + transport + ".txt");
    if (Boolean.getBoolean("fabriclab.golden.update")) {
      Files.writeString(file, got, StandardCharsets.UTF_8);
    }
    assertThat(Files.exists(file)).as(file + " (regenerate with -Dfabriclab.golden.update=true)").isTrue();
    assertThat(got).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
  }
}
