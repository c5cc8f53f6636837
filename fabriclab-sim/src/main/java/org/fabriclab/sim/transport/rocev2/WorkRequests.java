package org.fabriclab.sim.transport.rocev2;

import java.util.Arrays;
import org.fabriclab.error.InvalidParameterException;

/**
 * The work requests (messages) of every queue pair of a {@link Rocev2Transport}, in posting order:
 * per request the end of its PSN range (exclusive), its last packet's payload bytes, its id, and
 * its first PSN with the extra header bytes that packet carries (e.g. a WRITE's RETH, seed 002
 * §3.3; 0 for none). Indexed per QP from 0; a send head and a receive head per QP walk them (the
 * oldest request not yet acknowledged to the sender / not yet held in order by the receiver).
 *
 * <p>Layout, for ~2 M QPs that mostly carry one message each: one record of {@link #STRIDE} longs
 * per QP holding the QP's first request inline, its request count and the base of its other
 * requests in a shared arena (4 longs each), its two heads, and {@link #OWNER}..{@code OWNER + 2}
 * slots that belong to the transport (its per-QP times, read with the request) — so a packet's
 * send, delivery or ACK reads one line here instead of three list objects and their arrays. A
 * QP's arena segment doubles by moving to the arena's end (the old segment is left unused: at
 * most the live size again). O(1) per call, amortised O(1) per append.
 */
final class WorkRequests {
  /** Longs per QP record. */
  static final int STRIDE = 8;
  /** First record slot owned by the transport. */
  static final int OWNER = 4;
  // per request: end PSN << 32 | last packet's payload; id; first PSN << 32 | extra header bytes
  private static final int END_LAST = 0;
  private static final int ID = 1;
  private static final int FIRST_EXTRA = 2;
  /** Record slot: request count (low 32 bits) and arena base of requests 1.. (high 32 bits). */
  private static final int COUNT_BASE = 3;
  /** Record slot: send head (low 32 bits) and receive head (high 32 bits). */
  private static final int HEADS = 7;
  private static final long RX_ONE = 1L << 32;
  private static final int ARENA_STRIDE = 4;

  /** The QP records: QP {@code q}'s at {@code q * STRIDE}; the array is replaced when it grows. */
  long[] rec = new long[16 * STRIDE];
  private long[] arena = new long[16 * ARENA_STRIDE];
  private int arenaTop;
  private int count;

  /** Makes room for {@code more} QPs beyond the current ones (their first request is in the record). */
  void reserve(int more) {
    long need = ((long) count + more) * STRIDE;
    if (need > rec.length && need <= Integer.MAX_VALUE - 8) {
      rec = Arrays.copyOf(rec, (int) need);
    }
  }

  /** Adds an empty record for the next QP; returns its number. Amortised O(1). */
  int add() {
    if ((long) (count + 1) * STRIDE > rec.length) {
      long c = (long) rec.length * 2;
      if (c > Integer.MAX_VALUE - 8) {
        throw new IllegalStateException("work-request records for " + (count + 1) + " queue pairs exceed one array");
      }
      rec = Arrays.copyOf(rec, (int) c);
    }
    return count++;
  }

  /** Requests posted on QP {@code q}. */
  int count(int q) {
    return (int) rec[q * STRIDE + COUNT_BASE];
  }

  /**
   * Posts a message of {@code bytes} (≥ 1) on QP {@code q}: extends the QP's PSN stream in
   * {@code qps} by its packets of {@code payload} bytes and appends the request (id {@code id},
   * {@code extra} header bytes on its first packet).
   */
  void post(RcQueuePairs qps, int q, long bytes, int payload, long id, int extra) {
    long packets = (bytes + payload - 1) / payload;
    if (bytes < 1 || packets > Integer.MAX_VALUE / 2) {
      throw new InvalidParameterException("bytes", bytes,
          "valid range 1.." + (long) payload * (Integer.MAX_VALUE / 2));
    }
    qps.extend(q, (int) packets); // first: it may refuse (stream length), leaving no request added
    int end = qps.length(q);
    append(q, end - (int) packets, end, (int) (bytes - (packets - 1) * payload), id, extra);
  }

  /**
   * Appends a request to QP {@code q}: PSNs {@code first} .. {@code end - 1}, {@code last} payload
   * bytes in its last packet, {@code extra} header bytes on its first packet.
   */
  private void append(int q, int first, int end, int last, long id, int extra) {
    int b = q * STRIDE;
    long cb = rec[b + COUNT_BASE];
    int n = (int) cb;
    int base = (int) (cb >>> 32);
    long[] a = rec;
    int i = b;
    if (n > 0) {
      int k = n - 1; // index among the arena requests; their capacity is the power of two >= k
      if ((k & (k - 1)) == 0) {
        int cap = k == 0 ? 1 : 2 * k;
        if ((long) arenaTop + cap > (Integer.MAX_VALUE - 8) / ARENA_STRIDE) {
          throw new IllegalStateException("more than " + (Integer.MAX_VALUE - 8) / ARENA_STRIDE
              + " queued work requests");
        }
        if ((arenaTop + cap) * ARENA_STRIDE > arena.length) {
          long c = Math.max((long) (arenaTop + cap) * ARENA_STRIDE, (long) arena.length * 2);
          arena = Arrays.copyOf(arena, (int) Math.min(c, Integer.MAX_VALUE - 8));
        }
        System.arraycopy(arena, base * ARENA_STRIDE, arena, arenaTop * ARENA_STRIDE, k * ARENA_STRIDE);
        base = arenaTop;
        arenaTop += cap;
      }
      a = arena;
      i = (base + k) * ARENA_STRIDE;
    }
    a[i + END_LAST] = (long) end << 32 | (last & 0xFFFFFFFFL);
    a[i + ID] = id;
    a[i + FIRST_EXTRA] = (long) first << 32 | (extra & 0xFFFFFFFFL);
    rec[b + COUNT_BASE] = (long) base << 32 | (n + 1);
  }

  /** End PSN (exclusive) of request {@code w} of QP {@code q}. */
  int end(int q, int w) {
    return (int) (endLast(q, w) >>> 32);
  }

  /** End PSN << 32 | last packet's payload bytes, of request {@code w} of QP {@code q}. */
  long endLast(int q, int w) {
    int b = q * STRIDE;
    return w == 0 ? rec[b + END_LAST] : arena[arenaIndex(b, w) + END_LAST];
  }

  /** The id of request {@code w} of QP {@code q}. */
  long id(int q, int w) {
    int b = q * STRIDE;
    return w == 0 ? rec[b + ID] : arena[arenaIndex(b, w) + ID];
  }

  /** The extra header bytes of data packet {@code psn} of request {@code w} of QP {@code q}. */
  int extraBytes(int q, int w, int psn) {
    int b = q * STRIDE;
    long fe = w == 0 ? rec[b + FIRST_EXTRA] : arena[arenaIndex(b, w) + FIRST_EXTRA];
    return (int) (fe >>> 32) == psn ? (int) fe : 0;
  }

  /** The request of QP {@code q} holding PSN {@code psn} (below the last request's end). */
  int sending(int q, int psn) {
    int w = (int) rec[q * STRIDE + HEADS];
    while (psn >= end(q, w)) {
      w++;
    }
    return w;
  }

  /** The end of the requests before the send head (0 if none): where go-back-0 resends from. */
  int sentEnd(int q) {
    int h = (int) rec[q * STRIDE + HEADS];
    return h == 0 ? 0 : end(q, h - 1);
  }

  /** The end of the requests before the receive head (0 if none): go-back-0's receiver restart. */
  int receivedEnd(int q) {
    int h = (int) (rec[q * STRIDE + HEADS] >>> 32);
    return h == 0 ? 0 : end(q, h - 1);
  }

  /** True when QP {@code q} has a request at its send head and every PSN of it is below {@code una}. */
  boolean sendHeadDone(int q, int una) {
    int h = (int) rec[q * STRIDE + HEADS];
    return h < count(q) && una >= end(q, h);
  }

  /** As {@link #sendHeadDone} for the receive head and the receiver's expected PSN. */
  boolean receiveHeadDone(int q, int expected) {
    int h = (int) (rec[q * STRIDE + HEADS] >>> 32);
    return h < count(q) && expected >= end(q, h);
  }

  long sendHeadId(int q) {
    return id(q, (int) rec[q * STRIDE + HEADS]);
  }

  long receiveHeadId(int q) {
    return id(q, (int) (rec[q * STRIDE + HEADS] >>> 32));
  }

  void advanceSend(int q) {
    rec[q * STRIDE + HEADS]++; // the send head stays below 2^31: no carry into the receive head
  }

  void advanceReceive(int q) {
    rec[q * STRIDE + HEADS] += RX_ONE;
  }

  private int arenaIndex(int b, int w) {
    return ((int) (rec[b + COUNT_BASE] >>> 32) + w - 1) * ARENA_STRIDE;
  }
}
