package org.fabriclab.sim.element;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/**
 * Switch elements that replicate along multicast trees, absorb and generate packets: accounting
 * stays conserved, and the delivered counts match what the trees imply (a tree whose leaves are
 * its R receivers makes R − 1 copies per packet).
 */
class ReplicatingElementTest {
  static final Topology FT4 = new FatTree(4).build();
  static final NetworkConfig PLAIN =
      new NetworkConfig(150_000, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, 1);

  /** Per group, per node: the child links of a BFS tree from the source to the receivers. */
  static final class TreeElement implements SwitchElement {
    final List<int[][]> children = new ArrayList<>();
    final List<boolean[]> receiver = new ArrayList<>();
    int copiesWithoutInLink;

    int addTree(int srcNode, int[] receivers) {
      int n = FT4.nodeCount();
      int[] parentLink = new int[n];
      Arrays.fill(parentLink, -2);
      parentLink[srcNode] = -1;
      int[] queue = new int[n];
      int head = 0;
      int tail = 0;
      queue[tail++] = srcNode;
      while (head < tail) {
        int u = queue[head++];
        for (int e = FT4.firstLink(u); e < FT4.firstLink(u + 1); e++) {
          int v = FT4.target(e);
          // hosts do not relay
          if (parentLink[v] == -2 && (!FT4.isServer(u) || u == srcNode)) {
            parentLink[v] = e;
            queue[tail++] = v;
          }
        }
      }
      List<List<Integer>> kids = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        kids.add(new ArrayList<>());
      }
      boolean[] onTree = new boolean[n];
      boolean[] isReceiver = new boolean[n];
      for (int r : receivers) {
        isReceiver[r] = true;
        for (int v = r; v != srcNode && !onTree[v]; v = FT4.source(parentLink[v])) {
          onTree[v] = true;
          kids.get(FT4.source(parentLink[v])).add(parentLink[v]);
        }
      }
      int[][] c = new int[n][];
      for (int i = 0; i < n; i++) {
        c[i] = kids.get(i).stream().mapToInt(Integer::intValue).toArray();
      }
      children.add(c);
      receiver.add(isReceiver);
      return children.size();
    }

    @Override
    public void receive(Network net, int p, int node, int inLink) {
      Packets pk = net.packets();
      int g = pk.group(p);
      if (g == 0) {
        net.routeDefault(p, node);
        return;
      }
      if (receiver.get(g - 1)[node]) {
        net.deliverLocal(p, node);
        return;
      }
      int[] out = children.get(g - 1)[node];
      for (int i = 1; i < out.length; i++) {
        int c = net.copy(p);
        if (pk.inLink(c) != inLink) {
          copiesWithoutInLink++;
        }
        net.forward(c, out[i]);
      }
      net.forward(p, out[0]);
    }
  }

  @Test
  void theProbeOnePacketTwoReceiversBalances() {
    Simulator sim = new Simulator();
    Packets pk = new Packets(16);
    Network net = new Network(sim, FT4, new EcmpTable(FT4), pk, PLAIN);
    TreeElement tree = new TreeElement();
    for (int u = 0; u < FT4.nodeCount(); u++) {
      net.setElement(u, tree);
    }
    int g = tree.addTree(FT4.server(15), new int[] {FT4.server(0), FT4.server(1)});
    long[] got = new long[FT4.nodeCount()];
    net.setSink((p, node) -> {
      got[node] += pk.size(p);
      pk.free(p);
    });
    int p = pk.allocate(0, 0, 0, 1500, FT4.server(15), FT4.server(0), 0);
    pk.setGroup(p, g);
    net.send(p);
    sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
    var a = net.accounting();
    assertThat(a.injectedBytes()).isEqualTo(1500);
    assertThat(a.copiedBytes()).isEqualTo(1500);
    assertThat(a.deliveredBytes()).isEqualTo(3000);
    assertThat(got[FT4.server(0)]).isEqualTo(1500);
    assertThat(got[FT4.server(1)]).isEqualTo(1500);
    assertThat(a.inFlightBytes()).isZero();
    assertThat(a.balanced()).isTrue();
    assertThat(tree.copiesWithoutInLink).isZero();
  }

  @Test
  void randomTreesWithAbsorbAndGenerateStayConserved() {
    SplittableRandom rnd = new SplittableRandom(7);
    int clean = 0;
    for (int trial = 0; trial < 20; trial++) {
      Simulator sim = new Simulator();
      Packets pk = new Packets(16);
      // small buffers so that some copies are dropped
      boolean lossy = trial % 2 == 1;
      NetworkConfig cfg = new NetworkConfig(lossy ? 4_500 : 150_000, Long.MAX_VALUE,
          NetworkConfig.Routing.ECMP_PER_FLOW, trial);
      Network net = new Network(sim, FT4, new EcmpTable(FT4), pk, cfg);
      TreeElement tree = new TreeElement();
      int hosts = FT4.serverCount();
      int groups = 1 + rnd.nextInt(4);
      int[] src = new int[groups];
      int[] receivers = new int[groups];
      for (int g = 0; g < groups; g++) {
        int s = rnd.nextInt(hosts);
        int r = 1 + rnd.nextInt(hosts - 1);
        int[] perm = new int[hosts - 1];
        for (int i = 0, j = 0; i < hosts; i++) {
          if (i != s) {
            perm[j++] = FT4.server(i);
          }
        }
        for (int i = 0; i < r; i++) {
          int j = i + rnd.nextInt(perm.length - i);
          int x = perm[i];
          perm[i] = perm[j];
          perm[j] = x;
        }
        src[g] = FT4.server(s);
        receivers[g] = r;
        tree.addTree(src[g], Arrays.copyOf(perm, r));
      }
      // the first edge switch absorbs every group packet it sees and answers with a 64 B packet
      int filter = lossy ? FT4.target(FT4.firstLink(FT4.server(0))) : -1;
      long[] absorbedHere = new long[1];
      for (int u = 0; u < FT4.nodeCount(); u++) {
        int node = u;
        net.setElement(u, node != filter ? tree : (n, p, at, in) -> {
          if (pk.group(p) == 0) {
            n.routeDefault(p, at);
            return;
          }
          absorbedHere[0]++;
          int back = n.generate(99, 1, 0, 64, at, pk.src(p));
          n.absorb(p);
          n.routeDefault(back, at);
        });
      }
      net.setSink((p, node) -> pk.free(p));
      long[] perGroup = new long[groups];
      int inject = sim.register((g, seq) -> {
        perGroup[g]++;
        int p = pk.allocate(g, 0, seq, 200 + rnd.nextInt(1300), src[g], src[g], 0);
        pk.setGroup(p, g + 1);
        net.send(p);
      });
      int packets = 50 + rnd.nextInt(50);
      for (int i = 0; i < packets; i++) {
        sim.schedule(rnd.nextLong(Time.us(20)), inject, rnd.nextInt(groups), i);
      }
      var a = net.accounting();
      for (long cut : new long[] {Time.us(5), Time.us(12), Long.MAX_VALUE}) {
        sim.run(cut, Long.MAX_VALUE);
        assertThat(a.injectedBytes() + a.copiedBytes() + a.generatedBytes())
            .isEqualTo(a.deliveredBytes() + a.absorbedBytes() + a.droppedBytes() + pk.liveBytes());
        assertThat(a.injectedPackets() + a.copiedPackets() + a.generatedPackets())
            .isEqualTo(a.deliveredPackets() + a.absorbedPackets() + a.droppedPackets() + pk.live());
      }
      assertThat(pk.live()).isZero();
      assertThat(a.injectedPackets()).isEqualTo(packets);
      assertThat(a.absorbedPackets()).isEqualTo(absorbedHere[0]);
      assertThat(a.generatedPackets()).isEqualTo(absorbedHere[0]);
      if (lossy) {
        assertThat(a.droppedPackets() + a.absorbedPackets()).isPositive();
      } else {
        // no loss, no filter on the way: every packet reached all its receivers
        // each packet of group g gives receivers[g] deliveries and receivers[g] - 1 copies
        long expectDelivered = 0;
        long expectCopies = 0;
        for (int g = 0; g < groups; g++) {
          expectDelivered += perGroup[g] * receivers[g];
          expectCopies += perGroup[g] * (receivers[g] - 1);
        }
        assertThat(a.deliveredPackets()).isEqualTo(expectDelivered);
        assertThat(a.copiedPackets()).isEqualTo(expectCopies);
        clean++;
      }
    }
    assertThat(clean).as("trials without loss or filter").isPositive();
  }
}
