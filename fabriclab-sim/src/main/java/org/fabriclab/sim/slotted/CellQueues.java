package org.fabriclab.sim.slotted;

import java.util.Arrays;

/**
 * {@code queueCount} FIFO queues of cells over one shared pool. A cell is an int handle carrying
 * two int fields ({@code a}, {@code b}; the model decides their meaning, e.g. flow and sequence
 * number). Queues are singly linked lists through the pool (fields of a cell, and of a queue, are
 * interleaved in one array so one access touches one cache line), so push, pop,
 * length and peek are O(1) and nothing is allocated once the pool has grown to the peak number of
 * live cells (it doubles when full: amortised O(1), never in the steady state).
 */
public final class CellQueues {
  /** head, tail, length of queue q at 3q, 3q+1, 3q+2 (one cache line per queue). */
  private final int[] qs;
  private final int queueCount;
  /** next, a, b of cell c at 3c, 3c+1, 3c+2. */
  private int[] cell;
  private int free = -1;
  private int used;
  private int live;
  private int peakLive;

  public CellQueues(int queueCount, int initialCells) {
    if (queueCount < 1 || initialCells < 1) {
      throw new IllegalArgumentException("queueCount and initialCells must be >= 1");
    }
    this.queueCount = queueCount;
    qs = new int[Math.multiplyExact(3, queueCount)];
    for (int q = 0; q < queueCount; q++) {
      qs[3 * q] = -1;
      qs[3 * q + 1] = -1;
    }
    cell = new int[3 * initialCells];
  }

  /** Appends a new cell (a, b) at the tail of queue {@code q}. O(1) amortised. */
  public void push(int q, int a, int b) {
    int c = allocate();
    int c3 = 3 * c;
    cell[c3] = -1;
    cell[c3 + 1] = a;
    cell[c3 + 2] = b;
    int q3 = 3 * q;
    int t = qs[q3 + 1];
    if (t < 0) {
      qs[q3] = c;
    } else {
      cell[3 * t] = c;
    }
    qs[q3 + 1] = c;
    qs[q3 + 2]++;
  }

  /** Removes the head cell of non-empty queue {@code q}; read its fields first with {@link #headA}. */
  public void pop(int q) {
    int q3 = 3 * q;
    int c = qs[q3];
    if (c < 0) {
      throw new IllegalStateException("pop from empty queue " + q);
    }
    int nx = cell[3 * c];
    qs[q3] = nx;
    if (nx < 0) {
      qs[q3 + 1] = -1;
    }
    qs[q3 + 2]--;
    cell[3 * c] = free;
    free = c;
    live--;
  }

  public int headA(int q) {
    return cell[3 * qs[3 * q] + 1];
  }

  public int headB(int q) {
    return cell[3 * qs[3 * q] + 2];
  }

  public int length(int q) {
    return qs[3 * q + 2];
  }

  public boolean isEmpty(int q) {
    return qs[3 * q + 2] == 0;
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
    return queueCount;
  }

  private int allocate() {
    int c;
    if (free >= 0) {
      c = free;
      free = cell[3 * c];
    } else {
      if (3 * used == cell.length) {
        cell = Arrays.copyOf(cell, cell.length * 2);
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
