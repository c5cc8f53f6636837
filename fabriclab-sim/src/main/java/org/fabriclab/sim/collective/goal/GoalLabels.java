package org.fabriclab.sim.collective.goal;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The labels of one rank's block interned as integers {@code 0..k−1}: an open-addressing table
 * (linear probing, at most half full) over label bytes kept in one pool, each label with the
 * operation it names (−1 while only mentioned). {@link #clear} is O(1) through a generation stamp
 * per slot, so many small blocks cost no more than one large one. No allocation per label.
 */
final class GoalLabels {
  private int[] slotId = new int[1024];
  private int[] slotGen = new int[1024];
  private int gen = 1;
  private final GrowableBytes pool = new GrowableBytes();
  private final IntArrayList start = new IntArrayList();
  private final IntArrayList length = new IntArrayList();
  private final IntArrayList hash = new IntArrayList();
  private final IntArrayList op = new IntArrayList();

  void clear() {
    gen++;
    if (gen == Integer.MAX_VALUE) {
      Arrays.fill(slotGen, 0);
      gen = 1;
    }
    pool.clear();
    start.clear();
    length.clear();
    hash.clear();
    op.clear();
  }

  /** The id of label {@code w[0..len)}, a new one when first seen in this block. */
  int intern(byte[] w, int len) {
    int h = 0x811c9dc5;
    for (int i = 0; i < len; i++) {
      h = (h ^ w[i]) * 0x01000193;
    }
    h ^= h >>> 16;
    int mask = slotId.length - 1;
    byte[] p = pool.elements();
    for (int s = h & mask; ; s = (s + 1) & mask) {
      if (slotGen[s] != gen) {
        int id = start.size();
        slotGen[s] = gen;
        slotId[s] = id;
        start.add(pool.size());
        length.add(len);
        hash.add(h);
        op.add(-1);
        pool.add(w, 0, len);
        if (2 * start.size() > slotId.length) {
          grow();
        }
        return id;
      }
      int id = slotId[s];
      if (hash.getInt(id) == h && length.getInt(id) == len
          && Arrays.equals(p, start.getInt(id), start.getInt(id) + len, w, 0, len)) {
        return id;
      }
    }
  }

  private void grow() {
    int cap = slotId.length * 2;
    slotId = new int[cap];
    slotGen = new int[cap];
    gen = 1;
    int mask = cap - 1;
    for (int id = 0; id < start.size(); id++) {
      int s = hash.getInt(id) & mask;
      while (slotGen[s] == gen) {
        s = (s + 1) & mask;
      }
      slotGen[s] = gen;
      slotId[s] = id;
    }
  }

  /** Binds label {@code id} to operation {@code o}; returns the operation it had, or −1. */
  int define(int id, int o) {
    int old = op.getInt(id);
    if (old < 0) {
      op.set(id, o);
    }
    return old;
  }

  int op(int id) {
    return op.getInt(id);
  }

  byte[] bytes() {
    return pool.elements();
  }

  int start(int id) {
    return start.getInt(id);
  }

  int length(int id) {
    return length.getInt(id);
  }

  String text(int id) {
    return new String(pool.elements(), start.getInt(id), length.getInt(id),
        StandardCharsets.US_ASCII);
  }
}
