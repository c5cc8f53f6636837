package org.fabriclab.sim.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fabriclab.sim.collective.host.DoubleBinaryTree;
import org.junit.jupiter.api.Test;

/**
 * The double binary tree allreduce on the non-blocking star of {@link Star}, against the α–β
 * model. With {@code n} ranks, depth {@code D = ceil(log2 n)}, each tree carrying {@code S/2} in
 * {@code k = S / (2s)} segments of {@code s} bytes: a rank that is inner with two children in one
 * tree sends, per segment index, one segment up and two down there and one up in the other tree,
 * and receives as many — four segments on each of its links, the most any link carries. Once the
 * pipeline is full every such link is busy, so a segment period is {@code P = 4·w(s)·8/B} and a
 * segment takes one period per hop; the last segment enters after {@code k − 1} periods and makes
 * {@code 2D} hops (up to the root, back to the deepest leaf), each also paying the latency
 * {@code α} of a message ({@link Star#message} less its serialisation). So
 * {@code T = (k − 1 + 2D)·P + 2D·α}. Tolerance, stated before running: 3 % on the flow engine,
 * 5 % on the packet engine (whose ACKs share the links).
 */
class DoubleTreeStarTest {
  private final Star star = new Star(8);

  private static double model(int n, long size, long seg) {
    int depth = 32 - Integer.numberOfLeadingZeros(n - 1);
    long k = size / (2 * seg);
    double period = 4 * Star.wire(seg) * 8e12 / Star.GBPS;
    double alpha = Star.message(seg) - Star.wire(seg) * 8e12 / Star.GBPS;
    return (k - 1 + 2 * depth) * period + 2 * depth * alpha;
  }

  @Test
  void largeAllreduceRunsAtFourSegmentsPerPeriodOnTheBusiestLink() {
    int n = 8;
    long size = 32L << 20;
    long seg = 64 << 10;
    CollectiveSchedule s = new DoubleBinaryTree().build(
        CollectiveSpec.of(CollectiveOp.ALLREDUCE, n, size).withSegmentBytes(seg));
    assertThat(star.flow(s, 0).jctPs() / model(n, size, seg)).isCloseTo(1.0, within(0.03));
  }

  @Test
  void packetEngineAgreesAtEightMebibytes() {
    int n = 8;
    long size = 8L << 20;
    long seg = 32 << 10;
    CollectiveSchedule s = new DoubleBinaryTree().build(
        CollectiveSpec.of(CollectiveOp.ALLREDUCE, n, size).withSegmentBytes(seg));
    assertThat(star.packet(s, 0).jctPs() / model(n, size, seg)).isCloseTo(1.0, within(0.05));
  }
}
