package org.fabriclab.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.SplittableRandom;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.net.Accounting;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.parallel.Partition;
import org.fabriclab.table.TableWriter;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The partitioned packet engine: byte-identical results at 1, 2 and 3 threads (the fat-tree k = 4
 * cut into its 4 pods, so 3 threads deal the LPs unevenly), conservation per logical process and
 * in total, and the sequential engine's result where no two events tie.
 */
class PartitionedSimulationTest {

  /** 200 flows, 2 KB to 400 KB, arrivals within 300 µs on 16 hosts: queues, drops, ECN. */
  static FlowTrace trace(int n, long spreadNs, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
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
      start[i] = rnd.nextLong(spreadNs);
      size[i] = sizes[rnd.nextInt(sizes.length)];
    }
    java.util.Arrays.sort(start);
    return new FlowTrace(id, src, dst, start, size);
  }

  private static PartitionedSimulation sim(String transport, Topology t, FlowTrace tr) {
    boolean pfc = transport.endsWith("-pfc");
    String name = pfc ? transport.substring(0, transport.length() - 4) : transport;
    return PartitionedSimulation.benchmark(t, tr, name, false, 1, pfc ? 30_000 : 0,
        Partition.of(t), Progress.NONE);
  }

  private static String render(SimulationResult r) {
    Map<String, Object> m = r.summary();
    StringBuilder b = new StringBuilder();
    for (String k : GoldenRunsTest.DETERMINISTIC) {
      b.append(k).append('=').append(TableWriter.format(m.get(k))).append('\n');
    }
    b.append(TableWriter.csv(r.flows().table()));
    b.append(TableWriter.csv(r.ports()));
    return b.toString();
  }

  @ParameterizedTest
  @ValueSource(strings = {"dctcp", "newreno", "ndp", "dctcp-pfc"})
  void sameBytesAtEveryThreadCount(String transport) {
    Topology t = new FatTree(4).build();
    FlowTrace tr = trace(200, 300_000, 2026);
    String one = render(sim(transport, t, tr).run(1, Time.seconds(1)));
    String two = render(sim(transport, t, tr).run(2, Time.seconds(1)));
    String three = render(sim(transport, t, tr).run(3, Time.seconds(1)));
    assertThat(one).contains("completed=200");
    assertThat(two).isEqualTo(one);
    assertThat(three).isEqualTo(one);
  }

  @ParameterizedTest
  @ValueSource(strings = {"dctcp", "ndp", "dctcp-pfc"})
  void conservationHoldsPerPartitionAndInTotal(String transport) {
    Topology t = new FatTree(4).build();
    FlowTrace tr = trace(200, 300_000, 7);
    PartitionedSimulation s = sim(transport, t, tr);
    SimulationResult r = s.run(2, Time.seconds(1));
    assertThat(s.partition().parts()).isEqualTo(4);
    long exported = 0;
    long imported = 0;
    long live = 0;
    long inFlight = 0;
    for (int lp = 0; lp < 4; lp++) {
      Network net = s.network(lp);
      Accounting a = net.accounting();
      // the books of each LP, counted at every event, against the packets its pool holds
      assertThat(a.inFlightPackets()).as("LP " + lp).isEqualTo(net.packets().live());
      assertThat(a.inFlightBytes()).as("LP " + lp).isEqualTo(net.packets().liveBytes());
      exported += a.exportedPackets();
      imported += a.importedPackets();
      live += net.packets().liveBytes();
      inFlight += a.inFlightBytes();
    }
    assertThat(exported).isGreaterThan(1000).isEqualTo(imported);
    assertThat(r.totals().inFlightBytes()).isEqualTo(inFlight).isEqualTo(live);
    assertThat(r.totals().injectedBytes() + r.totals().copiedBytes() + r.totals().generatedBytes())
        .isEqualTo(r.totals().deliveredBytes() + r.totals().absorbedBytes()
            + r.totals().droppedBytes() + r.totals().inFlightBytes());
  }

  /** With one logical process the partitioned run is the sequential engine's, event for event. */
  @ParameterizedTest
  @ValueSource(strings = {"dctcp", "newreno", "ndp", "dctcp-pfc"})
  void oneLogicalProcessIsTheSequentialEngine(String transport) {
    Topology t = new FatTree(4).build();
    FlowTrace tr = trace(200, 300_000, 2026);
    boolean pfc = transport.endsWith("-pfc");
    String name = pfc ? transport.substring(0, transport.length() - 4) : transport;
    SimulationResult seq = PacketSimulation.benchmark(t, tr, name, false, 1, pfc ? 30_000 : 0,
        Progress.NONE).run(Time.seconds(1), Long.MAX_VALUE);
    SimulationResult one = PartitionedSimulation.benchmark(t, tr, name, false, 1, pfc ? 30_000 : 0,
        Partition.single(t), Progress.NONE).run(2, Time.seconds(1));
    assertThat(render(one)).isEqualTo(render(seq));
  }

  /**
   * Flows one at a time (each done long before the next starts) under TCP with per-flow ECMP:
   * no two events at one node tie with an arrival from another LP here, so every flow's
   * completion is the sequential engine's to the picosecond. (NDP sprays per packet from a
   * counter per network, which each LP has its own of, so its packets take other paths.)
   */
  @ParameterizedTest
  @ValueSource(strings = {"dctcp", "newreno"})
  void isolatedFlowsFinishAsInTheSequentialEngine(String transport) {
    Topology t = new FatTree(4).build();
    int n = 20;
    FlowTrace base = trace(n, 1, 11);
    long[] id = new long[n];
    int[] src = new int[n];
    int[] dst = new int[n];
    long[] start = new long[n];
    long[] size = new long[n];
    for (int i = 0; i < n; i++) {
      id[i] = i;
      src[i] = base.src(i);
      dst[i] = base.dst(i);
      start[i] = i * 5_000_000L; // 5 ms apart
      size[i] = base.sizeBytes(i);
    }
    FlowTrace tr = new FlowTrace(id, src, dst, start, size);
    SimulationResult seq = PacketSimulation.benchmark(t, tr, transport, false, 1, Progress.NONE)
        .run(Time.seconds(1), Long.MAX_VALUE);
    SimulationResult par = sim(transport, t, tr).run(2, Time.seconds(1));
    for (int f = 0; f < n; f++) {
      assertThat(par.flows().endPs(f)).as("flow " + f).isEqualTo(seq.flows().endPs(f));
    }
  }
}
