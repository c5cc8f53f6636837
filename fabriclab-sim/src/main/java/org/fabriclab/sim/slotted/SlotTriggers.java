package org.fabriclab.sim.slotted;

import java.util.Arrays;

/**
 * Flows that start when others end, and local steps of a fixed delay, for a slot-synchronous
 * model: a dependency DAG (as a collective's schedule, DESIGN.md {@code app}: "triggers") over
 * nodes that are either an engine flow or a step. A node is ready once all its dependencies have
 * ended, at the latest of their ends (a node without dependencies at 0). A ready step ends at once
 * after its delay (it needs no slot: its end is arithmetic, resolved as soon as it is known, even
 * if it lies in the future); a ready flow waits in an agenda until the engine starts it in the
 * first slot that begins at or after its ready time, {@code ⌈ready / slotPs⌉} — the slot a flow
 * given that start time would be admitted in. The engine reports each flow's end with {@link
 * #flowEnded}, which resolves what it unblocks.
 *
 * <p>Flows leave the agenda in order of start slot, then of becoming ready (deterministic). All
 * arrays are sized at construction: no allocation per flow or slot. O(nodes + dependencies) in
 * all, plus O(log flows) per agenda operation.
 */
public final class SlotTriggers {
  private final int n;
  private final long slotPs;
  /** The engine flow of each node, or −1 for a step. */
  private final int[] flowOf;
  /** The node of each engine flow. */
  private final int[] nodeOfFlow;
  private final long[] stepPs;
  private final int[] dependentsOff;
  private final int[] dependents;
  private final int[] waiting;
  private final long[] readyPs;
  private final long[] endPs;
  private final int[] work;
  private int ended;
  /** Agenda: a binary min-heap of flow ids keyed by (start slot, order). */
  private final int[] heap;
  private final long[] key;
  private final long[] order;
  private int heapSize;
  private long orders;

  /**
   * @param flowOfNode each node's engine flow (0..flows−1, each once), or −1 for a step
   * @param stepDurationPs each step's delay (≥ 0; ignored for flows)
   * @param depOffsets node v's dependencies are {@code deps[depOffsets[v] .. depOffsets[v+1])}
   * @param deps earlier nodes only (the DAG is acyclic by construction)
   * @param slotPs the slot length (≥ 1)
   */
  public SlotTriggers(int[] flowOfNode, long[] stepDurationPs, int[] depOffsets, int[] deps, long slotPs) {
    this.n = flowOfNode.length;
    if (stepDurationPs.length != n || depOffsets.length != n + 1 || slotPs < 1) {
      throw new IllegalArgumentException("node arrays differ in length, or slotPs < 1");
    }
    this.slotPs = slotPs;
    this.flowOf = flowOfNode.clone();
    this.stepPs = stepDurationPs.clone();
    int flows = 0;
    for (int f : flowOf) {
      flows += f >= 0 ? 1 : 0;
    }
    this.nodeOfFlow = new int[flows];
    Arrays.fill(nodeOfFlow, -1);
    for (int v = 0; v < n; v++) {
      int f = flowOf[v];
      if (f >= flows || (f >= 0 && nodeOfFlow[f] >= 0)) {
        throw new IllegalArgumentException("node " + v + ": flow " + f + " out of range or given twice");
      }
      if (f >= 0) {
        nodeOfFlow[f] = v;
      } else if (stepPs[v] < 0) {
        throw new IllegalArgumentException("node " + v + ": negative step duration");
      }
    }
    this.waiting = new int[n];
    this.dependentsOff = new int[n + 1];
    for (int v = 0; v < n; v++) {
      for (int i = depOffsets[v]; i < depOffsets[v + 1]; i++) {
        int d = deps[i];
        if (d < 0 || d >= v) {
          throw new IllegalArgumentException("node " + v + " depends on " + d + ", not an earlier node");
        }
        dependentsOff[d + 1]++;
        waiting[v]++;
      }
    }
    for (int v = 0; v < n; v++) {
      dependentsOff[v + 1] += dependentsOff[v];
    }
    this.dependents = new int[dependentsOff[n]];
    int[] fill = Arrays.copyOf(dependentsOff, n);
    for (int v = 0; v < n; v++) {
      for (int i = depOffsets[v]; i < depOffsets[v + 1]; i++) {
        dependents[fill[deps[i]]++] = v;
      }
    }
    this.readyPs = new long[n];
    this.endPs = new long[n];
    Arrays.fill(endPs, -1);
    this.work = new int[n];
    this.heap = new int[flows];
    this.key = new long[flows];
    this.order = new long[flows];
    int top = 0;
    for (int v = 0; v < n; v++) {
      if (waiting[v] == 0) {
        work[top++] = v;
      }
    }
    resolve(top);
  }

  /** Nodes (flows and steps). */
  public int nodes() {
    return n;
  }

  /** Engine flows. */
  public int flows() {
    return nodeOfFlow.length;
  }

  /** The slot in which the next flow of the agenda starts, or {@link Long#MAX_VALUE} when none waits. */
  public long nextSlot() {
    return heapSize == 0 ? Long.MAX_VALUE : key[heap[0]];
  }

  /** Removes the next flow of the agenda and returns it. */
  public int poll() {
    if (heapSize == 0) {
      throw new IllegalStateException("no flow waits");
    }
    int f = heap[0];
    int last = heap[--heapSize];
    if (heapSize > 0) {
      siftDown(last);
    }
    return f;
  }

  /** Time flow {@code f} became ready (the end of its last dependency), in ps. */
  public long readyPs(int f) {
    return readyPs[nodeOfFlow[f]];
  }

  /** Flow {@code f} ended at {@code ps}: resolves the steps and flows it unblocks. */
  public void flowEnded(int f, long ps) {
    int v = nodeOfFlow[f];
    if (endPs[v] >= 0) {
      throw new IllegalStateException("flow " + f + " ended twice");
    }
    endPs[v] = ps;
    ended++;
    resolve(release(v, 0));
  }

  /** Each node's end in ps (−1: not ended); a step's as soon as it is known. A copy. */
  public long[] endPs() {
    return endPs.clone();
  }

  /** Whether every node has ended. */
  public boolean done() {
    return ended == n;
  }

  /** Pushes the dependents of {@code v} that have no dependency left onto the work stack. */
  private int release(int v, int top) {
    for (int i = dependentsOff[v]; i < dependentsOff[v + 1]; i++) {
      int w = dependents[i];
      readyPs[w] = Math.max(readyPs[w], endPs[v]);
      if (--waiting[w] == 0) {
        work[top++] = w;
      }
    }
    return top;
  }

  /** Ready nodes on the stack: steps end now (and release theirs), flows join the agenda. */
  private void resolve(int top) {
    while (top > 0) {
      int v = work[--top];
      int f = flowOf[v];
      if (f < 0) {
        endPs[v] = readyPs[v] + stepPs[v];
        ended++;
        top = release(v, top);
      } else {
        key[f] = (readyPs[v] + slotPs - 1) / slotPs;
        order[f] = orders++;
        siftUp(f);
      }
    }
  }

  private boolean less(int a, int b) {
    return key[a] < key[b] || (key[a] == key[b] && order[a] < order[b]);
  }

  private void siftUp(int f) {
    int i = heapSize++;
    while (i > 0) {
      int p = (i - 1) >>> 1;
      if (!less(f, heap[p])) {
        break;
      }
      heap[i] = heap[p];
      i = p;
    }
    heap[i] = f;
  }

  private void siftDown(int f) {
    int i = 0;
    while (true) {
      int c = 2 * i + 1;
      if (c >= heapSize) {
        break;
      }
      if (c + 1 < heapSize && less(heap[c + 1], heap[c])) {
        c++;
      }
      if (!less(heap[c], f)) {
        break;
      }
      heap[i] = heap[c];
      i = c;
    }
    heap[i] = f;
  }
}
