package org.fabriclab.topology.jellyfish;

import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.SizeEstimate;

/**
 * Jellyfish (Singla et al., "Jellyfish: Networking Data Centers Randomly", NSDI 2012, §3): a
 * random regular graph among top-of-rack switches, each switch giving its remaining ports to
 * servers. The Flat-tree seed (/work/shared/seeds/001_*.txt §1, §3.1) compares against exactly
 * this "random graph" built from the equipment of a fat-tree, which {@link #ofFatTree(int)} makes.
 *
 * <p>Equipment: {@code switches} switches of {@code ports} ports; switch {@code i} has
 * {@code serversAt(i)} servers and network degree {@code ports - serversAt(i)}. Servers per switch
 * are either uniform or spread as evenly as possible: the first {@code total mod switches}
 * switches carry one server more. The network links are wired by {@link JellyfishWiring} (the
 * paper's incremental procedure, endpoints drawn uniformly among switches with free ports): every
 * network port is used when the degree sum is even; when it is odd exactly one port of one switch
 * stays free (the paper leaves such ports for later expansion).
 *
 * <p>Node ids: servers first, in the order of the switch they attach to ({@code switch 0}'s
 * servers, then {@code switch 1}'s…), then the switches. Labels {@code tier, switch, index}:
 * a server is {@code (0, its switch, its rank at that switch)}, a switch is
 * {@code (1, its index, ABSENT)}. Ports of a switch: its servers first, then its network links to
 * switches in ascending id order. Building costs O(n + m) expected (see {@link JellyfishWiring}).
 *
 * <p>Connectivity: after wiring, {@link ConnectingSwaps} joins components by degree-preserving
 * double-edge swaps (Jellyfish itself does not guarantee a connected graph), so every instance
 * with network degree >= 2 is connected; degree 1 (a matching) is left as wired.
 */
public final class Jellyfish {
  /** The family's name and the random stream it draws from. */
  public static final String NAME = "jellyfish";

  private final int switches;
  private final int ports;
  private final int baseServers;
  private final int extraServers;
  private final String description;

  private Jellyfish(int switches, int ports, int baseServers, int extraServers, String description) {
    this.switches = switches;
    this.ports = ports;
    this.baseServers = baseServers;
    this.extraServers = extraServers;
    this.description = description;
  }

  /**
   * {@code switches} switches of {@code ports} ports, each with {@code serversPerSwitch} servers:
   * an {@code r}-regular network with {@code r = ports - serversPerSwitch}.
   *
   * @throws InvalidParameterException unless {@code switches >= 2}, {@code 1 <= r <= switches-1}
   */
  public static Jellyfish uniform(int switches, int ports, int serversPerSwitch) {
    InvalidParameterException.requireRange(NAME + " --switches", switches, 2, Long.MAX_VALUE);
    InvalidParameterException.requireRange(NAME + " --ports", ports, 1, Long.MAX_VALUE);
    InvalidParameterException.requireRange(
        NAME + " --servers-per-switch", serversPerSwitch, 0, Long.MAX_VALUE);
    int r = ports - serversPerSwitch;
    if (r < 1) {
      throw new InvalidParameterException(
          "servers-per-switch",
          NAME + ": --servers-per-switch " + serversPerSwitch + " leaves no network port on a "
              + ports + "-port switch; valid range 0.." + (ports - 1));
    }
    if (r >= switches) {
      throw new InvalidParameterException(
          "ports",
          NAME + ": network degree --ports - --servers-per-switch = " + r + " must be below"
              + " --switches " + switches + " (no parallel links); valid range 1.." + (switches - 1));
    }
    return new Jellyfish(
        switches, ports, serversPerSwitch, 0,
        "switches=" + switches + ", ports=" + ports + ", servers-per-switch=" + serversPerSwitch);
  }

  /**
   * The equipment of fat-tree({@code k}): {@code 5k²/4} switches of {@code k} ports and
   * {@code k³/4} servers spread as evenly as possible (Flat-tree §3.1).
   *
   * @throws InvalidParameterException unless {@code k} is even and {@code 4 <= k <= 1024}
   */
  public static Jellyfish ofFatTree(int k) {
    if (k < 4 || k > 1024 || k % 2 != 0) {
      throw new InvalidParameterException(
          NAME + " --k", k, "must be even, 4..1024 (or 0 to use --switches/--ports)");
    }
    int sw = 5 * k * k / 4;
    long servers = (long) k * k * k / 4;
    return new Jellyfish(
        sw, k, (int) (servers / sw), (int) (servers % sw), "k=" + k + " (fat-tree equipment)");
  }

  public int switchCount() {
    return switches;
  }

  public int portsPerSwitch() {
    return ports;
  }

  /** Servers attached to switch {@code i} ({@code 0 <= i < switchCount()}). */
  public int serversAt(int i) {
    return baseServers + (i < extraServers ? 1 : 0);
  }

  /** Network degree of switch {@code i}: its ports not taken by servers. */
  public int networkDegree(int i) {
    return ports - serversAt(i);
  }

  public long serverCount() {
    return (long) switches * baseServers + extraServers;
  }

  /** Switch-to-switch links: half the degree sum, rounded down. */
  public long networkLinkCount() {
    return ((long) switches * ports - serverCount()) / 2;
  }

  /** Exact node and directed-link counts. */
  public SizeEstimate estimate() {
    return new SizeEstimate(
        switches + serverCount(), 2 * (serverCount() + networkLinkCount())).withRandomWiring();
  }

  /** Builds with a fresh builder and the {@code "jellyfish"} stream of {@code seed}. */
  public Topology build(long seed) {
    SizeEstimate e = estimate();
    TopologyBuilder b =
        new TopologyBuilder(
            NAME, description + ", seed=" + seed, (int) e.nodes(), (int) e.directedLinks());
    return build(b, new RandomStreams(seed).stream(NAME));
  }

  /**
   * Adds the nodes and links to an empty builder {@code b} (whose defaults set link capacity and
   * delay) and builds it; the wiring draws from {@code rnd} only.
   */
  public Topology build(TopologyBuilder b, SplittableRandom rnd) {
    if (b.nodeCount() != 0) {
      throw new IllegalArgumentException("builder must be empty");
    }
    int[] degree = new int[switches];
    for (int i = 0; i < switches; i++) {
      degree[i] = networkDegree(i);
    }
    JellyfishWiring w = JellyfishWiring.wire(degree, null, JellyfishWiring.Selection.NODE, rnd);
    if (w.linkCount() != networkLinkCount()) {
      throw new IllegalStateException(
          "jellyfish wiring left " + w.unusedPorts() + " ports free for " + description);
    }
    b.labelFields("tier", "switch", "index");
    int firstSwitch = Math.toIntExact(serverCount());
    for (int i = 0; i < switches; i++) {
      for (int j = 0; j < serversAt(i); j++) {
        b.addNode(NodeRole.SERVER, 0, i, j);
      }
    }
    for (int i = 0; i < switches; i++) {
      b.addNode(NodeRole.PACKET_SWITCH, 1, i, Labels.ABSENT);
    }
    int server = 0;
    for (int i = 0; i < switches; i++) {
      for (int j = 0; j < serversAt(i); j++) {
        b.addCable(server++, firstSwitch + i);
      }
    }
    long[] links = w.connected(rnd);
    for (long link : links) {
      b.addCable(firstSwitch + (int) (link >>> 32), firstSwitch + (int) link);
    }
    return b.build();
  }

  @Override
  public String toString() {
    return NAME + "(" + description + ")";
  }
}
