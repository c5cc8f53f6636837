package org.fabriclab.sim.net;

import java.util.Arrays;
import org.fabriclab.graph.Topology;

/**
 * Shortest-path next hops for the data plane, in the spirit of
 * {@link org.fabriclab.routing.EcmpPaths}: one BFS per destination <em>key</em> over the CSR
 * arrays, and at forwarding time the candidate next hops of node {@code u} towards key {@code d}
 * are the links {@code u -> v} with {@code dist(v) = dist(u) - 1}, stored packed per (key, node) as
 * the first link and the count when they are consecutive ports (fat-trees, Clos), else scanned.
 *
 * <p>A server with exactly one link (a fat-tree host, a leaf-spine host) shares the key of its
 * attachment switch, so a fat-tree k=8 needs 32 BFS, not 128; a multi-homed server (BCube) is its
 * own key. Precomputation O(K·(n+m)) time and 8·K·n bytes (distances and each node's packed next-hop candidates) for K keys — fine for FT8 and moderate
 * sizes (fat-tree k=48: 1,152 keys × 30k nodes = 265 MB). Servers forward when they lie on a
 * shortest path (server-centric fabrics). Links may be one-way (a splitter's outputs): distances
 * follow link directions, so a host reaches another through the splitters when a directed path
 * exists.
 */
public final class EcmpTable {
  private final Topology topo;
  private final int n;
  private final int[] keyOf;
  private final int[] lastLink;
  private final int[] dist;
  // per (node, key), the forwarding decision in one int (performance: a hop reads one entry, not
  // the node's distance, its candidate count and its neighbours' distances). Node-major (entry
  // u * keys + key): a switch's decisions for all keys share a few cache lines, so the rows of the
  // switches, the only nodes most hops read, stay cache-resident (a Clos of 16,384 servers: 1,280
  // switch rows of 512 keys = 2.6 MB, against 44 MB of key-major stripes touched one line per
  // hop). Encoding: >= 0, the candidates
  // are the links first .. first + count - 1 in port order, packed as (count - 1) << 23 | first;
  // UNREACHABLE; AT_KEY (distance 0: the destination's last link); <= SCATTERED_BASE, candidates
  // not contiguous, count = SCATTERED_BASE + 1 - entry, found by scanning as before.
  private final int[] route;
  private static final int UNREACHABLE = -1;
  private static final int AT_KEY = -2;
  private static final int SCATTERED_BASE = -3;
  private static final int FIRST_BITS = 23;
  private static final int FIRST_MASK = (1 << FIRST_BITS) - 1;
  private final int keys;
  // per node, its one next hop when it has exactly one outgoing link and that link is its decision
  // towards every key (a single-homed host): the source hop then reads no table row; else -1
  private final int[] only;

  public EcmpTable(Topology t) {
    topo = t;
    n = t.nodeCount();
    keyOf = new int[n];
    lastLink = new int[n];
    Arrays.fill(keyOf, -1);
    Arrays.fill(lastLink, -1);
    int[] keyNode = new int[n];
    int[] keyIndexOfNode = new int[n];
    Arrays.fill(keyIndexOfNode, -1);
    int k = 0;
    for (int s = 0; s < t.serverCount(); s++) {
      int v = t.server(s);
      int root = v;
      if (t.degree(v) == 1 && !t.isServer(t.neighbor(v, 0)) && t.reverse(t.link(v, 0)) >= 0) {
        root = t.neighbor(v, 0);
        lastLink[v] = t.reverse(t.link(v, 0));
      }
      if (keyIndexOfNode[root] < 0) {
        keyIndexOfNode[root] = k;
        keyNode[k++] = root;
      }
      keyOf[v] = keyIndexOfNode[root];
    }
    keys = k;
    long entries = (long) k * n;
    requireFits(t.family() + " " + t.parameters(), k, n, org.fabriclab.units.HeapBudget.maxHeapBytes());
    dist = new int[(int) entries];
    route = new int[(int) entries];
    int[] off = t.csrOffsets();
    int[] tgt = t.csrTargets();
    // incoming links per node, so one-way links (splitters) are routable: dist(u -> root) is a
    // BFS from the root over links walked backwards
    int[] inOff = new int[n + 1];
    for (int e = 0; e < tgt.length; e++) {
      inOff[tgt[e] + 1]++;
    }
    for (int v = 0; v < n; v++) {
      inOff[v + 1] += inOff[v];
    }
    int[] inSrc = new int[tgt.length];
    int[] fill = Arrays.copyOf(inOff, n);
    for (int u = 0; u < n; u++) {
      for (int e = off[u]; e < off[u + 1]; e++) {
        inSrc[fill[tgt[e]]++] = u;
      }
    }
    int[] queue = new int[n];
    for (int key = 0; key < k; key++) {
      int base = key * n;
      Arrays.fill(dist, base, base + n, Integer.MAX_VALUE);
      int head = 0;
      int tail = 0;
      queue[tail++] = keyNode[key];
      dist[base + keyNode[key]] = 0;
      while (head < tail) {
        int u = queue[head++];
        int du = dist[base + u];
        for (int i = inOff[u]; i < inOff[u + 1]; i++) {
          int v = inSrc[i];
          if (dist[base + v] != Integer.MAX_VALUE) {
            continue;
          }
          dist[base + v] = du + 1;
          queue[tail++] = v;
        }
      }
      for (int u = 0; u < n; u++) {
        int du = dist[base + u];
        int at = u * k + key;
        if (du == Integer.MAX_VALUE) {
          route[at] = UNREACHABLE;
          continue;
        }
        if (du == 0) {
          route[at] = AT_KEY;
          continue;
        }
        int cnt = 0;
        int first = -1;
        int lastCand = -1;
        for (int e = off[u]; e < off[u + 1]; e++) {
          if (dist[base + tgt[e]] == du - 1) {
            if (first < 0) {
              first = e;
            }
            lastCand = e;
            cnt++;
          }
        }
        boolean contiguous = lastCand - first + 1 == cnt && cnt <= (1 << (31 - FIRST_BITS))
            && first <= FIRST_MASK;
        route[at] = contiguous ? ((cnt - 1) << FIRST_BITS) | first : SCATTERED_BASE + 1 - cnt;
      }
    }
    only = new int[n];
    for (int u = 0; u < n; u++) {
      only[u] = -1;
      if (off[u + 1] - off[u] != 1 || k == 0) {
        continue;
      }
      int single = off[u]; // (count 1, first = the link): the same decision for every key?
      boolean same = true;
      for (int key = 0; key < k && same; key++) {
        same = route[u * k + key] == single;
      }
      only[u] = same ? single : -1;
    }
  }

  public Topology topology() {
    return topo;
  }

  /** Number of BFS keys (destination switches or multi-homed servers). */
  public int keys() {
    return keys;
  }

  /** Hop distance from node {@code u} to destination server {@code dstServer}, or -1. */
  public int distance(int u, int dstServer) {
    if (u == dstServer) {
      return 0;
    }
    int d = dist[keyBase(dstServer) + u];
    if (d == Integer.MAX_VALUE) {
      return -1;
    }
    return lastLink[dstServer] >= 0 ? d + 1 : d;
  }

  /**
   * The next-hop link from {@code u} (not the destination) towards {@code dstServer}: candidate
   * {@code choice mod count} in port order. Returns -1 when unreachable. O(1) when the candidates
   * are consecutive ports (fat-trees, Clos), else O(degree(u)).
   */
  public int nextLink(int u, int dstServer, int choice) {
    int key = keyIndex(dstServer);
    int o = only[u];
    if (o >= 0) {
      return o;
    }
    int v = route[u * keys + key];
    if (v >= 0) {
      int cnt = (v >>> FIRST_BITS) + 1;
      return (v & FIRST_MASK) + (cnt == 1 ? 0 : Integer.remainderUnsigned(choice, cnt));
    }
    if (v == AT_KEY) {
      return lastLink[dstServer];
    }
    if (v == UNREACHABLE) {
      return -1;
    }
    int base = key * n;
    int[] off = topo.csrOffsets();
    int[] tgt = topo.csrTargets();
    int want = dist[base + u] - 1;
    int pick = Integer.remainderUnsigned(choice, SCATTERED_BASE + 1 - v);
    for (int e = off[u]; ; e++) {
      if (dist[base + tgt[e]] == want && pick-- == 0) {
        return e;
      }
    }
  }

  /**
   * Offset of {@code dstServer}'s distance row. Only servers are destinations: a switch or an
   * out-of-range node is refused with a typed error naming it, never an index error.
   */
  private int keyBase(int dstServer) {
    return keyIndex(dstServer) * n;
  }

  /** The key (BFS root index) of destination server {@code dstServer}; refused as {@link #keyBase}. */
  private int keyIndex(int dstServer) {
    if (dstServer < 0 || dstServer >= n || keyOf[dstServer] < 0) {
      throw new IllegalArgumentException(
          "destination node "
              + dstServer
              + " is not a server (destinations must be one of the topology's "
              + topo.serverCount()
              + " server nodes)");
    }
    return keyOf[dstServer];
  }

  /** Number of candidate next hops of {@code u} towards {@code dstServer}. */
  public int candidates(int u, int dstServer) {
    int v = route[u * keys + keyIndex(dstServer)];
    if (v >= 0) {
      return (v >>> FIRST_BITS) + 1;
    }
    return v == AT_KEY ? 1 : v == UNREACHABLE ? 0 : SCATTERED_BASE + 1 - v;
  }

  /**
   * Refuses a table of {@code keys × nodes} entries (a distance and a next hop each, 8 bytes) that
   * an {@code int}-indexed array cannot hold or that does not fit {@code heapBytes} ({@link
   * org.fabriclab.units.HeapBudget}), saying what fits. O(1).
   */
  static void requireFits(String fabric, long keys, long nodes, long heapBytes) {
    long entries = keys * nodes;
    if (entries > Integer.MAX_VALUE - 8) {
      throw new org.fabriclab.error.InvalidParameterException("topology", fabric
          + String.format(java.util.Locale.ROOT, ": the routing table of both engines holds a distance and"
              + " a next hop per (destination ToR, node) = %,d × %,d = %,d entries, at most %,d;"
              + " a fabric with fewer ToRs or nodes fits (a fat-tree up to k = 110)",
              keys, nodes, entries, Integer.MAX_VALUE - 8));
    }
    long tableBytes = entries * 2 * Integer.BYTES;
    if (!org.fabriclab.units.HeapBudget.fits(tableBytes, heapBytes)) {
      throw new org.fabriclab.error.InvalidParameterException("topology", fabric
          + String.format(java.util.Locale.ROOT, ": the routing table (%,d destination ToRs × %,d nodes,"
              + " 8 bytes each) ", keys, nodes) + org.fabriclab.units.HeapBudget.shortfall(tableBytes, heapBytes)
          + " or use a smaller fabric");
    }
  }
}
