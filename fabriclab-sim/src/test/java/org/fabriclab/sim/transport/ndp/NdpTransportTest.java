package org.fabriclab.sim.transport.ndp;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.sim.net.Network;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

class NdpTransportTest {
  static final Topology FT4 = new FatTree(4).build();
  static final long RATE = 10_000_000_000L;

  static FlowTrace trace(int[] src, int[] dst, long[] start, long[] size) {
    long[] id = new long[src.length];
    for (int i = 0; i < id.length; i++) {
      id[i] = i;
    }
    return new FlowTrace(id, src, dst, start, size);
  }

  @Test
  void singleFlowInTheInitialWindowMatchesTheClosedForm() {
    long ser = Time.serialization(1500, RATE);
    for (int packets : new int[] {1, 5, 20}) {
      for (int dst : new int[] {1, 15}) {
        int hops = dst == 1 ? 2 : 6;
        FlowTrace t = trace(new int[] {0}, new int[] {dst}, new long[] {100}, new long[] {1436L * packets});
        SimulationResult r = PacketSimulation.benchmark(FT4, t, "ndp", false, 1, Progress.NONE)
            .run(Long.MAX_VALUE, Long.MAX_VALUE);
        // no handshake: the window leaves back to back, the last packet crosses every hop
        long expected = (packets - 1) * ser + hops * (ser + Time.us(1));
        assertThat(r.flows().fctPs(0)).as(packets + " packets to " + dst).isEqualTo(expected);
      }
    }
  }

  /**
   * Incast of 12 senders (200 KB each) into host 0: the 15-packet switch queues trim, nothing is
   * dropped, every flow completes, bytes balance (trimmed payload counted), and the receiver's
   * link stays busy: the last completion is within 10% of the bytes' serialization time.
   */
  @Test
  void incastTrimsButLosesNothingAndKeepsTheReceiverBusy() {
    int senders = 12;
    int[] src = new int[senders];
    int[] dst = new int[senders];
    long[] size = new long[senders];
    for (int i = 0; i < senders; i++) {
      src[i] = 1 + i;
      size[i] = 200_000;
    }
    FlowTrace t = trace(src, dst, new long[senders], size);
    PacketSimulation ps = PacketSimulation.benchmark(FT4, t, "ndp", false, 1, Progress.NONE);
    SimulationResult r = ps.run(Time.seconds(1), Long.MAX_VALUE);
    Network net = ps.network();
    assertThat(r.flows().completed()).isEqualTo(senders);
    assertThat(net.trimmedBytes()).isPositive();
    assertThat(r.droppedPackets()).isZero();
    // trimmed payload counts as dropped bytes; no packet is dropped
    assertThat(net.accounting().droppedBytes()).isEqualTo(net.trimmedBytes());
    assertThat(net.injectedBytes()).isEqualTo(net.deliveredBytes() + net.droppedBytes()
        + net.packets().liveBytes());
    assertThat(net.accounting().balanced()).isTrue();
    long packets = senders * ((200_000 + 1435) / 1436);
    long wire = Time.serialization(packets * 1500, RATE);
    long last = 0;
    for (int i = 0; i < senders; i++) {
      last = Math.max(last, r.flows().endPs(i));
    }
    assertThat((double) last).isBetween((double) wire, wire * 1.10);
    SimulationResult again = PacketSimulation.benchmark(FT4, t, "ndp", false, 1, Progress.NONE)
        .run(Time.seconds(1), Long.MAX_VALUE);
    assertThat(again.flows().table()).isEqualTo(r.flows().table());
    assertThat(again.ports()).isEqualTo(r.ports());
    assertThat(again.events()).isEqualTo(r.events());
  }
}
