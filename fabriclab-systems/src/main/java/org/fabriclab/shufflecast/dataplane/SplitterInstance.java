package org.fabriclab.shufflecast.dataplane;

import java.util.Arrays;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.shufflecast.ShufflecastTopology;

/**
 * The p,k-Shufflecast instance a {@link Topology} is (seed 000_9b2589b0d55d7b52.txt §III-A1), as
 * the data plane of {@link SplitterScheme} needs it: the full instance ({@code T = N = k·p^k}
 * physical ToRs, one splitter each) with the same number of servers on every ToR, laid out as
 * {@link ShufflecastTopology#build} lays it out. Recovered from the roles alone (servers, ToRs,
 * splitters; p is a splitter's fan-out, k solves {@code N = k·p^k}) and then checked link by link
 * against a freshly built instance, so any other fabric — or a Shufflecast wired with fewer
 * physical ToRs — is named as such. O(nodes + links).
 *
 * @param shufflecast the instance
 * @param serversPerTor servers under each ToR
 */
public record SplitterInstance(ShufflecastTopology shufflecast, int serversPerTor) {
  /** The instance {@code topo} is, or {@code null} with {@link #why} saying why not. */
  public static SplitterInstance of(Topology topo) {
    return recover(topo, null);
  }

  /** Why {@code topo} is not a full Shufflecast instance, as one sentence, or {@code null}. */
  public static String why(Topology topo) {
    String[] reason = new String[1];
    return recover(topo, reason) != null ? null : reason[0];
  }

  private static SplitterInstance recover(Topology topo, String[] reason) {
    String not = "it carries each multicast through the optical splitters and relay ToRs of a"
        + " p,k-Shufflecast fabric (a shufflecast topology)";
    if (!topo.family().equals("shufflecast")) {
      return fail(reason, not);
    }
    int servers = 0;
    int tors = 0;
    int splitters = 0;
    for (int u = 0; u < topo.nodeCount(); u++) {
      NodeRole r = topo.role(u);
      servers += r == NodeRole.SERVER ? 1 : 0;
      tors += r == NodeRole.PACKET_SWITCH ? 1 : 0;
      splitters += r == NodeRole.OPTICAL_SPLITTER ? 1 : 0;
    }
    if (splitters == 0 || tors == 0) {
      return fail(reason, not);
    }
    if (tors != splitters) {
      return fail(reason, "its ToRs relay by static rules of one logical ToR each (Algorithm 1), so it needs one"
          + " physical ToR per logical ToR (the full k·p^k instance), not " + tors + " ToRs for " + splitters);
    }
    if (servers % tors != 0) {
      return fail(reason, "it needs the same number of servers under every ToR");
    }
    int p = topo.degree(servers + tors);
    int k = 1;
    while (k <= 16 && ShufflecastTopology.tors(p, k) < splitters) {
      k++;
    }
    if (p < 2 || k > 16 || ShufflecastTopology.tors(p, k) != splitters) {
      return fail(reason, not);
    }
    ShufflecastTopology t = new ShufflecastTopology(p, k);
    Topology ref = t.build(servers / tors);
    if (ref.nodeCount() != topo.nodeCount() || !Arrays.equals(ref.csrOffsets(), topo.csrOffsets())
        || !Arrays.equals(ref.csrTargets(), topo.csrTargets())) {
      return fail(reason, not);
    }
    return new SplitterInstance(t, servers / tors);
  }

  private static SplitterInstance fail(String[] reason, String why) {
    if (reason != null) {
      reason[0] = why;
    }
    return null;
  }
}
