package org.fabriclab.graph;

import java.util.Arrays;
import java.util.Objects;

/**
 * An immutable network topology: nodes {@code 0..n-1}, each with a {@link NodeRole}; directed
 * links in compressed-sparse-row form, with capacity (bit/s) and propagation delay (ps) in
 * parallel primitive arrays; optional structured {@link Labels}.
 *
 * <p>Ports: the links leaving node {@code u} are {@code firstLink(u) .. firstLink(u+1)-1}, and the
 * link {@code e} leaves {@code u} by port {@code e - firstLink(u)}. A cable (a bidirectional
 * physical link) is two directed links, each the {@link #reverse(int)} of the other; a one-way link
 * (an optical splitter output, say) has reverse {@code -1}. Parallel cables are allowed.
 *
 * <p>Memory: 4+4+8+8 bytes per directed link plus 1 byte per node and the labels. BCube(8,5)
 * (458,752 nodes, 3,145,728 directed links) takes about 90 MB. Build one with
 * {@link TopologyBuilder}.
 */
public final class Topology {
  private final String family;
  private final String parameters;
  private final byte[] roles;
  private final int[] offsets;
  private final int[] targets;
  private final int[] reverse;
  private final long[] capacity;
  private final long[] delay;
  private final int[] servers;
  private final Labels labels;
  private final ServerOrbits orbits;
  private final int cables;

  Topology(
      String family,
      String parameters,
      byte[] roles,
      int[] offsets,
      int[] targets,
      int[] reverse,
      long[] capacity,
      long[] delay,
      Labels labels,
      ServerOrbits orbits) {
    this.family = family;
    this.parameters = parameters;
    this.roles = roles;
    this.offsets = offsets;
    this.targets = targets;
    this.reverse = reverse;
    this.capacity = capacity;
    this.delay = delay;
    this.labels = labels;
    this.orbits = orbits;
    int s = 0;
    for (byte r : roles) {
      if (r == NodeRole.SERVER.ordinal()) {
        s++;
      }
    }
    servers = new int[s];
    int i = 0;
    for (int v = 0; v < roles.length; v++) {
      if (roles[v] == NodeRole.SERVER.ordinal()) {
        servers[i++] = v;
      }
    }
    int oneWay = 0;
    for (int r : reverse) {
      if (r < 0) {
        oneWay++;
      }
    }
    cables = (reverse.length - oneWay) / 2 + oneWay;
  }

  /** Name of the family that generated this topology ("fattree", "bcube"…; an imported file's name or graph name). */
  public String family() {
    return family;
  }

  /** The generator's parameters, for people and file headers (e.g. {@code "k=8"}). */
  public String parameters() {
    return parameters;
  }

  public int nodeCount() {
    return roles.length;
  }

  /** Number of directed links (each cable counts twice). */
  public int linkCount() {
    return targets.length;
  }

  /** Number of physical links: cables plus one-way links. */
  public int cableCount() {
    return cables;
  }

  public NodeRole role(int node) {
    return NodeRole.values()[roles[node]];
  }

  public boolean isServer(int node) {
    return roles[node] == NodeRole.SERVER.ordinal();
  }

  public int serverCount() {
    return servers.length;
  }

  public int switchCount() {
    return roles.length - servers.length;
  }

  /** The i-th server in id order; traces and workloads address servers by this index. */
  public int server(int i) {
    return servers[i];
  }

  /** A copy of the server ids in ascending order. */
  public int[] servers() {
    return servers.clone();
  }

  public int degree(int node) {
    return offsets[node + 1] - offsets[node];
  }

  /** Index of the first directed link leaving {@code node}; {@code firstLink(n)} = linkCount. */
  public int firstLink(int node) {
    return offsets[node];
  }

  /** Head of directed link {@code link}. */
  public int target(int link) {
    return targets[link];
  }

  /** The i-th neighbour of {@code node} (the head of its port {@code i}). */
  public int neighbor(int node, int port) {
    return targets[offsets[node] + port];
  }

  /** The directed link leaving {@code node} by {@code port}. */
  public int link(int node, int port) {
    return offsets[node] + port;
  }

  /** Tail of directed link {@code link}; O(log n). */
  public int source(int link) {
    int i = Arrays.binarySearch(offsets, link);
    if (i >= 0) {
      while (i + 1 < offsets.length && offsets[i + 1] == link) {
        i++;
      }
      return i;
    }
    return -i - 2;
  }

  /** The port by which {@code link} leaves its source. */
  public int port(int link) {
    return link - offsets[source(link)];
  }

  /** The opposite direction of the same cable, or -1 for a one-way link. */
  public int reverse(int link) {
    return reverse[link];
  }

  /** Capacity of a directed link in bit/s. */
  public long capacityBps(int link) {
    return capacity[link];
  }

  /** Propagation delay of a directed link in picoseconds. */
  public long delayPs(int link) {
    return delay[link];
  }

  public Labels labels() {
    return labels;
  }

  /** The generator's symmetry hint for server-pair analyses, or {@code null} when none. */
  public ServerOrbits serverOrbits() {
    return orbits;
  }

  /**
   * The same topology without its {@link ServerOrbits} hint (arrays shared, O(1)): analyses then
   * use their general method. For benchmarks and for checking a generator's symmetry claim.
   */
  public Topology withoutServerOrbits() {
    return new Topology(family, parameters, roles, offsets, targets, reverse, capacity, delay,
        labels, null);
  }

  /**
   * Direct read access to the CSR arrays for hot loops (BFS, engines). The arrays are shared, not
   * copied: callers must not write to them.
   */
  public int[] csrOffsets() {
    return offsets;
  }

  /** See {@link #csrOffsets()}: heads of the directed links, indexed by link. Do not write. */
  public int[] csrTargets() {
    return targets;
  }

  /** Approximate heap footprint of this object in bytes. */
  public long estimatedBytes() {
    return roles.length
        + 4L * offsets.length
        + 24L * targets.length
        + 4L * servers.length
        + 4L * labels.width() * roles.length;
  }

  /**
   * Structural equality: same roles, same ports leading to the same neighbours with the same
   * capacity, delay and pairing, same labels and family. Orbit hints are not compared.
   */
  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    return o instanceof Topology t
        && Arrays.equals(roles, t.roles)
        && Arrays.equals(offsets, t.offsets)
        && Arrays.equals(targets, t.targets)
        && Arrays.equals(reverse, t.reverse)
        && Arrays.equals(capacity, t.capacity)
        && Arrays.equals(delay, t.delay)
        && labels.equals(t.labels)
        && Objects.equals(family, t.family)
        && Objects.equals(parameters, t.parameters);
  }

  @Override
  public int hashCode() {
    return Objects.hash(family, parameters, roles.length, targets.length, Arrays.hashCode(targets));
  }

  @Override
  public String toString() {
    return family
        + "("
        + parameters
        + "): "
        + nodeCount()
        + " nodes, "
        + serverCount()
        + " servers, "
        + cableCount()
        + " links";
  }
}
