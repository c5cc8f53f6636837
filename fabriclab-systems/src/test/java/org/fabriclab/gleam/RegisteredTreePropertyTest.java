package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/**
 * Alg. 4 then Alg. 1 on random groups of a k=8 fat-tree: a data packet flooded through the built
 * tables from any member (the master, or another member after a source switch, Appendix B) reaches
 * every other member exactly once, reaches no other host, and never crosses a link twice.
 */
class RegisteredTreePropertyTest {
  @Test
  void everyMemberGetsExactlyOneCopyFromAnySource() {
    FatTree ft = new FatTree(8);
    Topology t = ft.build();
    EnvelopeRegistration reg = new EnvelopeRegistration(t, 64, 0);
    RandomStreams streams = new RandomStreams(5);
    for (int gi = 0; gi < 40; gi++) {
      SplittableRandom rnd = streams.stream("gleam-groups", gi);
      int size = 2 + rnd.nextInt(30);
      List<GroupMember> members = new ArrayList<>();
      java.util.Set<Integer> used = new java.util.HashSet<>();
      while (members.size() < size) {
        int h = rnd.nextInt(t.serverCount());
        if (used.add(h)) {
          members.add(new GroupMember(h, 1000 + h));
        }
      }
      int group = GleamAddresses.groupIp(gi);
      reg.register(group, members.get(0).host(), members, 0);
      for (int s = 0; s < Math.min(3, size); s++) {
        int source = members.get(s).host();
        int[] copies = new int[t.nodeCount()];
        boolean[] linkUsed = new boolean[t.linkCount()];
        ArrayDeque<int[]> q = new ArrayDeque<>();
        q.add(new int[] {t.target(t.link(source, 0)), t.port(t.reverse(t.link(source, 0)))});
        linkUsed[t.link(source, 0)] = true;
        while (!q.isEmpty()) {
          int[] at = q.poll();
          int node = at[0];
          if (t.isServer(node)) {
            copies[node]++;
            continue;
          }
          MulticastForwardingTable table = reg.table(node);
          assertThat(table).as("switch %d on the tree", node).isNotNull();
          List<Integer> outs = new ArrayList<>();
          int n = new OneToManyForwarding(table, new long[t.degree(node)]).forward(group, at[1], new CopySink() {
            @Override
            public void forwarded(int outPort) {
              outs.add(outPort);
            }

            @Override
            public void connected(int outPort, int dstIp, int dstQpn, int srcIp, long mac, long va, int rkey) {
              assertThat(dstIp).isEqualTo(GleamAddresses.hostIp(t.neighbor(node, outPort)));
              assertThat(dstQpn).isEqualTo(1000 + t.neighbor(node, outPort));
              outs.add(outPort);
            }
          });
          assertThat(n).isEqualTo(outs.size());
          for (int p : outs) {
            int link = t.link(node, p);
            assertThat(linkUsed[link]).as("link crossed twice").isFalse();
            linkUsed[link] = true;
            q.add(new int[] {t.target(link), t.port(t.reverse(link))});
          }
        }
        for (int h = 0; h < t.serverCount(); h++) {
          int expected = used.contains(h) && h != source ? 1 : 0;
          assertThat(copies[h]).as("group %d source %d host %d", gi, source, h).isEqualTo(expected);
        }
      }
    }
  }
}
