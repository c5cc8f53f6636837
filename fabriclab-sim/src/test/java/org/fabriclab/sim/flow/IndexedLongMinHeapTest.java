package org.fabriclab.sim.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The indexed heap against java.util.PriorityQueue on random operation sequences. */
class IndexedLongMinHeapTest {
  record Entry(long key, int id) {}

  @Test
  void sameMinimaAsPriorityQueueUnderInsertRekeyRemovePop() {
    SplittableRandom rnd = new SplittableRandom(5);
    for (int round = 0; round < 50; round++) {
      int cap = 1 + rnd.nextInt(200);
      IndexedLongMinHeap h = new IndexedLongMinHeap(cap);
      PriorityQueue<Entry> pq = new PriorityQueue<>((a, b) -> a.key != b.key
          ? Long.compare(a.key, b.key) : Integer.compare(a.id, b.id));
      Map<Integer, Entry> in = new HashMap<>();
      for (int step = 0; step < 2000; step++) {
        int op = rnd.nextInt(4);
        int id = rnd.nextInt(cap);
        long key = rnd.nextInt(50); // many ties: the order must fall back to the id
        if (op <= 1) { // insert or re-key
          Entry old = in.remove(id);
          if (old != null) {
            pq.remove(old);
          }
          Entry e = new Entry(key, id);
          in.put(id, e);
          pq.add(e);
          h.set(id, key);
        } else if (op == 2) {
          Entry old = in.remove(id);
          if (old != null) {
            pq.remove(old);
          }
          h.remove(id);
        } else if (!pq.isEmpty()) {
          Entry e = pq.poll();
          in.remove(e.id);
          assertThat(h.minKey()).isEqualTo(e.key);
          assertThat(h.pop()).isEqualTo(e.id);
        }
        assertThat(h.size()).isEqualTo(pq.size());
        assertThat(h.contains(id)).isEqualTo(in.containsKey(id));
        if (pq.isEmpty()) {
          assertThat(h.minKey()).isEqualTo(Long.MAX_VALUE);
        } else {
          assertThat(h.minKey()).isEqualTo(pq.peek().key);
          assertThat(h.minId()).isEqualTo(pq.peek().id);
          assertThat(h.keyOf(pq.peek().id)).isEqualTo(pq.peek().key);
        }
      }
    }
  }
}
