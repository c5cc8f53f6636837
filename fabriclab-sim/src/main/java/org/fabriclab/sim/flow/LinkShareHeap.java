package org.fabriclab.sim.flow;

import java.util.Arrays;

/**
 * The links waiting to fill during one progressive filling ({@link MaxMinProgressiveFilling}): a
 * binary min-heap of (fair share, link) on two parallel arrays, indexed — each link's position is
 * kept, so that a link can leave from where it sits when its last flow freezes. A link is in the
 * heap at most once. Ties of equal keys are broken by the heap's shape alone (as before this class
 * was split off, so the fillings freeze links in the same order, bit for bit). No allocation
 * except when the arrays grow.
 */
final class LinkShareHeap {
  private double[] key = new double[64];
  private int[] link = new int[64];
  private final int[] pos; // each link's position, -1 when not in the heap
  private int size;

  /** A heap over links {@code 0..links-1}. */
  LinkShareHeap(int links) {
    pos = new int[links];
    Arrays.fill(pos, -1);
  }

  int size() {
    return size;
  }

  double topKey() {
    return key[0];
  }

  int topLink() {
    return link[0];
  }

  boolean contains(int l) {
    return pos[l] >= 0;
  }

  /** Empties the heap and makes room for {@code n} entries added by {@link #addUnordered}. */
  void reset(int n) {
    for (int i = 0; i < size; i++) {
      pos[link[i]] = -1;
    }
    size = 0;
    if (key.length < n) {
      key = new double[Math.max(n, 2 * key.length)];
      link = new int[key.length];
    }
  }

  /** Appends an entry without ordering; {@link #heapify} must follow before any other use. */
  void addUnordered(double k, int l) {
    key[size] = k;
    link[size] = l;
    pos[l] = size++;
  }

  /** Orders the entries added by {@link #addUnordered} (Floyd, O(n)). */
  void heapify() {
    for (int i = (size >>> 1) - 1; i >= 0; i--) {
      siftDown(i, key[i], link[i], size);
    }
  }

  /** Adds link {@code l} (not in the heap) with key {@code k}. */
  void push(double k, int l) {
    if (size == key.length) {
      key = Arrays.copyOf(key, 2 * size);
      link = Arrays.copyOf(link, 2 * size);
    }
    siftUp(size++, k, l);
  }

  /** Removes the top entry. */
  void pop() {
    remove(0);
  }

  /** Gives the top entry the key {@code k}, not below its current one. */
  void raiseTop(double k) {
    siftDown(0, k, link[0], size);
  }

  /** Removes link {@code l} if it is in the heap. */
  void removeLink(int l) {
    if (pos[l] >= 0) {
      remove(pos[l]);
    }
  }

  /** Removes the entry at position {@code p}. */
  private void remove(int p) {
    pos[link[p]] = -1;
    int last = --size;
    if (p == last) {
      return;
    }
    double k = key[last];
    int l = link[last];
    if (p > 0 && k < key[(p - 1) >>> 1]) {
      siftUp(p, k, l);
    } else {
      siftDown(p, k, l, last);
    }
  }

  /** Places (k, l) at position {@code i} or above it. */
  private void siftUp(int i, double k, int l) {
    while (i > 0) {
      int q = (i - 1) >>> 1;
      if (key[q] <= k) {
        break;
      }
      key[i] = key[q];
      link[i] = link[q];
      pos[link[i]] = i;
      i = q;
    }
    key[i] = k;
    link[i] = l;
    pos[l] = i;
  }

  /** Places (k, l) at position {@code i} or below it, among the first {@code n} positions. */
  private void siftDown(int i, double k, int l, int n) {
    while (true) {
      int c = 2 * i + 1;
      if (c >= n) {
        break;
      }
      if (c + 1 < n && key[c + 1] < key[c]) {
        c++;
      }
      if (k <= key[c]) {
        break;
      }
      key[i] = key[c];
      link[i] = link[c];
      pos[link[i]] = i;
      i = c;
    }
    key[i] = k;
    link[i] = l;
    pos[l] = i;
  }
}
