package org.fabriclab.sim.host;

import java.util.Arrays;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;

/**
 * The egress arbiter of every host NIC of a network (as an RDMA NIC's: round-robin over the active
 * queue pairs, each honouring its own pacing and window; control packets — ACKs, NACKs, CNPs — are
 * sent directly by the transports and so go first). A data packet leaves only when the NIC port is
 * idle, empty and not paused by PFC ({@link Network#portReady}), so a host never overfills or drops
 * at its own NIC and a paused NIC stops its host injecting.
 *
 * <p>Each registered sender ({@link #register}) is an (source, id) pair on one host; an active
 * sender sits in its host's ring. When the NIC frees up the scheduler polls the ring from the
 * sender after the last one served: the first that sends wins; idle ones leave the ring; paced
 * ones give the earliest time worth waking up for. One wake-up event per host at a time (plus a
 * call on PFC resume). Decision: this port test applies to a host with one NIC port of role
 * {@code HOST_NIC}; a direct-connect node (torus) or a multi-homed server shares its ports with
 * transit traffic, so waiting for an idle port could starve it — there the NIC instead emits at
 * its line rate (first port's capacity), one packet per serialization time, and the ports queue
 * as switch ports do. O(active senders of the host) per packet in the worst case, O(1) typically.
 *
 * <p>Layout: a sender's fields (its id, host, ring links, active flag, source) share one record of
 * {@link #STRIDE} ints, a host's fields one int and one long record, since a run may register
 * millions of senders (one per queue pair) and each poll would otherwise miss once per field.
 */
public final class NicScheduler {
  private final Network net;
  private final Simulator sim;
  private final Topology topo;
  private final int[] hostOfNode;
  private final int[] hostOfLink;
  // per host h: ints at h * HS (ring cursor, ring size, NIC link, shared flag), longs at h * HS
  private static final int HS = 4;
  private static final int CURSOR = 0;
  private static final int RING = 1;
  private static final int LINK = 2;
  private static final int SHARED = 3;
  private static final int WAKE_AT = 0;
  private static final int NIC_FREE = 1;
  private static final int NIC_RATE = 2;
  private final int[] hostInts;
  private final long[] hostLongs;
  private final int wake;
  // per sender s: ints at s * STRIDE
  static final int STRIDE = 8;
  private static final int ID = 0;
  private static final int NEXT = 1;
  private static final int PREV = 2;
  private static final int ACTIVE = 3;
  private static final int HOST = 4;
  private static final int SOURCE = 5; // index into sources
  private int[] snd = new int[16 * STRIDE];
  private EgressSource[] sources = new EgressSource[0];
  private int senders;

  public NicScheduler(Network net) {
    this.net = net;
    this.sim = net.simulator();
    this.topo = net.topology();
    int hosts = topo.serverCount();
    hostOfNode = new int[topo.nodeCount()];
    Arrays.fill(hostOfNode, -1);
    hostOfLink = new int[topo.linkCount()];
    Arrays.fill(hostOfLink, -1);
    hostInts = new int[hosts * HS];
    hostLongs = new long[hosts * HS];
    for (int h = 0; h < hosts; h++) {
      int v = topo.server(h);
      hostOfNode[v] = h;
      int link = topo.degree(v) > 0 ? topo.firstLink(v) : -1;
      if (link >= 0) {
        hostOfLink[link] = h;
      }
      boolean sh = link < 0 || topo.degree(v) != 1
          || net.role(link) != org.fabriclab.sim.net.PortRole.HOST_NIC;
      hostInts[h * HS + LINK] = link;
      hostInts[h * HS + SHARED] = sh ? 1 : 0;
      hostInts[h * HS + CURSOR] = -1;
      hostLongs[h * HS + NIC_RATE] = link < 0 ? 1 : topo.capacityBps(link);
      hostLongs[h * HS + WAKE_AT] = Long.MAX_VALUE;
    }
    wake = sim.register((h, unused) -> {
      if (hostLongs[h * HS + WAKE_AT] == sim.now()) {
        hostLongs[h * HS + WAKE_AT] = Long.MAX_VALUE;
      }
      serve(h);
    });
    net.addPortReadyListener(link -> {
      int h = hostOfLink[link];
      if (h >= 0) {
        serve(h);
      }
    });
  }

  /** Makes room for {@code more} senders beyond the current ones, so registering them never grows the table. */
  public void reserve(int more) {
    long need = ((long) senders + more) * STRIDE;
    if (need > snd.length && need <= Integer.MAX_VALUE - 8) {
      snd = Arrays.copyOf(snd, (int) need);
    }
  }

  /** Registers sender {@code senderId} of {@code src} on host node {@code node}; returns its handle. */
  public int register(EgressSource src, int senderId, int node) {
    int h = hostOfNode[node];
    if (h < 0) {
      throw new IllegalArgumentException("node " + node + " is not a server");
    }
    if ((long) (senders + 1) * STRIDE > snd.length) {
      if ((long) snd.length * 2 > Integer.MAX_VALUE - 8) {
        throw new IllegalStateException("more than " + senders + " NIC senders");
      }
      snd = Arrays.copyOf(snd, snd.length * 2);
    }
    int k = 0;
    while (k < sources.length && sources[k] != src) {
      k++; // a handful of distinct sources (transports, applications)
    }
    if (k == sources.length) {
      sources = Arrays.copyOf(sources, k + 1);
      sources[k] = src;
    }
    int s = senders++;
    int b = s * STRIDE;
    snd[b + ID] = senderId;
    snd[b + HOST] = h;
    snd[b + SOURCE] = k;
    return s;
  }

  /** The sender has something to send: joins its host's ring and the NIC is tried now. */
  public void activate(int handle) {
    int[] r = snd;
    int b = handle * STRIDE;
    int h = r[b + HOST];
    if (r[b + ACTIVE] == 0) {
      r[b + ACTIVE] = 1;
      int c = hostInts[h * HS + CURSOR];
      if (c < 0) {
        r[b + NEXT] = handle;
        r[b + PREV] = handle;
        hostInts[h * HS + CURSOR] = handle;
      } else {
        // insert just before the cursor: served last in this round
        int p = r[c * STRIDE + PREV];
        r[p * STRIDE + NEXT] = handle;
        r[b + PREV] = p;
        r[b + NEXT] = c;
        r[c * STRIDE + PREV] = handle;
      }
      hostInts[h * HS + RING]++;
    }
    serve(h);
  }

  /** Senders currently in host {@code h}'s ring. */
  public int activeSenders(int h) {
    return hostInts[h * HS + RING];
  }

  private void leave(int s) {
    int[] r = snd;
    int b = s * STRIDE;
    int hi = r[b + HOST] * HS;
    r[b + ACTIVE] = 0;
    if (--hostInts[hi + RING] == 0) {
      hostInts[hi + CURSOR] = -1;
      return;
    }
    int nx = r[b + NEXT];
    int pv = r[b + PREV];
    r[pv * STRIDE + NEXT] = nx;
    r[nx * STRIDE + PREV] = pv;
    if (hostInts[hi + CURSOR] == s) {
      hostInts[hi + CURSOR] = nx;
    }
  }

  private void serve(int h) {
    int[] hi = hostInts;
    int hb = h * HS;
    int link = hi[hb + LINK];
    if (hi[hb + CURSOR] < 0 || link < 0) {
      return;
    }
    long now = sim.now();
    boolean sh = hi[hb + SHARED] != 0;
    if (sh) {
      long free = hostLongs[hb + NIC_FREE];
      if (now < free) {
        wakeUp(h, free);
        return;
      }
    } else if (!net.portReady(link)) {
      if (!net.portPaused(link)) {
        long busy = net.busyUntilPs(link);
        wakeUp(h, busy > now ? busy : now);
      }
      return; // paused: the PFC resume calls back
    }
    long earliest = Long.MAX_VALUE;
    int n = hi[hb + RING];
    int s = hi[hb + CURSOR];
    for (int i = 0; i < n && hi[hb + CURSOR] >= 0; i++) {
      int b = s * STRIDE;
      int following = snd[b + NEXT];
      long before = net.accounting().injectedBytes();
      long r = sources[snd[b + SOURCE]].poll(snd[b + ID], now);
      if (r == EgressSource.SENT) {
        if (snd[b + ACTIVE] != 0) {
          hi[hb + CURSOR] = snd[b + NEXT];
        }
        if (sh) {
          long bits = (net.accounting().injectedBytes() - before) * 8;
          long rate = hostLongs[hb + NIC_RATE];
          long free = now + (bits * 1_000_000_000_000L + rate - 1) / rate;
          hostLongs[hb + NIC_FREE] = free;
          wakeUp(h, free);
        } else {
          long busy = net.busyUntilPs(link);
          wakeUp(h, busy > now ? busy : now);
        }
        return;
      }
      if (r == EgressSource.IDLE) {
        if (snd[b + ACTIVE] != 0) {
          leave(s);
        }
      } else if (r < earliest) {
        earliest = r;
      }
      s = hi[hb + CURSOR] < 0 ? -1 : following;
      if (s < 0 || snd[s * STRIDE + ACTIVE] == 0) {
        s = hi[hb + CURSOR];
      }
    }
    if (earliest != Long.MAX_VALUE) {
      wakeUp(h, earliest);
    }
  }

  private void wakeUp(int h, long t) {
    int i = h * HS + WAKE_AT;
    if (t < hostLongs[i]) {
      hostLongs[i] = t;
      sim.schedule(t, wake, h, 0);
    }
  }
}
