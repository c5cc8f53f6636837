package org.fabriclab.sim.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.lang.management.ManagementFactory;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.collective.host.Ring;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/**
 * A segmented 16-rank ring allreduce at packet level: while thousands of transfers are launched by
 * their dependencies (a segment each), nothing is allocated per transfer or packet — the JVM's
 * per-thread allocation counter across the middle of the run — and the run then completes with
 * every rank sending its 2(n − 1)/n share.
 */
class RingSteadyStateTest {
  @Test
  void launchingSegmentsAllocatesNothing() {
    java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    assumeThat(mx).isInstanceOf(com.sun.management.ThreadMXBean.class);
    com.sun.management.ThreadMXBean sun = (com.sun.management.ThreadMXBean) mx;
    assumeThat(sun.isThreadAllocatedMemorySupported()).isTrue();
    sun.setThreadAllocatedMemoryEnabled(true);
    Topology ft = new FatTree(4).build();
    int n = 16;
    long size = 16L << 20;
    long seg = 16 << 10;
    int[] hosts = Placement.CONTIGUOUS.hosts(ft, n, 1);
    CollectiveSchedule s = new Ring().build(CollectiveSpec.of(CollectiveOp.ALLREDUCE, n, size).withSegmentBytes(seg));
    // 2(n - 1) steps, n ranks, (S / n) / seg segments per block
    assertThat(s.messages()).isEqualTo(2 * (n - 1) * n * (int) (size / n / seg));
    PacketCollective pc = new PacketCollective(ft, new EcmpTable(ft), s, hosts, TransportSpec.preset("rocev2", false),
        CollectiveRun.defaults(ft, "packet", Placement.CONTIGUOUS, 1).network(), Progress.NONE);
    long ms = 1_000_000_000L;
    pc.run(2 * ms, Long.MAX_VALUE, 0, hosts); // warm up
    var sim = pc.simulation().simulator();
    long tid = Thread.currentThread().getId();
    long launched0 = pc.simulation().records().completed();
    long before = sun.getThreadAllocatedBytes(tid);
    sim.run(10 * ms, Long.MAX_VALUE);
    long allocated = sun.getThreadAllocatedBytes(tid) - before;
    long completedInWindow = pc.simulation().records().completed() - launched0;
    assertThat(completedInWindow).isGreaterThan(1000);
    assertThat(allocated).isLessThan(64 * 1024);
    CollectiveResult r = pc.resume(Long.MAX_VALUE, Long.MAX_VALUE, 0, hosts);
    assertThat(r.jctPs()).isGreaterThan(10 * ms);
    assertThat(r.wireBytes()).isEqualTo(sumPathBytes(ft, s, hosts));
  }

  /** Payload bytes times hop count of every transfer, from the fat-tree's structure. */
  private static long sumPathBytes(Topology ft, CollectiveSchedule s, int[] hosts) {
    long total = 0;
    for (int v = 0; v < s.size(); v++) {
      if (s.kind(v) == CollectiveSchedule.Kind.TRANSFER) {
        int a = hosts[s.rank(v)];
        int b = hosts[s.receiver(v)];
        // fat-tree k=4: 2 hosts per edge switch, 4 per pod
        int hops = a / 2 == b / 2 ? 2 : a / 4 == b / 4 ? 4 : 6;
        total += s.bytes(v) * hops;
      }
    }
    return total;
  }
}
