package org.fabriclab.topology.tworandom;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.jellyfish.JellyfishWiring;

/**
 * The two-stage random graph of Flat-tree (/work/shared/seeds/001_*.txt §3.1), the baseline for
 * flat-tree's "approximated local random graphs in each Pod": it "first forms random graphs in each
 * Pod with the same number of links as flat-tree, and takes the Pods as super nodes to form another
 * layer of random graph together with core switches", built from the equipment of fat-tree(k).
 *
 * <p>The paper gives no more detail; this class decides:
 *
 * <ul>
 *   <li>Equipment: k Pods of k switches with k ports, (k/2)² core switches with k ports, k³/4
 *       servers — exactly fat-tree(k)'s.
 *   <li>Servers: k²/4 per Pod, spread as evenly as possible over the Pod's switches (the first
 *       {@code (k²/4) mod k} switches of a Pod carry one more). Flat-tree's local mode (§2.1,
 *       Fig. 2d) also puts servers on edge and aggregation switches alike.
 *   <li>Stage 1, inside each Pod: a random (k/2)-regular graph on the Pod's k switches, so the Pod
 *       has k²/4 internal links, as many as a Clos Pod's edge–aggregation links, which flat-tree's
 *       local mode keeps (§2.1: the 4-port "local" configuration keeps them and the 6-port
 *       "default" one adds none). Wired by {@link JellyfishWiring}, endpoints uniform over
 *       switches.
 *   <li>Stage 2, between super nodes: every Pod switch keeps {@code k/2 - servers} ports as
 *       uplinks (k²/4 per Pod, as many as a Clos Pod's), every core switch has k ports. A random
 *       simple graph joins these ports with {@link JellyfishWiring} in port-uniform mode, with the
 *       Pods as groups: no link inside a Pod (a Pod is one super node, so no self-loop), links
 *       Pod–Pod, Pod–core and core–core are all allowed, and no two links join the same pair of
 *       switches. Drawing a random free port is drawing a super node with probability proportional
 *       to its free uplinks and then a random Pod switch with a free port (weighted by its free
 *       ports). Every port of every switch is used.
 * </ul>
 *
 * <p>Stage 2 has two readings ({@link Stage2}). The sentence "takes the Pods as super nodes to form
 * another layer of random graph together with core switches" is read by default ({@link
 * Stage2#ANY}) as a random graph over all super nodes (Pods and cores alike), which allows direct
 * Pod–Pod and core–core links; {@link Stage2#POD_CORE} reads it as a random graph between the two
 * kinds only (a randomly wired Clos core: every Pod uplink goes to a core switch, as in flat-tree's
 * local mode, which has no Pod–Pod link), wired by {@link PodCoreRandomWiring}; every core then has k
 * Pod neighbours. Flat-tree's Fig. 8 is run with both.
 *
 * <p>Node ids: servers first, in the order of the switch they attach to; then the Pod switches,
 * Pod by Pod; then the core switches. Labels {@code tier, pod, index}: server
 * {@code (0, pod, rank in Pod)}, Pod switch {@code (1, pod, 0..k-1)}, core switch
 * {@code (2, ABSENT, 0..k²/4-1)}. Ports of a switch: servers, then Pod neighbours, then stage-2
 * neighbours, each in ascending id order. Randomness: stream {@code "tworandom/pod"} with the Pod
 * index for stage 1, {@code "tworandom/super"} for stage 2. Building costs O(k³) expected.
 */
public final class TwoStageRandomGraph {
  /** The family's name. */
  public static final String NAME = "tworandom";

  /** The two readings of stage 2 (class javadoc). */
  public enum Stage2 {
    /** Random graph over Pods and cores: Pod–Pod, Pod–core and core–core links. */
    ANY,
    /** Bipartite random graph: Pod–core links only. */
    POD_CORE;

    /** {@code any} or {@code pod-core}. */
    public String id() {
      return this == ANY ? "any" : "pod-core";
    }
  }

  private final int k;
  private final Stage2 stage2;

  private TwoStageRandomGraph(int k, Stage2 stage2) {
    this.k = k;
    this.stage2 = stage2;
  }

  /**
   * The two-stage random graph with fat-tree(k)'s equipment, stage 2 {@link Stage2#ANY}.
   *
   * @throws InvalidParameterException unless {@code k} is even and {@code 4 <= k <= 1024}
   */
  public static TwoStageRandomGraph of(int k) {
    return of(k, Stage2.ANY);
  }

  /**
   * The two-stage random graph with fat-tree(k)'s equipment and the given stage-2 reading.
   *
   * @throws InvalidParameterException unless {@code k} is even and {@code 4 <= k <= 1024}
   */
  public static TwoStageRandomGraph of(int k, Stage2 stage2) {
    if (k < 4 || k > 1024 || k % 2 != 0) {
      throw new InvalidParameterException(NAME + " --k", k, "must be even, 4..1024");
    }
    return new TwoStageRandomGraph(k, stage2);
  }

  public Stage2 stage2() {
    return stage2;
  }

  public int k() {
    return k;
  }

  public int podCount() {
    return k;
  }

  /** Pod switches in all: k per Pod. */
  public int podSwitchCount() {
    return k * k;
  }

  public int coreCount() {
    return k * k / 4;
  }

  public long serverCount() {
    return (long) k * k * k / 4;
  }

  /** Servers on the {@code i}-th switch of a Pod. */
  public int serversAt(int i) {
    int perPod = k * k / 4;
    return perPod / k + (i < perPod % k ? 1 : 0);
  }

  /** Links from a Pod switch to other switches of its Pod: k/2. */
  public int podDegree() {
    return k / 2;
  }

  /** Stage-2 ports of the {@code i}-th switch of a Pod. */
  public int uplinksAt(int i) {
    return k - podDegree() - serversAt(i);
  }

  /** Exact counts: k³/4 server links, k³/4 Pod links, k³/4 stage-2 links. */
  public SizeEstimate estimate() {
    long cables = 3 * serverCount();
    return new SizeEstimate(serverCount() + podSwitchCount() + coreCount(), 2 * cables)
        .withRandomWiring();
  }

  /** Builds with a fresh builder and the streams of {@code seed}. */
  public Topology build(long seed) {
    SizeEstimate e = estimate();
    TopologyBuilder b =
        new TopologyBuilder(NAME, "k=" + k + ", stage2=" + stage2.id() + ", seed=" + seed, (int) e.nodes(),
            (int) e.directedLinks());
    return build(b, new RandomStreams(seed));
  }

  /** Adds nodes and links to the empty builder {@code b} and builds it. */
  public Topology build(TopologyBuilder b, RandomStreams streams) {
    if (b.nodeCount() != 0) {
      throw new IllegalArgumentException("builder must be empty");
    }
    int servers = Math.toIntExact(serverCount());
    int firstPodSwitch = servers;
    b.labelFields("tier", "pod", "index");
    for (int p = 0; p < k; p++) {
      int rank = 0;
      for (int i = 0; i < k; i++) {
        for (int j = 0; j < serversAt(i); j++) {
          b.addNode(NodeRole.SERVER, 0, p, rank++);
        }
      }
    }
    for (int p = 0; p < k; p++) {
      for (int i = 0; i < k; i++) {
        b.addNode(NodeRole.PACKET_SWITCH, 1, p, i);
      }
    }
    for (int c = 0; c < coreCount(); c++) {
      b.addNode(NodeRole.PACKET_SWITCH, 2, Labels.ABSENT, c);
    }
    int server = 0;
    for (int s = 0; s < podSwitchCount(); s++) {
      for (int j = 0; j < serversAt(s % k); j++) {
        b.addCable(server++, firstPodSwitch + s);
      }
    }
    int[] podDegrees = new int[k];
    Arrays.fill(podDegrees, podDegree());
    it.unimi.dsi.fastutil.longs.LongArrayList podLinks = new it.unimi.dsi.fastutil.longs.LongArrayList();
    for (int p = 0; p < k; p++) {
      SplittableRandom rnd = streams.stream(NAME + "/pod", p);
      JellyfishWiring w = JellyfishWiring.wire(podDegrees, null, JellyfishWiring.Selection.NODE, rnd);
      requireComplete(w, "Pod " + p);
      for (int e = 0; e < w.linkCount(); e++) {
        b.addCable(firstPodSwitch + p * k + w.from(e), firstPodSwitch + p * k + w.to(e));
        podLinks.add(((long) (p * k + w.from(e)) << 32) | (p * k + w.to(e)));
      }
    }
    if (stage2 == Stage2.POD_CORE) {
      wirePodCore(b, firstPodSwitch, streams);
      return b.build();
    }
    int superNodes = podSwitchCount() + coreCount();
    int[] degree = new int[superNodes];
    int[] group = new int[superNodes];
    for (int s = 0; s < podSwitchCount(); s++) {
      degree[s] = uplinksAt(s % k);
      group[s] = s / k;
    }
    for (int c = 0; c < coreCount(); c++) {
      degree[podSwitchCount() + c] = k;
      group[podSwitchCount() + c] = k + c;
    }
    JellyfishWiring w =
        JellyfishWiring.wire(
            degree, group, JellyfishWiring.Selection.PORT, streams.stream(NAME + "/super"));
    requireComplete(w, "stage 2");
    // stage-2 indices are node ids minus firstPodSwitch: Pod switches then cores. Pods are
    // connected inside (a (k/2)-regular graph on k nodes cannot split: each part would need
    // k/2+1 nodes), so swapping stage-2 links only can connect the whole network.
    long[] stage2 =
        w.connected(superNodes, podLinks.toLongArray(), streams.stream(NAME + "/connect"));
    for (long link : stage2) {
      b.addCable(firstPodSwitch + (int) (link >>> 32), firstPodSwitch + (int) link);
    }
    return b.build();
  }

  /** Stage 2 as a bipartite Pod–core random graph ({@link PodCoreRandomWiring}). */
  private void wirePodCore(TopologyBuilder b, int firstPodSwitch, RandomStreams streams) {
    int ports = 0;
    for (int s = 0; s < podSwitchCount(); s++) {
      ports += uplinksAt(s % k);
    }
    int[] podPort = new int[ports];
    int[] corePort = new int[ports];
    int x = 0;
    for (int s = 0; s < podSwitchCount(); s++) {
      for (int u = 0; u < uplinksAt(s % k); u++) {
        podPort[x++] = s;
      }
    }
    for (int c = 0; c < ports; c++) {
      corePort[c] = podSwitchCount() + c / k;
    }
    PodCoreRandomWiring.wire(podPort, corePort, streams.stream(NAME + "/podcore"));
    for (int i = 0; i < ports; i++) {
      b.addCable(firstPodSwitch + podPort[i], firstPodSwitch + corePort[i]);
    }
  }

  private void requireComplete(JellyfishWiring w, String where) {
    if (w.unusedPorts() != 0) {
      throw new IllegalStateException(
          NAME + "(k=" + k + "): " + where + " wiring left " + w.unusedPorts() + " ports free");
    }
  }

  @Override
  public String toString() {
    return NAME + "(k=" + k + ", stage2=" + stage2.id() + ")";
  }
}
