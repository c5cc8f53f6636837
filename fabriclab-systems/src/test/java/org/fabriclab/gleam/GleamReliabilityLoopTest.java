package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/**
 * Alg. 1-4 composed in a closed loop without the engine: envelope registration builds the tables
 * on a k=4 fat-tree, an unmodified go-back-N RC sender multicasts through {@link
 * OneToManyForwarding}, RC receivers ACK / NACK, every switch aggregates with {@link
 * AckAggregation}; data copies and feedback are lost at random on every link. The
 * reliability claim of §3 (Alg. 2, 3): every receiver gets every packet exactly once and in order, the source sends each packet
 * once plus retransmissions, and no ACK the source sees covers a packet some receiver lacks.
 */
class GleamReliabilityLoopTest {
  static final int N = 2000;
  static final int WINDOW = 64;
  static final int RTO = 200;

  record Ev(long t, long seq, int node, int port, boolean data, boolean nack, int psn, int dstIp, int dstQpn) {}

  final FatTree ft = new FatTree(4);
  final Topology topo = ft.build();
  final PriorityQueue<Ev> q = new PriorityQueue<>((a, b) -> a.t != b.t ? Long.compare(a.t, b.t) : Long.compare(a.seq, b.seq));
  long seq;
  long now;
  SplittableRandom rnd;
  double loss;

  void send(int node, int port, boolean data, boolean nack, int psn, int dstIp, int dstQpn) {
    if (rnd.nextDouble() < loss) {
      return;
    }
    int link = topo.link(node, port);
    q.add(new Ev(now + 1, seq++, topo.target(link), topo.port(topo.reverse(link)), data, nack, psn, dstIp, dstQpn));
  }

  @Test
  void everyReceiverGetsEveryPacketExactlyOnceUnderLoss() {
    for (double p : new double[] {0, 1e-3, 2e-2}) {
      run(p);
    }
  }

  void run(double p) {
    loss = p;
    rnd = new RandomStreams(7).stream("gleam-loop", (long) (p * 1e6));
    q.clear();
    now = 0;
    int source = ft.server(0, 0, 0);
    int[] recv = {ft.server(0, 0, 1), ft.server(0, 1, 0), ft.server(1, 0, 1), ft.server(2, 1, 1), ft.server(3, 0, 0)};
    List<GroupMember> members = new ArrayList<>();
    members.add(new GroupMember(source, 0x100));
    for (int i = 0; i < recv.length; i++) {
      members.add(new GroupMember(recv[i], 0x200 + i));
    }
    int group = GleamAddresses.groupIp(0);
    EnvelopeRegistration reg = new EnvelopeRegistration(topo, 4, 0);
    Registration r = reg.register(group, source, members, 0);
    Map<Integer, OneToManyForwarding> fwd = new HashMap<>();
    Map<Integer, AckAggregation> agg = new HashMap<>();
    for (int sw : r.treeSwitches()) {
      long[] macs = new long[topo.degree(sw)];
      for (int k = 0; k < macs.length; k++) {
        macs[k] = GleamAddresses.hostMac(topo.neighbor(sw, k));
      }
      fwd.put(sw, new OneToManyForwarding(reg.table(sw), macs));
      agg.put(sw, new AckAggregation(reg.table(sw)));
    }
    Map<Integer, Integer> recvIndex = new HashMap<>();
    for (int i = 0; i < recv.length; i++) {
      recvIndex.put(recv[i], i);
    }
    int[] expected = new int[recv.length];
    boolean[] nackSent = new boolean[recv.length];
    long[] delivered = new long[recv.length];
    // sender state
    int una = 0;
    int next = 0;
    long lastProgress = 0;
    long transmissions = 0;
    long events = 0;
    while (una < N) {
      while (next < N && next < una + WINDOW) {
        transmissions++;
        send(source, 0, true, false, next++, group, 0x1);
      }
      if (q.isEmpty() || q.peek().t > lastProgress + RTO) {
        now = Math.max(now, lastProgress + RTO);
        next = una; // retransmission timeout: go back to the first unacknowledged packet
        lastProgress = now;
        continue;
      }
      Ev e = q.poll();
      now = e.t;
      assertThat(++events).isLessThan(50_000_000L);
      final int node = e.node;
      if (!topo.isServer(node)) {
        int g = reg.table(node).slot(group);
        if (e.data) {
          fwd.get(node).forward(group, e.port, new CopySink() {
            @Override
            public void forwarded(int outPort) {
              send(node, outPort, true, false, e.psn, e.dstIp, e.dstQpn);
            }

            @Override
            public void connected(int outPort, int dstIp, int dstQpn, int srcIp, long dstMac, long va, int rkey) {
              assertThat(dstMac).isEqualTo(GleamAddresses.hostMac(topo.neighbor(node, outPort)));
              assertThat(srcIp).isEqualTo(group);
              send(node, outPort, true, false, e.psn, dstIp, dstQpn);
            }
          });
        } else {
          FeedbackSink up = new FeedbackSink() {
            @Override
            public void ack(int gr, int outPort, int psn) {
              send(node, outPort, false, false, psn, 0, 0);
            }

            @Override
            public void nack(int gr, int outPort, int ePsn) {
              send(node, outPort, false, true, ePsn, 0, 0);
            }
          };
          if (e.nack) {
            agg.get(node).onNack(g, e.port, e.psn, up);
          } else {
            agg.get(node).onAck(g, e.port, e.psn, up);
          }
        }
      } else if (node == source) {
        assertThat(e.data).as("no data copy comes back to the source").isFalse();
        int minExpected = Integer.MAX_VALUE;
        for (int x : expected) {
          minExpected = Math.min(minExpected, x);
        }
        int acked = e.nack ? e.psn - 1 : e.psn;
        assertThat(acked).as("the source is never told a packet arrived before every receiver has it")
            .isLessThan(minExpected);
        if (acked + 1 > una) {
          una = acked + 1;
          lastProgress = now;
        }
        if (e.nack && e.psn >= una) {
          next = e.psn; // go-back-N
        }
      } else {
        int i = recvIndex.get(node);
        assertThat(e.dstIp).isEqualTo(GleamAddresses.hostIp(node));
        assertThat(e.dstQpn).isEqualTo(0x200 + i);
        if (e.psn == expected[i]) {
          expected[i]++;
          delivered[i]++;
          nackSent[i] = false;
          send(node, 0, false, false, expected[i] - 1, 0, 0);
        } else if (e.psn < expected[i]) {
          send(node, 0, false, false, expected[i] - 1, 0, 0); // duplicate: re-ACK
        } else if (!nackSent[i]) {
          nackSent[i] = true;
          send(node, 0, false, true, expected[i], 0, 0);
        }
      }
    }
    for (int i = 0; i < recv.length; i++) {
      assertThat(delivered[i]).as("receiver %d at loss %s", i, p).isEqualTo(N);
      assertThat(expected[i]).isEqualTo(N);
    }
    if (p == 0) {
      // no loss: the feedback stream must never make the source resend (no spurious NACK/timeout)
      assertThat(transmissions).isEqualTo(N);
    }
    if (p >= 1e-2) {
      assertThat(transmissions).as("losses cost retransmissions").isGreaterThan(N);
    }
  }
}
