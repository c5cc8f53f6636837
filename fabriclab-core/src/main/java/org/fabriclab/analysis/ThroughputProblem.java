package org.fabriclab.analysis;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2DoubleLinkedOpenHashMap;
import java.util.Arrays;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;

/**
 * A maximum concurrent flow instance prepared for the solvers: a directed graph over the
 * topology's nodes, link capacities, and single-root commodity <em>groups</em>.
 *
 * <ul>
 *   <li>Capacities: 1 per link ({@code unitCapacity}) or the link's capacity in Gbit/s.
 *   <li>Relaxed servers (Flat-tree §3.1: "we relax the bandwidth constraints at the servers"): a
 *       single-homed server's demands move to its switch and its links are dropped; demands that
 *       then start and end on one switch need no network capacity and are left out. Multi-homed
 *       servers keep their links.
 *   <li>Merging (seed README): demands with a common source form one group rooted there when there
 *       are no more distinct sources than sinks; otherwise demands with a common sink form groups
 *       rooted at the sink, solved on the reversed graph (a flow into the sink along links e is a
 *       flow out of it along the reversed links). The optimum is unchanged: any single-source flow
 *       decomposes into per-sink paths and vice versa.
 * </ul>
 *
 * Problem links are CSR-ordered by tail; {@link #originalLink} maps one back to the topology's
 * directed link (reversed when {@link #bySink()}). Building is O(n + m + demands).
 */
public final class ThroughputProblem {
  private final int nodes;
  private final int[] off;
  private final int[] head;
  private final double[] cap;
  private final int[] orig;
  private final boolean bySink;
  private final int[] root;
  private final int[] groupStart;
  private final int[] sink;
  private final double[] demand;

  /**
   * @param unitCapacity every link has capacity 1 (else Gbit/s from the topology)
   * @param relaxServers drop the links of single-homed servers and move their demands
   * @throws InvalidParameterException for a demand naming a node outside the topology
   */
  public ThroughputProblem(Topology t, DemandMatrix demands, boolean unitCapacity, boolean relaxServers) {
    int n = t.nodeCount();
    this.nodes = n;
    int[] map = new int[n];
    boolean[] dropped = new boolean[n];
    for (int v = 0; v < n; v++) {
      map[v] = v;
      if (relaxServers && t.isServer(v) && t.degree(v) == 1 && !t.isServer(t.neighbor(v, 0))) {
        map[v] = t.neighbor(v, 0);
        dropped[v] = true;
      }
    }
    Long2DoubleLinkedOpenHashMap agg = new Long2DoubleLinkedOpenHashMap();
    for (int i = 0; i < demands.size(); i++) {
      int s = demands.source(i);
      int d = demands.destination(i);
      if (s >= n || d >= n) {
        throw new InvalidParameterException("demand", "node id outside 0.." + (n - 1));
      }
      int ms = map[s];
      int md = map[d];
      if (ms != md && demands.amount(i) > 0) {
        agg.addTo((long) ms * n + md, demands.amount(i));
      }
    }
    Int2IntOpenHashMap srcs = new Int2IntOpenHashMap();
    Int2IntOpenHashMap dsts = new Int2IntOpenHashMap();
    for (long key : agg.keySet()) {
      srcs.addTo((int) (key / n), 1);
      dsts.addTo((int) (key % n), 1);
    }
    this.bySink = dsts.size() < srcs.size();
    // links
    int m = 0;
    for (int e = 0; e < t.linkCount(); e++) {
      if (!dropped[t.source(e)] && !dropped[t.target(e)]) {
        m++;
      }
    }
    off = new int[n + 1];
    head = new int[m];
    cap = new double[m];
    orig = new int[m];
    for (int e = 0; e < t.linkCount(); e++) {
      if (!dropped[t.source(e)] && !dropped[t.target(e)]) {
        off[(bySink ? t.target(e) : t.source(e)) + 1]++;
      }
    }
    for (int v = 0; v < n; v++) {
      off[v + 1] += off[v];
    }
    int[] fill = Arrays.copyOf(off, n);
    for (int e = 0; e < t.linkCount(); e++) {
      int u = t.source(e);
      int v = t.target(e);
      if (!dropped[u] && !dropped[v]) {
        int tail = bySink ? v : u;
        int x = fill[tail]++;
        head[x] = bySink ? u : v;
        cap[x] = unitCapacity ? 1.0 : t.capacityBps(e) / 1e9;
        orig[x] = e;
      }
    }
    // groups
    Int2IntOpenHashMap roots = bySink ? dsts : srcs;
    int groups = roots.size();
    root = new int[groups];
    groupStart = new int[groups + 1];
    int[] rootIds = roots.keySet().toIntArray();
    Arrays.sort(rootIds);
    Int2IntOpenHashMap index = new Int2IntOpenHashMap();
    for (int g = 0; g < groups; g++) {
      root[g] = rootIds[g];
      index.put(rootIds[g], g);
      groupStart[g + 1] = groupStart[g] + roots.get(rootIds[g]);
    }
    sink = new int[agg.size()];
    demand = new double[agg.size()];
    int[] gf = Arrays.copyOf(groupStart, groups);
    for (var en : agg.long2DoubleEntrySet()) {
      int s = (int) (en.getLongKey() / n);
      int d = (int) (en.getLongKey() % n);
      int g = index.get(bySink ? d : s);
      int x = gf[g]++;
      sink[x] = bySink ? s : d;
      demand[x] = en.getDoubleValue();
    }
    checkDemandRange(demands);
  }

  /** Smallest positive demand, as a multiple of the largest link capacity, the solvers accept. */
  public static final double MIN_DEMAND_PER_CAPACITY = 1e-12;
  /** Largest demand, as a multiple of the largest link capacity, the solvers accept. */
  public static final double MAX_DEMAND_PER_CAPACITY = 1e18;

  /**
   * Refuses a positive demand outside {@link #MIN_DEMAND_PER_CAPACITY}..{@link
   * #MAX_DEMAND_PER_CAPACITY} times the largest link capacity: the solvers work on demands and
   * capacities scaled by powers of two near their largest values, and λ, about capacity over
   * demand, stays far inside the range of a double there.
   */
  private void checkDemandRange(DemandMatrix demands) {
    double c = 0;
    for (double x : cap) {
      c = Math.max(c, x);
    }
    if (c == 0) {
      return; // no link: nothing to route over, the solvers say so
    }
    for (int i = 0; i < demands.size(); i++) {
      double a = demands.amount(i);
      if (a > 0 && !(a >= MIN_DEMAND_PER_CAPACITY * c && a <= MAX_DEMAND_PER_CAPACITY * c)) {
        throw new InvalidParameterException("demand", "invalid demand " + demands.source(i) + " -> "
            + demands.destination(i) + " = " + a + " (demand " + (i + 1) + " of " + demands.size()
            + "): valid range 0, or " + MIN_DEMAND_PER_CAPACITY + ".." + MAX_DEMAND_PER_CAPACITY
            + " times the largest link capacity (" + c + ")");
      }
    }
  }

  private ThroughputProblem(ThroughputProblem p, double demandScale, double capacityScale) {
    nodes = p.nodes;
    off = p.off;
    head = p.head;
    orig = p.orig;
    bySink = p.bySink;
    root = p.root;
    groupStart = p.groupStart;
    sink = p.sink;
    cap = p.cap.clone();
    for (int e = 0; e < cap.length; e++) {
      cap[e] *= capacityScale;
    }
    demand = p.demand.clone();
    for (int i = 0; i < demand.length; i++) {
      demand[i] *= demandScale;
    }
  }

  /**
   * This problem with every demand times {@code demandScale} and every capacity times {@code
   * capacityScale} (the same graph and groups): its optimum is λ·capacityScale/demandScale. Powers
   * of two scale exactly.
   */
  ThroughputProblem scaled(double demandScale, double capacityScale) {
    return new ThroughputProblem(this, demandScale, capacityScale);
  }

  /** The power of two at or below the largest demand (1 when there is none). */
  double demandUnit() {
    double d = 0;
    for (double x : demand) {
      d = Math.max(d, x);
    }
    return d > 0 ? Math.scalb(1.0, Math.getExponent(d)) : 1;
  }

  /** The power of two at or below the largest capacity (1 when there is no link). */
  double capacityUnit() {
    double c = 0;
    for (double x : cap) {
      c = Math.max(c, x);
    }
    return c > 0 ? Math.scalb(1.0, Math.getExponent(c)) : 1;
  }

  public int nodeCount() {
    return nodes;
  }

  public int linkCount() {
    return head.length;
  }

  /** First problem link leaving {@code v} (CSR). */
  public int firstLink(int v) {
    return off[v];
  }

  /** CSR offsets (n + 1 entries), shared for the solvers' inner loops: do not modify. */
  int[] offsets() {
    return off;
  }

  /** Link heads by CSR index, shared for the solvers' inner loops: do not modify. */
  int[] heads() {
    return head;
  }

  public int head(int link) {
    return head[link];
  }

  public double capacity(int link) {
    return cap[link];
  }

  /** The topology's directed link behind a problem link (its reverse when {@link #bySink()}). */
  public int originalLink(int link) {
    return orig[link];
  }

  /** True when groups are rooted at sinks and links are reversed. */
  public boolean bySink() {
    return bySink;
  }

  public int groupCount() {
    return root.length;
  }

  public int root(int g) {
    return root[g];
  }

  /** Range {@code groupStart(g) .. groupStart(g+1)-1} of the group's other endpoints. */
  public int groupStart(int g) {
    return groupStart[g];
  }

  /** The endpoint (other than the root) of commodity {@code i} of its group. */
  public int sink(int i) {
    return sink[i];
  }

  public double demand(int i) {
    return demand[i];
  }

  public int commodityCount() {
    return sink.length;
  }

  /**
   * Largest violation of the flow's constraints at {@code lambda}: conservation (net outflow of
   * every non-root node of a group equals minus lambda times its demand) and capacity (total flow
   * at most the capacity), and negative flows. 0 for an exactly feasible flow. O(groups·(n + m)).
   */
  public double violation(double[][] flow, double lambda) {
    double worst = 0;
    double[] net = new double[nodes];
    double[] load = new double[head.length];
    for (int g = 0; g < root.length; g++) {
      Arrays.fill(net, 0);
      double[] f = flow[g];
      for (int v = 0; v < nodes; v++) {
        for (int e = off[v]; e < off[v + 1]; e++) {
          worst = Math.max(worst, -f[e]);
          net[v] += f[e];
          net[head[e]] -= f[e];
          load[e] += f[e];
        }
      }
      for (int i = groupStart[g]; i < groupStart[g + 1]; i++) {
        net[sink[i]] += lambda * demand[i];
      }
      for (int v = 0; v < nodes; v++) {
        if (v != root[g]) {
          worst = Math.max(worst, Math.abs(net[v]));
        }
      }
    }
    for (int e = 0; e < head.length; e++) {
      worst = Math.max(worst, load[e] - cap[e]);
    }
    return worst;
  }
}
