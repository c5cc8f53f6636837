package org.fabriclab.sim.packet;

import java.util.Arrays;

/**
 * The packet pool and its typed header fields. Every packet's fields live in parallel primitive
 * arrays indexed by a packet id; freed ids are reused through a free list, so the steady state
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
 *       and bits from {@link #FIRST_SYSTEM_FLAG} up for systems;
 *   <li>{@code hops} — links traversed; {@code inLink} — the ingress link of the last hop
 *       ({@code -1} at the source), kept on copies so PFC and the MMU see them;
 *   <li>{@code stamp} — a timestamp the transport may echo;
 *   <li>an extension area of {@link #EXT_INTS} ints and {@link #EXT_LONGS} longs per packet for a
 *       system's own header (Gleam's multicast PSN map, a relay's tag…), cleared at allocation.
 * </ul>
 * The {@code next} link field belongs to whoever queues the packet (the network's ports).
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
  /** Flag bits from here up are free for systems' own use. */
  public static final int FIRST_SYSTEM_FLAG = 1 << 8;
  /** Ints in the per-packet extension area. */
  public static final int EXT_INTS = 4;
  /** Longs in the per-packet extension area. */
  public static final int EXT_LONGS = 2;

  private int[] flow;
  private int[] kind;
  private int[] seq;
  private int[] size;
  private int[] payload;
  private int[] src;
  private int[] dst;
  private int[] group;
  private int[] flags;
  private int[] hops;
  private int[] next;
  private int[] inLink;
  private long[] stamp;
  private int[] extInt;
  private long[] extLong;
  private boolean[] extUsed;
  private int[] nextFree;
  private int freeHead = -1;
  private int capacity;
  private int used;
  private int live;
  private long liveBytes;

  public Packets(int initialCapacity) {
    capacity = Math.max(16, initialCapacity);
    flow = new int[capacity];
    kind = new int[capacity];
    seq = new int[capacity];
    size = new int[capacity];
    payload = new int[capacity];
    src = new int[capacity];
    dst = new int[capacity];
    group = new int[capacity];
    flags = new int[capacity];
    hops = new int[capacity];
    stamp = new long[capacity];
    nextFree = new int[capacity];
    next = new int[capacity];
    inLink = new int[capacity];
    extInt = new int[capacity * EXT_INTS];
    extLong = new long[capacity * EXT_LONGS];
    extUsed = new boolean[capacity];
  }

  /**
   * Takes a packet from the pool and sets its main fields; payload, group, flags, hops and the
   * extension area are cleared, inLink is -1.
   */
  public int allocate(int flowId, int kindId, int seqNo, int bytes, int srcNode, int dstNode, long ts) {
    int p;
    if (freeHead >= 0) {
      p = freeHead;
      freeHead = nextFree[p];
    } else {
      if (used == capacity) {
        grow();
      }
      p = used++;
    }
    flow[p] = flowId;
    kind[p] = kindId;
    seq[p] = seqNo;
    size[p] = bytes;
    payload[p] = 0;
    src[p] = srcNode;
    dst[p] = dstNode;
    group[p] = 0;
    flags[p] = 0;
    hops[p] = 0;
    inLink[p] = -1;
    stamp[p] = ts;
    if (extUsed[p]) {
      clearExt(p);
    }
    nextFree[p] = -2;
    live++;
    liveBytes += bytes;
    return p;
  }

  /**
   * A new packet with every header field of {@code p}, inLink and the extension area included.
   * Use {@code Network.copy} inside the network so the copy is counted.
   */
  public int copy(int p) {
    int c = allocate(flow[p], kind[p], seq[p], size[p], src[p], dst[p], stamp[p]);
    payload[c] = payload[p];
    group[c] = group[p];
    flags[c] = flags[p];
    hops[c] = hops[p];
    inLink[c] = inLink[p];
    if (extUsed[p]) {
      System.arraycopy(extInt, p * EXT_INTS, extInt, c * EXT_INTS, EXT_INTS);
      System.arraycopy(extLong, p * EXT_LONGS, extLong, c * EXT_LONGS, EXT_LONGS);
      extUsed[c] = true;
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
    extUsed[p] = false;
  }

  /** Returns a packet to the pool. */
  public void free(int p) {
    if (nextFree[p] != -2) {
      throw new IllegalStateException("packet " + p + " freed twice");
    }
    live--;
    liveBytes -= size[p];
    nextFree[p] = freeHead;
    freeHead = p;
  }

  /** True when {@code p} is allocated (not in the free list). */
  public boolean isLive(int p) {
    return p >= 0 && p < used && nextFree[p] == -2;
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
    return flow[p];
  }

  public void setFlow(int p, int v) {
    flow[p] = v;
  }

  /** Queue-pair number: the same field as {@link #flow}. */
  public int qpn(int p) {
    return flow[p];
  }

  public int kind(int p) {
    return kind[p];
  }

  public void setKind(int p, int v) {
    kind[p] = v;
  }

  public int seq(int p) {
    return seq[p];
  }

  public void setSeq(int p, int v) {
    seq[p] = v;
  }

  /** Packet sequence number: the same field as {@link #seq}. */
  public int psn(int p) {
    return seq[p];
  }

  public void setPsn(int p, int v) {
    seq[p] = v;
  }

  public int size(int p) {
    return size[p];
  }

  public int payload(int p) {
    return payload[p];
  }

  public void setPayload(int p, int bytes) {
    payload[p] = bytes;
  }

  public int src(int p) {
    return src[p];
  }

  public void setSrc(int p, int node) {
    src[p] = node;
  }

  public int dst(int p) {
    return dst[p];
  }

  /** Rewrites the destination node (multicast replication, header rewrite). */
  public void setDst(int p, int node) {
    dst[p] = node;
  }

  public int group(int p) {
    return group[p];
  }

  public void setGroup(int p, int g) {
    group[p] = g;
  }

  public int flags(int p) {
    return flags[p];
  }

  public void setFlags(int p, int f) {
    flags[p] = f;
  }

  public boolean hasFlag(int p, int f) {
    return (flags[p] & f) != 0;
  }

  public void addFlag(int p, int f) {
    flags[p] |= f;
  }

  public void clearFlag(int p, int f) {
    flags[p] &= ~f;
  }

  public int hops(int p) {
    return hops[p];
  }

  public void setHops(int p, int h) {
    hops[p] = h;
  }

  /** The link over which {@code p} reached its current node, or -1 at its source. */
  public int inLink(int p) {
    return inLink[p];
  }

  public void setInLink(int p, int link) {
    inLink[p] = link;
  }

  public long stamp(int p) {
    return stamp[p];
  }

  public void setStamp(int p, long ts) {
    stamp[p] = ts;
  }

  /** Extension int {@code i} ({@code 0 <= i < EXT_INTS}). */
  public int extInt(int p, int i) {
    return extInt[p * EXT_INTS + i];
  }

  public void setExtInt(int p, int i, int v) {
    extUsed[p] = true;
    extInt[p * EXT_INTS + i] = v;
  }

  /** Extension long {@code i} ({@code 0 <= i < EXT_LONGS}). */
  public long extLong(int p, int i) {
    return extLong[p * EXT_LONGS + i];
  }

  public void setExtLong(int p, int i, long v) {
    extUsed[p] = true;
    extLong[p * EXT_LONGS + i] = v;
  }

  /** The queue link of {@code p} (owned by whoever queues it; -1 at the tail). */
  public int next(int p) {
    return next[p];
  }

  public void setNext(int p, int q) {
    next[p] = q;
  }

  /** Changes a packet's wire size (trimming), keeping the live-byte count right. */
  public void resize(int p, int bytes) {
    liveBytes += bytes - size[p];
    size[p] = bytes;
  }

  private void grow() {
    capacity *= 2;
    flow = Arrays.copyOf(flow, capacity);
    kind = Arrays.copyOf(kind, capacity);
    seq = Arrays.copyOf(seq, capacity);
    size = Arrays.copyOf(size, capacity);
    payload = Arrays.copyOf(payload, capacity);
    src = Arrays.copyOf(src, capacity);
    dst = Arrays.copyOf(dst, capacity);
    group = Arrays.copyOf(group, capacity);
    flags = Arrays.copyOf(flags, capacity);
    hops = Arrays.copyOf(hops, capacity);
    stamp = Arrays.copyOf(stamp, capacity);
    nextFree = Arrays.copyOf(nextFree, capacity);
    next = Arrays.copyOf(next, capacity);
    inLink = Arrays.copyOf(inLink, capacity);
    extInt = Arrays.copyOf(extInt, capacity * EXT_INTS);
    extLong = Arrays.copyOf(extLong, capacity * EXT_LONGS);
    extUsed = Arrays.copyOf(extUsed, capacity);
  }
}
