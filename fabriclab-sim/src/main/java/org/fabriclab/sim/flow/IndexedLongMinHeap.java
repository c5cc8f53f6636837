package org.fabriclab.sim.flow;

import java.util.Arrays;

/**
 * A binary min-heap of ids {@code 0..capacity-1}, each present at most once with a {@code long}
 * key, ordered by (key, id) — so ties pop in id order, deterministically. Each id's position is
 * kept, so changing or removing an id's key costs O(log size) without searching: the fluid
 * engines keep every active flow's completion time here and re-key only the flows whose rate
 * changed. Primitive arrays, no allocation after construction.
 */
final class IndexedLongMinHeap {
  private final long[] key; // by heap position
  private final int[] id; // by heap position
  private final int[] pos; // by id: heap position, -1 when absent
  private int size;

  IndexedLongMinHeap(int capacity) {
    key = new long[Math.max(1, capacity)];
    id = new int[Math.max(1, capacity)];
    pos = new int[Math.max(1, capacity)];
    Arrays.fill(pos, -1);
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  boolean contains(int i) {
    return pos[i] >= 0;
  }

  /** The smallest (key, id)'s id; the heap must not be empty. */
  int minId() {
    return id[0];
  }

  /** The smallest key, or {@link Long#MAX_VALUE} when empty. */
  long minKey() {
    return size == 0 ? Long.MAX_VALUE : key[0];
  }

  /** The key of {@code i}, which must be present. */
  long keyOf(int i) {
    return key[pos[i]];
  }

  /** Inserts {@code i} with key {@code k}, or changes its key if present. */
  void set(int i, long k) {
    int p = pos[i];
    if (p < 0) {
      p = size++;
      key[p] = k;
      id[p] = i;
      pos[i] = p;
      up(p);
    } else {
      long old = key[p];
      key[p] = k;
      if (k < old) {
        up(p);
      } else if (k > old) {
        down(p);
      }
    }
  }

  /** Removes {@code i} if present. */
  void remove(int i) {
    int p = pos[i];
    if (p < 0) {
      return;
    }
    pos[i] = -1;
    int last = --size;
    if (p == last) {
      return;
    }
    key[p] = key[last];
    id[p] = id[last];
    pos[id[p]] = p;
    if (!up(p)) {
      down(p);
    }
  }

  /** Removes and returns the smallest id; the heap must not be empty. */
  int pop() {
    int i = id[0];
    remove(i);
    return i;
  }

  private boolean less(int a, int b) {
    return key[a] < key[b] || (key[a] == key[b] && id[a] < id[b]);
  }

  private boolean up(int p) {
    int start = p;
    while (p > 0) {
      int q = (p - 1) >>> 1;
      if (!less(p, q)) {
        break;
      }
      swap(p, q);
      p = q;
    }
    return p != start;
  }

  private void down(int p) {
    while (true) {
      int c = 2 * p + 1;
      if (c >= size) {
        return;
      }
      if (c + 1 < size && less(c + 1, c)) {
        c++;
      }
      if (!less(c, p)) {
        return;
      }
      swap(p, c);
      p = c;
    }
  }

  private void swap(int a, int b) {
    long k = key[a];
    key[a] = key[b];
    key[b] = k;
    int i = id[a];
    id[a] = id[b];
    id[b] = i;
    pos[id[a]] = a;
    pos[id[b]] = b;
  }
}
