package org.fabriclab.sim.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.lang.management.ManagementFactory;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.net.Accounting;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/**
 * A 1→127 IP multicast broadcast of 64 MiB on a fat-tree k=8 at packet level: the steady state
 * allocates nothing per packet (the JVM's per-thread allocation counter across the middle of the
 * run, millions of packet copies and hops), and every host receives the message.
 */
class MulticastSteadyStateTest {
  @Test
  void aLargeBroadcastAllocatesNothingPerPacket() {
    java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    assumeThat(mx).isInstanceOf(com.sun.management.ThreadMXBean.class);
    com.sun.management.ThreadMXBean sun = (com.sun.management.ThreadMXBean) mx;
    assumeThat(sun.isThreadAllocatedMemorySupported()).isTrue();
    sun.setThreadAllocatedMemoryEnabled(true);
    Topology ft = new FatTree(8).build();
    int n = 128;
    long size = 64L << 20;
    long packets = size / 1024;
    int[] hosts = Placement.CONTIGUOUS.hosts(ft, n, 1);
    CollectiveSchedule s = new IpMulticast().build(CollectiveSpec.of(CollectiveOp.BROADCAST, n, size));
    PacketCollective pc = new PacketCollective(ft, new EcmpTable(ft), s, hosts, TransportSpec.preset("rocev2", false),
        CollectiveRun.defaults(ft, "packet", Placement.CONTIGUOUS, 1).network(), Progress.NONE);
    // the message takes its wire bytes at 10 Gb/s (~58 ms): warm up to 10 ms, measure to 40 ms
    long ms = 1_000_000_000L;
    pc.run(10 * ms, Long.MAX_VALUE, 0, hosts);
    var sim = pc.simulation().simulator();
    long tid = Thread.currentThread().getId();
    long hops0 = pc.simulation().network().packetHops();
    long before = sun.getThreadAllocatedBytes(tid);
    sim.run(40 * ms, Long.MAX_VALUE);
    long allocated = sun.getThreadAllocatedBytes(tid) - before;
    long hops = pc.simulation().network().packetHops() - hops0;
    CollectiveResult r = pc.resume(Long.MAX_VALUE, Long.MAX_VALUE, 0, hosts);
    assertThat(hops).isGreaterThan(1_000_000);
    assertThat(allocated).isLessThan(64 * 1024);
    assertThat(r.jctPs()).isPositive();
    assertThat(r.rootUplinkBytes()).isEqualTo(size + packets * 64);
    // the tree, by hand: host 0's uplink, 3 hosts of its edge switch, edge -> agg, agg -> the 3
    // other edges of pod 0 and their 12 hosts, agg -> core, core -> 7 pods' aggs -> 28 edges -> 112
    // hosts: 168 links, each packet once on each
    assertThat(r.linksUsed()).isEqualTo(168);
    assertThat(pc.simulation().network().packetHops()).isEqualTo(168 * packets);
    Accounting a = pc.simulation().network().accounting();
    assertThat(a.deliveredPackets()).isEqualTo((n - 1) * packets);
    assertThat(a.balanced()).isTrue();
  }
}
