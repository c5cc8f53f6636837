package org.fabriclab.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fabriclab.error.FabriclabException;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.transport.rocev2.RcQueuePairs;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.junit.jupiter.api.Test;

/** What the engine cannot represent is rejected with a typed error. */
class EngineLimitsTest {
  static final Topology FT4 = new FatTree(4).build();

  static FlowTrace one(long startNs, long size) {
    return new FlowTrace(new long[] {0}, new int[] {0}, new int[] {15}, new long[] {startNs},
        new long[] {size});
  }

  @Test
  void aFlowOfLongMaxBytesIsRejectedByEveryTransport() {
    for (String t : new String[] {"dctcp", "newreno", "ndp", "rocev2"}) {
      assertThatThrownBy(() -> PacketSimulation.benchmark(FT4, one(0, Long.MAX_VALUE), t, false, 1,
          Progress.NONE)).as(t).isInstanceOf(InvalidParameterException.class)
          .hasMessageContaining("size_bytes");
    }
  }

  @Test
  void aStartNearLongMaxIsRejected() {
    assertThatThrownBy(() -> PacketSimulation.benchmark(FT4, one(Long.MAX_VALUE - 1, 1000),
        "dctcp", false, 1, Progress.NONE)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("start_ns");
    // the latest accepted start still runs to completion
    SimulationResult r = PacketSimulation.benchmark(FT4, one(PacketSimulation.MAX_START_NS, 1000),
        "dctcp", false, 1, Progress.NONE).run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertThat(r.flows().completed()).isEqualTo(1);
  }

  @Test
  void timeOverflowIsATypedError() {
    Simulator sim = new Simulator();
    int h = sim.register((a, b) -> sim.after(Long.MAX_VALUE, 0, 0, 0));
    sim.schedule(5, h, 0, 0);
    assertThatThrownBy(() -> sim.run(Long.MAX_VALUE, Long.MAX_VALUE))
        .isInstanceOf(FabriclabException.class).hasMessageContaining("overflow");
  }

  @Test
  void goBackZeroRestartsTheMessageByHand() {
    RcQueuePairs q = new RcQueuePairs(new int[] {0}, 1);
    q.extend(0, 5); // one message of PSNs 0..4
    for (int i = 0; i < 4; i++) {
      q.sent(0);
    }
    assertThat(q.onData(0, 0)).isEqualTo(RcQueuePairs.ACCEPT_AND_ACK);
    assertThat(q.onData(0, 1)).isEqualTo(RcQueuePairs.ACCEPT_AND_ACK);
    q.onAck(0, 2);
    // PSN 2 lost: 3 arrives out of order; go-back-0 drops the partial message at the receiver
    assertThat(q.onData(0, 3)).isEqualTo(RcQueuePairs.NACK);
    q.rewindReceiver(0, 0);
    q.goBackTo(0, 0);
    assertThat(q.nextPsn(0)).isZero();
    assertThat(q.sent(0)).isTrue(); // a retransmission
    assertThat(q.onData(0, 0)).isEqualTo(RcQueuePairs.ACCEPT_AND_ACK);
    assertThat(q.expected(0)).isEqualTo(1);
  }
}
