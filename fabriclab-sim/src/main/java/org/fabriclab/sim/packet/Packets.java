package org.fabriclab.sim.packet;

import java.util.Arrays;

/**
 * The packet pool and its typed header fields. Every packet's fields live in one int record per
 * packet id (hop fields first, so a hop touches one or two cache lines) plus its extension longs; freed ids are reused through a free list, so the steady state
 * allocates nothing (the arrays only grow, by doubling, while the number of packets alive grows).
 *
 * <p>Header fields, each with a getter and a setter:
 * <ul>
 *   <li>{@code flow} — the flow or queue-pair number (QPN) of the transport that owns the kind;
 *   <li>{@code kind} — from the network's {@link PacketKinds} registry (so transports never collide);
 *   <li>{@code seq} — segment number, PSN or ACK number ({@link #psn}/{@link #setPsn} are aliases);
 *   <li>{@code size} — bytes on the wire (headers included; serialization and buffers use it);
 *   <li>{@code payload} — payload bytes carried (informational for the network; 0 for control);
 *   <li>{@code src}, {@code dst} — source and destination node (a switch element may rewrite dst);
 *   <li>{@code group} — multicast group address (0: unicast);
 *   <li>{@code flags} — {@link #CE}, {@link #ECE}, {@link #CNP}, {@link #TRIMMED}, {@link #PRIORITY},
 *       {@link #ACK_REQ}, and bits from {@link #FIRST_SYSTEM_FLAG} up for systems;
 *   <li>{@code hops} — links traversed; {@code inLink} — the ingress link of the last hop
 *       ({@code -1} at the source), kept on copies so PFC and the MMU see them;
 *   <li>{@code stamp} — a timestamp the transport may echo;
 *   <li>an extension area of {@link #EXT_INTS} ints and {@link #EXT_LONGS} longs per packet for a
 *       system's own header (Gleam's multicast PSN map, a relay's tag…), cleared at allocation.
 * </ul>
 * The {@code next} link field belongs to whoever queues the packet (the explicit-queue ports).
 */
public final class Packets {
  /** ECN: congestion experienced (set by a switch). */
  public static final int CE = 1;
  /** ECN echo of a CE mark (set by a receiver on its ACK). */
  public static final int ECE = 2;
  /** The payload was cut off by a trimming queue (NDP): only the header arrives. */
  public static final int TRIMMED = 4;
  /** Served by the strict-priority class of ports with priority queues. */
  public static final int PRIORITY = 8;
  /** Congestion notification packet bit (RoCEv2 CNP, or a switch-generated notification). */
  public static final int CNP = 16;
  /**
   * The sender asks for an immediate acknowledgement: RoCEv2's BTH AckReq bit, set on the last
   * packet of a message (InfiniBand vol. 1 §9.7.5.1.2), so a coalescing receiver ACKs it at once.
   */
  public static final int ACK_REQ = 32;
  /** Flag bits from here up are free for systems' own use. */
  public static final int FIRST_SYSTEM_FLAG = 1 << 8;
  /** Ints in the per-packet extension area. */
  public static final int EXT_INTS = 4;
  /** Longs in the per-packet extension area. */
  public static final int EXT_LONGS = 2;

  // Layout (performance): one record of R ints per packet, so the fields a hop reads and writes
  // share one or two cache lines instead of one line in each of 14 parallel arrays; the pool of a
  // large run holds ~10^5-10^6 packets, far beyond the core's cache. The first 12 ints are the
  // fields a hop touches (the queue link, hop count, ingress link, destination, flow, size, flags,
  // and the kind, sequence and source a receiver or a switch element reads); PREFETCH_LO and
  // PREFETCH_HI at both ends of them are written by {@link #prefetch}, so both cache lines they may
  // straddle are fetched (a Java array's records are not line-aligned). The rest are read at the
  // source or the receiver.
  private static final int R = 17;
  private static final int NEXT_FREE = 0; // liveness: -2 allocated, -1 free (PREFETCH_LO)
  private static final int NEXT = 1;
  private static final int HOPS = 2;
  private static final int IN_LINK = 3;
  private static final int DST = 4;
  private static final int FLOW = 5;
  private static final int SIZE = 6;
  private static final int FLAGS = 7;
  private static final int KIND = 8;
  private static final int SEQ = 9;
  private static final int SRC = 10;
  private static final int PREFETCH_HI = 11; // a pad the prefetch writes; never read
  private static final int GROUP = 12;
  private static final int PAYLOAD = 13;
  private static final int STAMP_LO = 14;
  private static final int STAMP_HI = 15;
  private static final int EXT_USED = 16;
  /** Most packets a pool can hold at once ({@code Integer.MAX_VALUE / 17}). */
  public static final int MAX_PACKETS = Integer.MAX_VALUE / R;

  private int[] h;
  private int[] extInt;
  private long[] extLong;
  // the free ids, last freed on top (a stack apart from the records: taking an id reads no record)
  private int[] freeStack = new int[16];
  private int freeTop;
  private int capacity;
  private int used;
  private int live;
  private long liveBytes;

  public Packets(int initialCapacity) {
    capacity = Math.min(MAX_PACKETS, Math.max(16, initialCapacity));
    h = new int[capacity * R];
    extInt = new int[capacity * EXT_INTS];
    extLong = new long[capacity * EXT_LONGS];
  }

  /**
   * Takes a packet from the pool and sets its main fields; payload, group, flags, hops and the
   * extension area are cleared, inLink is -1.
   */
  public int allocate(int flowId, int kindId, int seqNo, int bytes, int srcNode, int dstNode, long ts) {
    int p;
    if (freeTop > 0) {
      p = freeStack[--freeTop];
    } else {
      if (used == capacity) {
        grow();
      }
      p = used++;
    }
    int[] a = h;
    int b = p * R;
    a[b + FLOW] = flowId;
    a[b + KIND] = kindId;
    a[b + SEQ] = seqNo;
    a[b + SIZE] = bytes;
    a[b + SRC] = srcNode;
    a[b + DST] = dstNode;
    a[b + FLAGS] = 0;
    a[b + HOPS] = 0;
    a[b + IN_LINK] = -1;
    a[b + GROUP] = 0;
    a[b + PAYLOAD] = 0;
    a[b + STAMP_LO] = (int) ts;
    a[b + STAMP_HI] = (int) (ts >>> 32);
    a[b + NEXT_FREE] = -2;
    live++;
    liveBytes += bytes;
    return p;
  }

  /**
   * A new packet with every header field of {@code p}, inLink and the extension area included.
   * Use {@code Network.copy} inside the network so the copy is counted.
   */
  public int copy(int p) {
    int c = allocate(0, 0, 0, 0, 0, 0, 0);
    int[] a = h;
    int pb = p * R;
    int cb = c * R;
    liveBytes += a[pb + SIZE];
    System.arraycopy(a, pb + HOPS, a, cb + HOPS, PREFETCH_HI - HOPS); // HOPS .. SRC
    System.arraycopy(a, pb + GROUP, a, cb + GROUP, STAMP_HI + 1 - GROUP); // GROUP .. STAMP_HI
    if (a[pb + EXT_USED] != 0) {
      System.arraycopy(extInt, p * EXT_INTS, extInt, c * EXT_INTS, EXT_INTS);
      System.arraycopy(extLong, p * EXT_LONGS, extLong, c * EXT_LONGS, EXT_LONGS);
      a[cb + EXT_USED] = 1;
    }
    return c;
  }

  private void clearExt(int p) {
    int ei = p * EXT_INTS;
    for (int i = 0; i < EXT_INTS; i++) {
      extInt[ei + i] = 0;
    }
    int el = p * EXT_LONGS;
    for (int i = 0; i < EXT_LONGS; i++) {
      extLong[el + i] = 0;
    }
    h[p * R + EXT_USED] = 0;
  }

  /**
   * Ints {@link #export} writes per packet: every header field and the extension area (its longs
   * as two ints each).
   */
  public static final int RECORD_INTS = R - 1 + EXT_INTS + 2 * EXT_LONGS;

  /**
   * Writes every field of {@code p} (its queue link excepted: the receiving side's ports own it)
   * and its extension area into {@code buf} from {@code off}, {@link #RECORD_INTS} ints, for
   * {@link #restore} in another pool: a packet crossing between the logical processes of a
   * partitioned run. Does not free {@code p}.
   */
  public void export(int p, int[] buf, int off) {
    int b = p * R;
    System.arraycopy(h, b + 1, buf, off, R - 1);
    int o = off + R - 1;
    System.arraycopy(extInt, p * EXT_INTS, buf, o, EXT_INTS);
    o += EXT_INTS;
    for (int i = 0, el = p * EXT_LONGS; i < EXT_LONGS; i++, el++) {
      buf[o++] = (int) extLong[el];
      buf[o++] = (int) (extLong[el] >>> 32);
    }
  }

  /** A new packet with the fields {@link #export} wrote at {@code buf[off..]}; returns its id. */
  public int restore(int[] buf, int off) {
    int p = allocate(0, 0, 0, 0, 0, 0, 0);
    int b = p * R;
    System.arraycopy(buf, off, h, b + 1, R - 1);
    h[b + NEXT] = -1;
    liveBytes += h[b + SIZE];
    int o = off + R - 1;
    System.arraycopy(buf, o, extInt, p * EXT_INTS, EXT_INTS);
    o += EXT_INTS;
    for (int i = 0, el = p * EXT_LONGS; i < EXT_LONGS; i++, el++) {
      extLong[el] = (buf[o] & 0xFFFFFFFFL) | ((long) buf[o + 1] << 32);
      o += 2;
    }
    return p;
  }

  /** Returns a packet to the pool. */
  public void free(int p) {
    if (h[p * R + NEXT_FREE] != -2) {
      throw new IllegalStateException("packet " + p + " freed twice");
    }
    live--;
    liveBytes -= h[p * R + SIZE];
    if (h[p * R + EXT_USED] != 0) {
      clearExt(p);
    }
    h[p * R + NEXT_FREE] = -1;
    if (freeTop == freeStack.length) {
      freeStack = Arrays.copyOf(freeStack, Math.max(16, 2 * freeStack.length));
    }
    freeStack[freeTop++] = p;
  }

  /**
   * Performance hint for a live packet {@code p} that is about to be read: stores of values the
   * record already holds (its liveness marker) or that nobody reads (a pad) at both ends of its hop
   * fields, so the one or two cache lines they occupy come into the cache without the core waiting
   * for them (a store that misses retires at once; a load would stall). No effect on any field.
   */
  public void prefetch(int p) {
    int b = p * R;
    int[] a = h;
    a[b + NEXT_FREE] = -2;
    a[b + PREFETCH_HI] = 0;
  }

  /** True when {@code p} is allocated (not in the free list). */
  public boolean isLive(int p) {
    return p >= 0 && p < used && h[p * R + NEXT_FREE] == -2;
  }

  /** Packets currently allocated (in flight or held by a model). */
  public int live() {
    return live;
  }

  /** Bytes of the packets currently allocated. */
  public long liveBytes() {
    return liveBytes;
  }

  /** Slots ever created: the pool's high-water mark. */
  public int capacityUsed() {
    return used;
  }

  public int flow(int p) {
    return h[p * R + FLOW];
  }

  public void setFlow(int p, int v) {
    h[p * R + FLOW] = v;
  }

  /** Queue-pair number: the same field as {@link #flow}. */
  public int qpn(int p) {
    return h[p * R + FLOW];
  }

  public int kind(int p) {
    return h[p * R + KIND];
  }

  public void setKind(int p, int v) {
    h[p * R + KIND] = v;
  }

  public int seq(int p) {
    return h[p * R + SEQ];
  }

  public void setSeq(int p, int v) {
    h[p * R + SEQ] = v;
  }

  /** Packet sequence number: the same field as {@link #seq}. */
  public int psn(int p) {
    return h[p * R + SEQ];
  }

  public void setPsn(int p, int v) {
    h[p * R + SEQ] = v;
  }

  public int size(int p) {
    return h[p * R + SIZE];
  }

  public int payload(int p) {
    return h[p * R + PAYLOAD];
  }

  public void setPayload(int p, int bytes) {
    h[p * R + PAYLOAD] = bytes;
  }

  public int src(int p) {
    return h[p * R + SRC];
  }

  public void setSrc(int p, int node) {
    h[p * R + SRC] = node;
  }

  public int dst(int p) {
    return h[p * R + DST];
  }

  /** Rewrites the destination node (multicast replication, header rewrite). */
  public void setDst(int p, int node) {
    h[p * R + DST] = node;
  }

  public int group(int p) {
    return h[p * R + GROUP];
  }

  public void setGroup(int p, int g) {
    h[p * R + GROUP] = g;
  }

  public int flags(int p) {
    return h[p * R + FLAGS];
  }

  public void setFlags(int p, int f) {
    h[p * R + FLAGS] = f;
  }

  public boolean hasFlag(int p, int f) {
    return (h[p * R + FLAGS] & f) != 0;
  }

  public void addFlag(int p, int f) {
    h[p * R + FLAGS] |= f;
  }

  public void clearFlag(int p, int f) {
    h[p * R + FLAGS] &= ~f;
  }

  public int hops(int p) {
    return h[p * R + HOPS];
  }

  public void setHops(int p, int hopCount) {
    h[p * R + HOPS] = hopCount;
  }

  /** The link over which {@code p} reached its current node, or -1 at its source. */
  public int inLink(int p) {
    return h[p * R + IN_LINK];
  }

  public void setInLink(int p, int link) {
    h[p * R + IN_LINK] = link;
  }

  public long stamp(int p) {
    return (h[p * R + STAMP_LO] & 0xFFFFFFFFL) | ((long) h[p * R + STAMP_HI] << 32);
  }

  public void setStamp(int p, long ts) {
    h[p * R + STAMP_LO] = (int) ts;
    h[p * R + STAMP_HI] = (int) (ts >>> 32);
  }

  /** Extension int {@code i} ({@code 0 <= i < EXT_INTS}). */
  public int extInt(int p, int i) {
    return extInt[p * EXT_INTS + i];
  }

  public void setExtInt(int p, int i, int v) {
    h[p * R + EXT_USED] = 1;
    extInt[p * EXT_INTS + i] = v;
  }

  /** Extension long {@code i} ({@code 0 <= i < EXT_LONGS}). */
  public long extLong(int p, int i) {
    return extLong[p * EXT_LONGS + i];
  }

  public void setExtLong(int p, int i, long v) {
    h[p * R + EXT_USED] = 1;
    extLong[p * EXT_LONGS + i] = v;
  }

  /** The queue link of {@code p} (owned by whoever queues it; -1 at the tail). */
  public int next(int p) {
    return h[p * R + NEXT];
  }

  public void setNext(int p, int q) {
    h[p * R + NEXT] = q;
  }

  /** Changes a packet's wire size (trimming), keeping the live-byte count right. */
  public void resize(int p, int bytes) {
    liveBytes += bytes - h[p * R + SIZE];
    h[p * R + SIZE] = bytes;
  }

  private void grow() {
    if (capacity >= MAX_PACKETS) {
      throw new IllegalStateException("packet pool full: " + MAX_PACKETS + " packets alive at once");
    }
    capacity = (int) Math.min(MAX_PACKETS, 2L * capacity);
    h = Arrays.copyOf(h, capacity * R);
    extInt = Arrays.copyOf(extInt, capacity * EXT_INTS);
    extLong = Arrays.copyOf(extLong, capacity * EXT_LONGS);
  }
}
