package org.fabriclab.sim.net;

import java.util.Arrays;

/**
 * The packet pool: every packet's fields live in parallel primitive arrays indexed by a packet id,
 * and freed ids are reused through a free list, so the steady state allocates nothing (the arrays
 * only grow, by doubling, while the number of packets alive grows).
 *
 * <p>Fields: flow, kind (transport-defined), seq (segment or PSN or ACK number), size in bytes,
 * source and destination node, ECN flags, hop count, and a timestamp the transport may echo.
 */
public final class Packets {
  /** ECN flag: congestion experienced (set by a switch). */
  public static final int CE = 1;
  /** ECN flag: echo of a CE mark (set by a receiver on its ACK). */
  public static final int ECE = 2;
  /** The payload was cut off by a trimming queue (NDP): only the header arrives. */
  public static final int TRIMMED = 4;
  /** Served by the strict-priority class of ports with priority queues. */
  public static final int PRIORITY = 8;

  int[] flow;
  int[] kind;
  int[] seq;
  int[] size;
  int[] src;
  int[] dst;
  int[] flags;
  int[] hops;
  int[] queueNext;
  int[] inLink;
  long[] stamp;
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
    src = new int[capacity];
    dst = new int[capacity];
    flags = new int[capacity];
    hops = new int[capacity];
    stamp = new long[capacity];
    nextFree = new int[capacity];
    queueNext = new int[capacity];
    inLink = new int[capacity];
  }

  /** Takes a packet from the pool and sets its fields (flags and hops cleared). */
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
    src[p] = srcNode;
    dst[p] = dstNode;
    flags[p] = 0;
    hops[p] = 0;
    inLink[p] = -1;
    stamp[p] = ts;
    nextFree[p] = -2;
    live++;
    liveBytes += bytes;
    return p;
  }

  /** A new packet with the same fields as {@code p} (multicast replication). */
  public int copy(int p) {
    int c = allocate(flow[p], kind[p], seq[p], size[p], src[p], dst[p], stamp[p]);
    flags[c] = flags[p];
    hops[c] = hops[p];
    return c;
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

  public int kind(int p) {
    return kind[p];
  }

  public int seq(int p) {
    return seq[p];
  }

  public int size(int p) {
    return size[p];
  }

  public int src(int p) {
    return src[p];
  }

  public int dst(int p) {
    return dst[p];
  }

  public int flags(int p) {
    return flags[p];
  }

  public void setFlags(int p, int f) {
    flags[p] = f;
  }

  /** Rewrites the destination node (multicast replication, header rewrite). */
  public void setDst(int p, int node) {
    dst[p] = node;
  }

  public int hops(int p) {
    return hops[p];
  }

  public long stamp(int p) {
    return stamp[p];
  }

  /** Changes a packet's size (trimming), keeping the live-byte count right. */
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
    src = Arrays.copyOf(src, capacity);
    dst = Arrays.copyOf(dst, capacity);
    flags = Arrays.copyOf(flags, capacity);
    hops = Arrays.copyOf(hops, capacity);
    stamp = Arrays.copyOf(stamp, capacity);
    nextFree = Arrays.copyOf(nextFree, capacity);
    queueNext = Arrays.copyOf(queueNext, capacity);
    inLink = Arrays.copyOf(inLink, capacity);
  }
}
