package org.fabriclab.sim.slotted;

import java.util.Arrays;

/**
 * {@code queueCount} FIFO queues of cells over one shared pool. A cell is an int handle carrying
 * two int fields ({@code a}, {@code b}; the model decides their meaning, e.g. flow and sequence
 * number). Queues are singly linked lists through the pool's {@code next} array, so push, pop,
 * length and peek are O(1) and nothing is allocated once the pool has grown to the peak number of
 * live cells (it doubles when full: amortised O(1), never in the steady state).
 */
public final class CellQueues {
  private final int[] head;
  private final int[] tail;
  private final int[] length;
  private int[] next;
  private int[] fieldA;
  private int[] fieldB;
  private int free = -1;
  private int used;
  private int live;
  private int peakLive;

  public CellQueues(int queueCount, int initialCells) {
    if (queueCount < 1 || initialCells < 1) {
      throw new IllegalArgumentException("queueCount and initialCells must be >= 1");
    }
    head = new int[queueCount];
    tail = new int[queueCount];
    length = new int[queueCount];
    Arrays.fill(head, -1);
    Arrays.fill(tail, -1);
    next = new int[initialCells];
    fieldA = new int[initialCells];
    fieldB = new int[initialCells];
  }

  /** Appends a new cell (a, b) at the tail of queue {@code q}. O(1) amortised. */
  public void push(int q, int a, int b) {
    int c = allocate();
    fieldA[c] = a;
    fieldB[c] = b;
    next[c] = -1;
    if (tail[q] < 0) {
      head[q] = c;
    } else {
      next[tail[q]] = c;
    }
    tail[q] = c;
    length[q]++;
  }

  /** Removes the head cell of non-empty queue {@code q}; read its fields first with {@link #headA}. */
  public void pop(int q) {
    int c = head[q];
    if (c < 0) {
      throw new IllegalStateException("pop from empty queue " + q);
    }
    head[q] = next[c];
    if (head[q] < 0) {
      tail[q] = -1;
    }
    length[q]--;
    next[c] = free;
    free = c;
    live--;
  }

  public int headA(int q) {
    return fieldA[head[q]];
  }

  public int headB(int q) {
    return fieldB[head[q]];
  }

  public int length(int q) {
    return length[q];
  }

  public boolean isEmpty(int q) {
    return length[q] == 0;
  }

  /** Cells currently queued in all queues. */
  public int liveCells() {
    return live;
  }

  /** The largest {@link #liveCells()} seen. */
  public int peakLiveCells() {
    return peakLive;
  }

  public int queueCount() {
    return head.length;
  }

  private int allocate() {
    int c;
    if (free >= 0) {
      c = free;
      free = next[c];
    } else {
      if (used == next.length) {
        int n = next.length * 2;
        next = Arrays.copyOf(next, n);
        fieldA = Arrays.copyOf(fieldA, n);
        fieldB = Arrays.copyOf(fieldB, n);
      }
      c = used++;
    }
    live++;
    if (live > peakLive) {
      peakLive = live;
    }
    return c;
  }
}
