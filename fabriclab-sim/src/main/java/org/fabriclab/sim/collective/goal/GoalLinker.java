package org.fabriclab.sim.collective.goal;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.fabriclab.sim.collective.CollectiveSchedule;

/**
 * Turns parsed GOAL operations into a {@link CollectiveSchedule}: matches sends to receives,
 * orders all operations of all ranks topologically (Kahn's algorithm, first-in first-out from
 * the operations without predecessors in file order) and adds one node per operation in that
 * order. O(operations + dependencies); the semantics are at {@link GoalSchedule}.
 */
final class GoalLinker {
  /** Dependency lists of up to this length reuse one array each (the schedule copies them). */
  private static final int SCRATCH = 64;

  private GoalLinker() {}

  static GoalSchedule link(GoalOps ops) {
    int n = ops.size();
    int[] match = match(ops);
    int m = ops.depOp.size();
    int[] depOp = ops.depOp.elements();
    int[] depOn = ops.depOn.elements();
    // dependency lines grouped by the operation that waits (counting sort, file order kept)
    int[] byOpOff = new int[n + 1];
    for (int i = 0; i < m; i++) {
      byOpOff[depOp[i] + 1]++;
    }
    for (int v = 0; v < n; v++) {
      byOpOff[v + 1] += byOpOff[v];
    }
    int[] byOp = new int[m];
    int[] fill = java.util.Arrays.copyOf(byOpOff, n);
    for (int i = 0; i < m; i++) {
      byOp[fill[depOp[i]]++] = i;
    }
    fill = null;
    // successors: each dependency line, and each receive after its send
    int[] indeg = new int[n];
    int[] succOff = new int[n + 1];
    for (int i = 0; i < m; i++) {
      succOff[depOn[i] + 1]++;
      indeg[depOp[i]]++;
    }
    int[] kind = ops.kind.elements();
    for (int v = 0; v < n; v++) {
      if (kind[v] == GoalOps.RECV) {
        succOff[match[v] + 1]++;
        indeg[v]++;
      }
    }
    for (int v = 0; v < n; v++) {
      succOff[v + 1] += succOff[v];
    }
    int[] succ = new int[succOff[n]];
    int[] pos = java.util.Arrays.copyOf(succOff, n);
    for (int i = 0; i < m; i++) {
      succ[pos[depOn[i]]++] = depOp[i];
    }
    for (int v = 0; v < n; v++) {
      if (kind[v] == GoalOps.RECV) {
        succ[pos[match[v]]++] = v;
      }
    }
    pos = null;

    CollectiveSchedule s = new CollectiveSchedule(ops.ranks);
    int[] opNode = new int[n];
    int[] nodeOp = new int[n];
    int[] startOff = new int[n];
    int[] startLen = new int[n];
    IntArrayList starts = new IntArrayList(m + n);
    int[] stamp = new int[n];
    IntArrayList acc = new IntArrayList();
    int[][] scratch = new int[SCRATCH + 1][];
    for (int k = 0; k <= SCRATCH; k++) {
      scratch[k] = new int[k];
    }
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    for (int v = 0; v < n; v++) {
      if (indeg[v] == 0) {
        queue[tail++] = v;
      }
    }
    int[] startOnly = ops.depStartOnly.elements();
    int[] rank = ops.rank.elements();
    int[] peer = ops.peer.elements();
    long[] size = ops.size.elements();
    while (head < tail) {
      int v = queue[head++];
      acc.clear();
      for (int k = byOpOff[v]; k < byOpOff[v + 1]; k++) {
        int d = byOp[k];
        int on = depOn[d];
        if (startOnly[d] == 0) {
          addOnce(acc, stamp, opNode[on], v);
        } else {
          for (int j = startOff[on], e = j + startLen[on]; j < e; j++) {
            addOnce(acc, stamp, starts.getInt(j), v);
          }
        }
      }
      startOff[v] = starts.size();
      startLen[v] = acc.size();
      starts.addAll(acc);
      if (kind[v] == GoalOps.RECV) {
        addOnce(acc, stamp, opNode[match[v]], v);
      }
      int[] after = acc.size() <= SCRATCH ? scratch[acc.size()] : new int[acc.size()];
      acc.getElements(0, after, 0, acc.size());
      int node = switch (kind[v]) {
        case GoalOps.SEND -> s.transfer(rank[v], peer[v], size[v], after);
        case GoalOps.RECV -> s.step(rank[v], 0, after);
        default -> s.step(rank[v], size[v] * 1000, after);
      };
      opNode[v] = node;
      nodeOp[node] = v;
      for (int k = succOff[v]; k < succOff[v + 1]; k++) {
        if (--indeg[succ[k]] == 0) {
          queue[tail++] = succ[k];
        }
      }
    }
    if (tail < n) {
      throw cycle(ops, match, byOpOff, byOp, indeg);
    }
    return new GoalSchedule(s, ops, nodeOp, opNode);
  }

  private static void addOnce(IntArrayList acc, int[] stamp, int node, int v) {
    if (stamp[node] != v + 1) {
      stamp[node] = v + 1;
      acc.add(node);
    }
  }

  /**
   * Pairs the k-th send from a to b with tag t with the k-th receive on b from a with tag t
   * (both in posting order): both sorted by (source, destination, tag, file order), then merged.
   * Returns the partner of every send and receive (−1 for a calc). O(operations).
   */
  static int[] match(GoalOps ops) {
    int n = ops.size();
    int[] kind = ops.kind.elements();
    int[] rank = ops.rank.elements();
    int[] peer = ops.peer.elements();
    int[] tag = ops.tag.elements();
    IntArrayList sendList = new IntArrayList();
    IntArrayList recvList = new IntArrayList();
    for (int v = 0; v < n; v++) {
      if (kind[v] == GoalOps.SEND) {
        sendList.add(v);
      } else if (kind[v] == GoalOps.RECV) {
        recvList.add(v);
      }
    }
    int[] sends = sendList.toIntArray();
    int[] recvs = recvList.toIntArray();
    sendList = null;
    recvList = null;
    sortStable(sends, tag, peer, rank);
    sortStable(recvs, tag, rank, peer);
    int[] match = new int[n];
    java.util.Arrays.fill(match, -1);
    int first = Integer.MAX_VALUE;
    int i = 0;
    int j = 0;
    while (i < sends.length || j < recvs.length) {
      int c;
      if (i == sends.length) {
        c = 1;
      } else if (j == recvs.length) {
        c = -1;
      } else {
        int a = sends[i];
        int b = recvs[j];
        c = compare(rank[a], peer[a], tag[a], peer[b], rank[b], tag[b]);
      }
      if (c == 0) {
        match[sends[i]] = recvs[j];
        match[recvs[j]] = sends[i];
        i++;
        j++;
      } else if (c < 0) {
        first = Math.min(first, sends[i++]);
      } else {
        first = Math.min(first, recvs[j++]);
      }
    }
    if (first != Integer.MAX_VALUE) {
      throw unmatched(ops, first);
    }
    long[] size = ops.size.elements();
    for (int r : recvs) {
      int snd = match[r];
      if (size[r] < size[snd]) {
        throw ops.error(r, ops.describe(r) + " of " + size[r] + "b is smaller than its matching "
            + ops.describe(snd) + " of " + size[snd] + "b (line " + ops.line.getInt(snd)
            + "); a recv takes at least the bytes sent");
      }
    }
    return match;
  }

  /**
   * Sorts {@code items} (operations in file order) stably by {@code major}, then {@code middle},
   * then {@code minor} of each (all ≥ 0): least-significant-digit radix sort, 16-bit digits, one
   * or two counting passes per key. O(items + 65536) per pass.
   */
  static void sortStable(int[] items, int[] minor, int[] middle, int[] major) {
    int[] buf = new int[items.length];
    int[] count = new int[(1 << 16) + 1];
    int[] a = items;
    int[] b = buf;
    for (int[] key : new int[][] {minor, middle, major}) {
      int max = 0;
      for (int x : a) {
        max = Math.max(max, key[x]);
      }
      for (int shift = 0; shift == 0 || shift < 32 && (max >>> shift) != 0; shift += 16) {
        java.util.Arrays.fill(count, 0);
        for (int x : a) {
          count[((key[x] >>> shift) & 0xffff) + 1]++;
        }
        for (int d = 0; d < 1 << 16; d++) {
          count[d + 1] += count[d];
        }
        for (int x : a) {
          b[count[(key[x] >>> shift) & 0xffff]++] = x;
        }
        int[] t = a;
        a = b;
        b = t;
      }
    }
    if (a != items) {
      System.arraycopy(a, 0, items, 0, items.length);
    }
  }

  private static int compare(int a1, int a2, int a3, int b1, int b2, int b3) {
    int c = Integer.compare(a1, b1);
    if (c == 0) {
      c = Integer.compare(a2, b2);
    }
    return c != 0 ? c : Integer.compare(a3, b3);
  }


  private static GoalFormatException unmatched(GoalOps ops, int v) {
    boolean send = ops.kind.getInt(v) == GoalOps.SEND;
    int src = send ? ops.rank.getInt(v) : ops.peer.getInt(v);
    int dst = send ? ops.peer.getInt(v) : ops.rank.getInt(v);
    int t = ops.tag.getInt(v);
    int sends = 0;
    int recvs = 0;
    int ordinal = 0;
    for (int u = 0; u < ops.size(); u++) {
      int k = ops.kind.getInt(u);
      boolean s = k == GoalOps.SEND && ops.rank.getInt(u) == src && ops.peer.getInt(u) == dst;
      boolean r = k == GoalOps.RECV && ops.rank.getInt(u) == dst && ops.peer.getInt(u) == src;
      if ((s || r) && ops.tag.getInt(u) == t) {
        sends += s ? 1 : 0;
        recvs += r ? 1 : 0;
        ordinal += u <= v && s == send ? 1 : 0;
      }
    }
    String other = send ? "recv" : "send";
    return ops.error(v, ops.describe(v) + " (" + ops.size.getLong(v) + "b " + (send ? "to" : "from")
        + " rank " + ops.peer.getInt(v) + ", tag " + t + ") has no matching " + other + ": it is "
        + (send ? "send" : "recv") + " number " + ordinal + " from rank " + src + " to rank " + dst
        + " with tag " + t + ", and rank " + (send ? dst : src) + " posts " + (send ? recvs : sends)
        + " " + other + (((send ? recvs : sends) == 1) ? "" : "s") + " of that source and tag"
        + " (the k-th send matches the k-th recv of the same source, destination and tag)");
  }

  /** Walks back along operations still waiting until one repeats: it lies on a cycle. */
  private static GoalFormatException cycle(GoalOps ops, int[] match, int[] byOpOff, int[] byOp,
      int[] indeg) {
    int v = 0;
    while (indeg[v] == 0) {
      v++;
    }
    int[] seenAt = new int[ops.size()];
    IntArrayList walk = new IntArrayList();
    while (seenAt[v] == 0) {
      walk.add(v);
      seenAt[v] = walk.size();
      int p = -1;
      if (ops.kind.getInt(v) == GoalOps.RECV && indeg[match[v]] > 0) {
        p = match[v];
      }
      for (int k = byOpOff[v]; p < 0 && k < byOpOff[v + 1]; k++) {
        int on = ops.depOn.getInt(byOp[k]);
        if (indeg[on] > 0) {
          p = on;
        }
      }
      v = p;
    }
    StringBuilder b = new StringBuilder();
    int from = seenAt[v] - 1;
    int shown = Math.min(walk.size() - from, 6);
    for (int k = 0; k < shown; k++) {
      int u = walk.getInt(from + k);
      b.append(k == 0 ? "" : ", which waits for ").append(ops.describe(u))
          .append(" (line ").append(ops.line.getInt(u)).append(')');
    }
    b.append(shown < walk.size() - from ? ", … back to it" : ", which waits for it");
    return ops.error(v, ops.describe(v) + " is on a dependency cycle (a deadlock): " + b
        + "; requires and irequires lines, and each recv on its matching send, must form no"
        + " cycle");
  }
}
