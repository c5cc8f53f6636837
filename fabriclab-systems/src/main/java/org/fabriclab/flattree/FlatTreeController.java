package org.fabriclab.flattree;

import java.util.Arrays;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.flattree.ConverterSwitch.Configuration;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;

/**
 * The centralized Flat-tree controller (seed 001_5e703544cea19579.txt, §2.6): it converts the
 * network between modes by configuring converter switches, Pod by Pod (hybrid zones, §3.4), and
 * yields the logical topology and its routing. It starts in Clos mode.
 *
 * <p>Configuration rules (§2.1, §2.5): Clos Pod — every converter "default"; local Pod — 4-port
 * "local", 6-port "default"; global Pod — 4-port "local", 6-port "side" in even rows and "cross" in
 * odd rows when its side peer is also in a global Pod. Decision: a 6-port converter of a global
 * Pod without such a peer (middle column of an odd d, neighbouring Pod in another zone) takes
 * "local", relocating its server to the aggregation switch as a 4-port one would, since a side
 * configuration would leave its edge and aggregation switches with dangling links.
 *
 * <p>The logical topology is found by following every external port of every converter through
 * the configured pairings (and side cables) to the other end: O(servers + cables). Node ids and
 * labels ({@code tier} 0 server/1 edge/2 aggregation/3 core, {@code pod}, {@code index}) follow
 * {@link ClosLayout}, the same as the {@code fattree} family for fat-tree(k).
 */
public final class FlatTreeController {
  private final FlatTree tree;
  private final Configuration[] config;
  private final FlatTreeMode[] podMode;

  public FlatTreeController(FlatTree tree) {
    this.tree = tree;
    this.config = new Configuration[tree.converterCount()];
    this.podMode = new FlatTreeMode[tree.layout().pods()];
    convert(FlatTreeMode.CLOS);
  }

  public FlatTree tree() {
    return tree;
  }

  /** Converts every Pod to {@code mode}. */
  public FlatTreeController convert(FlatTreeMode mode) {
    FlatTreeMode[] all = new FlatTreeMode[podMode.length];
    Arrays.fill(all, mode);
    return convert(all);
  }

  /**
   * Converts Pod {@code p} to {@code modes[p]} (hybrid zones).
   *
   * @throws InvalidParameterException unless there is exactly one mode per Pod
   */
  public FlatTreeController convert(FlatTreeMode[] modes) {
    if (modes.length != podMode.length) {
      throw new InvalidParameterException(
          "flattree --zones", "zones must give one mode to each of the " + podMode.length + " Pods, got " + modes.length);
    }
    for (FlatTreeMode mo : modes) {
      if (mo == null) {
        throw new InvalidParameterException("flattree --zones", "every Pod needs a mode");
      }
    }
    System.arraycopy(modes, 0, podMode, 0, modes.length);
    for (int c = 0; c < config.length; c++) {
      config[c] = rule(c);
    }
    return this;
  }

  private Configuration rule(int c) {
    FlatTreeMode mode = podMode[tree.pod(c)];
    boolean six = tree.kind(c) == ConverterSwitch.Kind.SIX_PORT;
    if (mode == FlatTreeMode.CLOS || (mode == FlatTreeMode.LOCAL && six)) {
      return Configuration.DEFAULT;
    }
    if (mode == FlatTreeMode.LOCAL || !six) {
      return Configuration.LOCAL;
    }
    int p = tree.peer(c);
    if (p < 0 || podMode[tree.pod(p)] != FlatTreeMode.GLOBAL) {
      return Configuration.LOCAL;
    }
    return tree.row(c) % 2 == 0 ? Configuration.SIDE : Configuration.CROSS;
  }

  public Configuration configuration(int converter) {
    return config[converter];
  }

  public FlatTreeMode mode(int pod) {
    return podMode[pod];
  }

  /** True when every Pod is in {@code mode}. */
  public boolean isUniform(FlatTreeMode mode) {
    return Arrays.stream(podMode).allMatch(x -> x == mode);
  }

  /** The logical topology and its routing scheme. */
  public LogicalNetwork network() {
    return new LogicalNetwork(
        logicalTopology(),
        isUniform(FlatTreeMode.CLOS) ? LogicalNetwork.Scheme.ECMP : LogicalNetwork.Scheme.K_SHORTEST_PATHS);
  }

  /** The logical topology with the default parameter description. */
  public Topology logicalTopology() {
    return logicalTopology(new TopologyBuilder("flattree", describe()));
  }

  /** Short description: layout, m, n, pattern and modes per Pod. */
  public String describe() {
    StringBuilder b = new StringBuilder();
    b.append("m=").append(tree.m()).append(", n=").append(tree.n());
    b.append(", pattern=").append(tree.wiring().number()).append(", modes=");
    for (int p = 0; p < podMode.length; p++) {
      b.append(p == 0 ? "" : "/").append(podMode[p].id());
    }
    return b.toString();
  }

  /**
   * Adds the logical topology to an empty builder (its link defaults apply) and builds it.
   *
   * @throws IllegalStateException when the builder already holds nodes
   */
  public Topology logicalTopology(TopologyBuilder b) {
    if (b.nodeCount() != 0) {
      throw new IllegalStateException("builder must be empty");
    }
    ClosLayout l = tree.layout();
    int d = l.edgesPerPod();
    b.labelFields("tier", "pod", "index");
    for (int h = 0; h < l.serverCount(); h++) {
      b.addNode(NodeRole.SERVER, 0, h / l.serversPerPod(), h % l.serversPerPod());
    }
    for (int e = 0; e < l.edgeCount(); e++) {
      b.addNode(NodeRole.PACKET_SWITCH, 1, e / d, e % d);
    }
    int ap = l.aggregationsPerPod();
    for (int a = 0; a < l.aggregationCount(); a++) {
      b.addNode(NodeRole.PACKET_SWITCH, 2, a / ap, a % ap);
    }
    for (int c = 0; c < l.coreCount(); c++) {
      b.addNode(NodeRole.PACKET_SWITCH, 3, -1, c);
    }
    int used = tree.m() + tree.n();
    for (int p = 0; p < l.pods(); p++) {
      for (int e = 0; e < d; e++) {
        for (int s = used; s < l.serversPerEdge(); s++) {
          b.addCable(l.server(p, e, s), l.edge(p, e));
        }
        for (int a = 0; a < ap; a++) {
          b.addCable(l.edge(p, e), l.aggregation(p, a));
        }
        for (int q = used; q < l.groupSize(); q++) {
          b.addCable(l.aggregation(p, e / l.ratio()), tree.coreOf(p, e, q));
        }
      }
    }
    for (int c = 0; c < config.length; c++) {
      for (int port = ConverterSwitch.SERVER; port <= ConverterSwitch.CORE; port++) {
        int far = farEnd(c, port);
        if (far >= 0) {
          b.addCable(tree.attachment(c, port), far);
        }
      }
    }
    return b.build();
  }

  /**
   * The node at the other end of the logical cable leaving converter {@code c} by external port
   * {@code port}, or -1 when the port is unused, dangling, or the cable was already emitted from
   * its other end (each cable is reported once: from the smaller (converter, port)).
   */
  private int farEnd(int c, int port) {
    int q = config[c].partner(port);
    if (q == ConverterSwitch.UNUSED) {
      return -1;
    }
    if (q <= ConverterSwitch.CORE) {
      return port < q ? tree.attachment(c, q) : -1;
    }
    int peer = tree.peer(c);
    if (peer < 0) {
      return -1;
    }
    int z = config[peer].partner(tree.peerSidePort(c, q));
    if (z == ConverterSwitch.UNUSED || z > ConverterSwitch.CORE) {
      return -1;
    }
    boolean first = c < peer || (c == peer && port < z);
    return first ? tree.attachment(peer, z) : -1;
  }
}
