package org.fabriclab.incast;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;

/**
 * An incast tree of seed 004 (§III-B, §IV-A): server-level edges child → parent between one-hop
 * neighbours of BCube(n,k); the switch between them is implied by the differing digit (level
 * {@code j} switch when digit {@code j} differs). Node 0 is the receiver. Immutable.
 *
 * <p>{@link #metrics(double)} evaluates Def. 1: every vertex except the receiver sends its output
 * once; a server receiving ≥ 2 flows (its own counts) aggregates them to
 * {@code max + α·(sum − max)} (§VI-D) when {@link #inNetworkAggregation()} holds, otherwise it
 * forwards their sum; switches never aggregate, so every server-level edge is paid twice
 * (server → switch, switch → server). O(N) for N tree servers, plus the hash set of links.
 *
 * @param labels the BCube
 * @param method builder name ("ars", "rs 01", ...)
 * @param nodes server ids, {@code nodes[0]} the receiver
 * @param parent index of each node's parent, -1 for the receiver
 * @param ownSize data size a node sends itself (0 if it is no sender)
 * @param sequence routing sequence e_1..e_d the tree follows, or an empty array
 * @param inNetworkAggregation false for the existing method (aggregation at the receiver only)
 */
public record IncastTree(
    BCubeLabels labels,
    String method,
    int[] nodes,
    int[] parent,
    double[] ownSize,
    int[] sequence,
    boolean inNetworkAggregation) {

  public int receiver() {
    return nodes[0];
  }

  public int size() {
    return nodes.length;
  }

  /** Node index of a server, or -1; O(N) (use {@link #indexMap()} for many look-ups). */
  public int indexOf(int server) {
    for (int i = 0; i < nodes.length; i++) {
      if (nodes[i] == server) {
        return i;
      }
    }
    return -1;
  }

  /** Server id → node index. */
  public Int2IntOpenHashMap indexMap() {
    Int2IntOpenHashMap m = new Int2IntOpenHashMap(nodes.length * 2);
    m.defaultReturnValue(-1);
    for (int i = 0; i < nodes.length; i++) {
      m.put(nodes[i], i);
    }
    return m;
  }

  /** Parent server id of node index {@code i}, -1 for the receiver. */
  public int parentServer(int i) {
    return parent[i] < 0 ? -1 : nodes[parent[i]];
  }

  /** Node indices ordered children before parents (receiver last); O(N). */
  public int[] bottomUpOrder() {
    int nn = nodes.length;
    int[] pending = new int[nn];
    for (int i = 0; i < nn; i++) {
      if (parent[i] >= 0) {
        pending[parent[i]]++;
      }
    }
    int[] order = new int[nn];
    int head = 0;
    int tail = 0;
    for (int i = 0; i < nn; i++) {
      if (pending[i] == 0) {
        order[tail++] = i;
      }
    }
    while (head < tail) {
      int v = order[head++];
      int p = parent[v];
      if (p >= 0 && --pending[p] == 0) {
        order[tail++] = p;
      }
    }
    if (tail != nn) {
      throw new IllegalStateException("incast tree has a cycle");
    }
    return order;
  }

  /**
   * The most aggregating servers (≥ 2 input flows, its own included) strictly between a sender
   * and the receiver — §III-C bounds it by k for its stage trees. O(N·depth).
   */
  public int maxAggregatorsOnAPath() {
    int nn = nodes.length;
    int[] in = new int[nn];
    for (int v = 0; v < nn; v++) {
      in[v] += ownSize[v] > 0 ? 1 : 0;
      if (parent[v] >= 0) {
        in[parent[v]]++;
      }
    }
    int worst = 0;
    for (int v = 0; v < nn; v++) {
      if (ownSize[v] > 0 && parent[v] >= 0) {
        int c = 0;
        for (int u = parent[v]; parent[u] >= 0; u = parent[u]) {
          c += in[u] >= 2 ? 1 : 0;
        }
        worst = Math.max(worst, c);
      }
    }
    return worst;
  }

  /** Evaluates Def. 1 with aggregation ratio {@code alpha}. */
  public TreeMetrics metrics(double alpha) {
    int nn = nodes.length;
    double[] max = new double[nn];
    double[] sum = new double[nn];
    int[] inputs = new int[nn];
    double[] out = new double[nn];
    for (int i = 0; i < nn; i++) {
      if (ownSize[i] > 0) {
        max[i] = ownSize[i];
        sum[i] = ownSize[i];
        inputs[i] = 1;
      }
    }
    double cost = 0;
    int[] agg = new int[nn];
    int aggCount = 0;
    double receiverInput = 0;
    for (int v : bottomUpOrder()) {
      if (parent[v] < 0) {
        receiverInput = sum[v];
        continue;
      }
      boolean aggregates = inNetworkAggregation && inputs[v] >= 2;
      out[v] = aggregates ? Aggregation.size(max[v], sum[v], alpha) : sum[v];
      if (aggregates) {
        agg[aggCount++] = nodes[v];
      }
      cost += 2 * out[v];
      int p = parent[v];
      max[p] = Math.max(max[p], out[v]);
      sum[p] += out[v];
      inputs[p]++;
    }
    int[] aggregating = Arrays.copyOf(agg, aggCount);
    Arrays.sort(aggregating);
    return new TreeMetrics(cost, links(), aggregating, receiverInput, out);
  }

  /**
   * Distinct active links: the cables server–switch used by the edges (a cable is identified by
   * its server and the switch level); O(N).
   */
  public int links() {
    LongOpenHashSet cables = new LongOpenHashSet(nodes.length * 4);
    int dims = labels.dims();
    for (int i = 0; i < nodes.length; i++) {
      if (parent[i] < 0) {
        continue;
      }
      int c = nodes[i];
      int p = nodes[parent[i]];
      int level = labels.differingDigit(c, p);
      cables.add((long) c * dims + level);
      cables.add((long) p * dims + level);
    }
    return cables.size();
  }

  /** Sender server ids, ascending. */
  public int[] senders() {
    int count = 0;
    for (double z : ownSize) {
      if (z > 0) {
        count++;
      }
    }
    int[] s = new int[count];
    for (int i = 0, j = 0; i < nodes.length; i++) {
      if (ownSize[i] > 0) {
        s[j++] = nodes[i];
      }
    }
    Arrays.sort(s);
    return s;
  }

  /**
   * Checks the tree: the receiver is the root, every edge joins one-hop neighbours, no cycle, every
   * leaf is a sender; returns null if valid, else the problem.
   */
  public String problem() {
    if (nodes.length == 0 || parent[0] != -1) {
      return "node 0 must be the receiver root";
    }
    int[] children = new int[nodes.length];
    for (int i = 1; i < nodes.length; i++) {
      if (parent[i] < 0 || parent[i] >= nodes.length) {
        return "node " + nodes[i] + " has no parent";
      }
      if (labels.differingDigit(nodes[i], nodes[parent[i]]) < 0) {
        return "edge " + nodes[i] + "->" + nodes[parent[i]] + " does not join one-hop neighbours";
      }
      children[parent[i]]++;
    }
    try {
      bottomUpOrder();
    } catch (IllegalStateException e) {
      return e.getMessage();
    }
    if (indexMap().size() != nodes.length) {
      return "a server appears twice";
    }
    for (int i = 1; i < nodes.length; i++) {
      if (children[i] == 0 && ownSize[i] <= 0) {
        return "leaf " + nodes[i] + " is no sender";
      }
    }
    return null;
  }

  /** Metrics of a tree under Def. 1. */
  public record TreeMetrics(
      double cost, int links, int[] aggregating, double receiverInput, double[] edgeTraffic) {}
}
