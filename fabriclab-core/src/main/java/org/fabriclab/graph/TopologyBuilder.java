package org.fabriclab.graph;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;

/**
 * The only way to make a {@link Topology}. Add nodes (each gets the next id), then cables and
 * one-way links; ports are numbered per node in the order links are added, unless every link is
 * given an explicit port (importers do this to reproduce a file exactly). {@link #build()} sorts
 * links by source with a counting sort: O(n + m) time.
 *
 * <p>Misuse (an id out of range, a self-loop, a non-positive capacity, duplicate ports) throws
 * {@link IllegalArgumentException}: generators must not do it, importers turn it into a
 * {@link org.fabriclab.error.MalformedInputException}.
 */
public final class TopologyBuilder {
  private final String family;
  private final String parameters;
  private final IntArrayList roles;
  private final IntArrayList src;
  private final IntArrayList dst;
  private final IntArrayList pair;
  private final IntArrayList port;
  private final LongArrayList cap;
  private final LongArrayList del;
  private String[] labelFields = new String[0];
  private IntArrayList labelValues = new IntArrayList();
  private ServerOrbits orbits;
  private long defaultCapacityBps = 10_000_000_000L;
  private long defaultDelayPs = 1_000_000L;
  private int explicitPorts;

  public TopologyBuilder(String family, String parameters) {
    this(family, parameters, 16, 16);
  }

  /** With capacity hints (node count, directed link count) to avoid regrowing large arrays. */
  public TopologyBuilder(String family, String parameters, int expectedNodes, int expectedLinks) {
    this.family = family;
    this.parameters = parameters;
    roles = new IntArrayList(expectedNodes);
    src = new IntArrayList(expectedLinks);
    dst = new IntArrayList(expectedLinks);
    pair = new IntArrayList(expectedLinks);
    port = new IntArrayList(0);
    cap = new LongArrayList(expectedLinks);
    del = new LongArrayList(expectedLinks);
  }

  /** Capacity (bit/s) and delay (ps) of links added without explicit values. */
  public TopologyBuilder defaults(long capacityBps, long delayPs) {
    checkLink(capacityBps, delayPs);
    defaultCapacityBps = capacityBps;
    defaultDelayPs = delayPs;
    return this;
  }

  /** Declares the label fields; must be called before the first node is added. */
  public TopologyBuilder labelFields(String... fields) {
    if (!roles.isEmpty()) {
      throw new IllegalStateException("declare label fields before adding nodes");
    }
    labelFields = fields.clone();
    labelValues = new IntArrayList(Math.max(16, roles.elements().length * fields.length));
    return this;
  }

  public TopologyBuilder serverOrbits(ServerOrbits orbits) {
    this.orbits = orbits;
    return this;
  }

  public int nodeCount() {
    return roles.size();
  }

  /** Adds one node and returns its id. */
  public int addNode(NodeRole role) {
    int id = roles.size();
    roles.add(role.ordinal());
    for (int i = 0; i < labelFields.length; i++) {
      labelValues.add(Labels.ABSENT);
    }
    return id;
  }

  /** Adds one node with its label values (one per declared field) and returns its id. */
  public int addNode(NodeRole role, int... label) {
    if (label.length != labelFields.length) {
      throw new IllegalArgumentException(
          "label needs " + labelFields.length + " values, got " + label.length);
    }
    int id = addNode(role);
    for (int i = 0; i < label.length; i++) {
      labelValues.set(id * labelFields.length + i, label[i]);
    }
    return id;
  }

  /** Adds {@code count} nodes of one role and returns the first id. */
  public int addNodes(NodeRole role, int count) {
    int first = roles.size();
    for (int i = 0; i < count; i++) {
      addNode(role);
    }
    return first;
  }

  public TopologyBuilder label(int node, String field, int value) {
    int f = Arrays.asList(labelFields).indexOf(field);
    if (f < 0) {
      throw new IllegalArgumentException("undeclared label field " + field);
    }
    checkNode(node);
    labelValues.set(node * labelFields.length + f, value);
    return this;
  }

  /** A bidirectional cable with the default capacity and delay. */
  public TopologyBuilder addCable(int u, int v) {
    return addCable(u, v, defaultCapacityBps, defaultDelayPs);
  }

  /** A bidirectional cable: two directed links, each the reverse of the other. */
  public TopologyBuilder addCable(int u, int v, long capacityBps, long delayPs) {
    checkEnds(u, v);
    checkLink(capacityBps, delayPs);
    int a = src.size();
    push(u, v, a + 1, capacityBps, delayPs);
    push(v, u, a, capacityBps, delayPs);
    return this;
  }

  /** A cable whose ends sit on given ports (every link of the topology must then have ports). */
  public TopologyBuilder addCable(
      int u, int uPort, int v, int vPort, long capacityBps, long delayPs) {
    checkPort(uPort);
    checkPort(vPort);
    int a = src.size();
    addCable(u, v, capacityBps, delayPs);
    setPort(a, uPort);
    setPort(a + 1, vPort);
    return this;
  }

  /** A one-way link (e.g. an optical splitter output) with the default capacity and delay. */
  public TopologyBuilder addLink(int u, int v) {
    return addLink(u, v, defaultCapacityBps, defaultDelayPs);
  }

  public TopologyBuilder addLink(int u, int v, long capacityBps, long delayPs) {
    checkEnds(u, v);
    checkLink(capacityBps, delayPs);
    push(u, v, -1, capacityBps, delayPs);
    return this;
  }

  /** A one-way link leaving {@code u} by {@code uPort}. */
  public TopologyBuilder addLink(int u, int uPort, int v, long capacityBps, long delayPs) {
    checkPort(uPort);
    int a = src.size();
    addLink(u, v, capacityBps, delayPs);
    setPort(a, uPort);
    return this;
  }

  /** Number of directed links added so far. */
  public int linkCount() {
    return src.size();
  }

  private void push(int u, int v, int partner, long c, long d) {
    src.add(u);
    dst.add(v);
    pair.add(partner);
    cap.add(c);
    del.add(d);
    if (!port.isEmpty()) {
      port.add(-1);
    }
  }

  private static void checkPort(int p) {
    if (p < 0) {
      throw new IllegalArgumentException("port must be >= 0, got " + p);
    }
  }

  private void setPort(int link, int p) {
    while (port.size() < src.size()) {
      port.add(-1);
    }
    port.set(link, p);
    explicitPorts++;
  }

  private void checkNode(int v) {
    if (v < 0 || v >= roles.size()) {
      throw new IllegalArgumentException("node " + v + " out of range 0.." + (roles.size() - 1));
    }
  }

  private void checkEnds(int u, int v) {
    checkNode(u);
    checkNode(v);
    if (u == v) {
      throw new IllegalArgumentException("self-loop at node " + u);
    }
  }

  private static void checkLink(long capacityBps, long delayPs) {
    if (capacityBps <= 0) {
      throw new IllegalArgumentException("capacity must be > 0 bit/s, got " + capacityBps);
    }
    if (delayPs < 0) {
      throw new IllegalArgumentException("delay must be >= 0 ps, got " + delayPs);
    }
  }

  /** Freezes the topology. The builder may be reused afterwards but keeps its content. */
  public Topology build() {
    int n = roles.size();
    int m = src.size();
    if (explicitPorts != 0 && explicitPorts != m) {
      throw new IllegalArgumentException(
          "either every link has an explicit port or none does (" + explicitPorts + " of " + m + ")");
    }
    int[] offsets = new int[n + 1];
    int[] s = src.elements();
    for (int i = 0; i < m; i++) {
      offsets[s[i] + 1]++;
    }
    for (int v = 0; v < n; v++) {
      offsets[v + 1] += offsets[v];
    }
    int[] place = new int[m];
    if (explicitPorts == 0) {
      int[] next = Arrays.copyOf(offsets, n);
      for (int i = 0; i < m; i++) {
        place[i] = next[s[i]]++;
      }
    } else {
      boolean[] used = new boolean[m];
      int[] p = port.elements();
      for (int i = 0; i < m; i++) {
        int deg = offsets[s[i] + 1] - offsets[s[i]];
        if (p[i] >= deg) {
          throw new IllegalArgumentException(
              "node " + s[i] + " has " + deg + " links but a link uses port " + p[i]);
        }
        int at = offsets[s[i]] + p[i];
        if (used[at]) {
          throw new IllegalArgumentException("node " + s[i] + " uses port " + p[i] + " twice");
        }
        used[at] = true;
        place[i] = at;
      }
    }
    int[] targets = new int[m];
    int[] reverse = new int[m];
    long[] capacity = new long[m];
    long[] delay = new long[m];
    int[] d = dst.elements();
    int[] pr = pair.elements();
    long[] c = cap.elements();
    long[] dl = del.elements();
    for (int i = 0; i < m; i++) {
      int at = place[i];
      targets[at] = d[i];
      reverse[at] = pr[i] < 0 ? -1 : place[pr[i]];
      capacity[at] = c[i];
      delay[at] = dl[i];
    }
    Labels labels =
        labelFields.length == 0
            ? Labels.none()
            : new Labels(labelFields.clone(), labelValues.toIntArray(), n);
    return new Topology(
        family, parameters, toBytes(roles), offsets, targets, reverse, capacity, delay,
        labels, orbits);
  }

  private static byte[] toBytes(IntArrayList list) {
    byte[] out = new byte[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) list.getInt(i);
    }
    return out;
  }
}
