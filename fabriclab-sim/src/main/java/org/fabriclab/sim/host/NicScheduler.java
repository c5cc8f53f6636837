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
 */
public final class NicScheduler {
  private final Network net;
  private final Simulator sim;
  private final Topology topo;
  private final int[] hostOfNode;
  private final int[] nicLink;
  private final int[] hostOfLink;
  private final int[] cursor;
  private final int[] ringSize;
  private final long[] wakeAt;
  private final boolean[] shared;
  private final long[] nicFree;
  private final long[] nicRate;
  private final int wake;
  private EgressSource[] source = new EgressSource[16];
  private int[] id = new int[16];
  private int[] host = new int[16];
  private int[] next = new int[16];
  private int[] prev = new int[16];
  private boolean[] active = new boolean[16];
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
    nicLink = new int[hosts];
    for (int h = 0; h < hosts; h++) {
      int v = topo.server(h);
      hostOfNode[v] = h;
      nicLink[h] = topo.degree(v) > 0 ? topo.firstLink(v) : -1;
      if (nicLink[h] >= 0) {
        hostOfLink[nicLink[h]] = h;
      }
    }
    shared = new boolean[hosts];
    nicFree = new long[hosts];
    nicRate = new long[hosts];
    for (int h = 0; h < hosts; h++) {
      int link = nicLink[h];
      shared[h] = link < 0 || topo.degree(topo.server(h)) != 1
          || net.role(link) != org.fabriclab.sim.net.PortRole.HOST_NIC;
      nicRate[h] = link < 0 ? 1 : topo.capacityBps(link);
    }
    cursor = new int[hosts];
    Arrays.fill(cursor, -1);
    ringSize = new int[hosts];
    wakeAt = new long[hosts];
    Arrays.fill(wakeAt, Long.MAX_VALUE);
    wake = sim.register((h, unused) -> {
      if (wakeAt[h] == sim.now()) {
        wakeAt[h] = Long.MAX_VALUE;
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

  /** Registers sender {@code senderId} of {@code src} on host node {@code node}; returns its handle. */
  public int register(EgressSource src, int senderId, int node) {
    int h = hostOfNode[node];
    if (h < 0) {
      throw new IllegalArgumentException("node " + node + " is not a server");
    }
    if (senders == source.length) {
      int c = senders * 2;
      source = Arrays.copyOf(source, c);
      id = Arrays.copyOf(id, c);
      host = Arrays.copyOf(host, c);
      next = Arrays.copyOf(next, c);
      prev = Arrays.copyOf(prev, c);
      active = Arrays.copyOf(active, c);
    }
    int s = senders++;
    source[s] = src;
    id[s] = senderId;
    host[s] = h;
    return s;
  }

  /** The sender has something to send: joins its host's ring and the NIC is tried now. */
  public void activate(int handle) {
    int h = host[handle];
    if (!active[handle]) {
      active[handle] = true;
      int c = cursor[h];
      if (c < 0) {
        next[handle] = handle;
        prev[handle] = handle;
        cursor[h] = handle;
      } else {
        // insert just before the cursor: served last in this round
        int p = prev[c];
        next[p] = handle;
        prev[handle] = p;
        next[handle] = c;
        prev[c] = handle;
      }
      ringSize[h]++;
    }
    serve(h);
  }

  /** Senders currently in host {@code h}'s ring. */
  public int activeSenders(int h) {
    return ringSize[h];
  }

  private void leave(int s) {
    int h = host[s];
    active[s] = false;
    ringSize[h]--;
    if (ringSize[h] == 0) {
      cursor[h] = -1;
      return;
    }
    next[prev[s]] = next[s];
    prev[next[s]] = prev[s];
    if (cursor[h] == s) {
      cursor[h] = next[s];
    }
  }

  private void serve(int h) {
    int link = nicLink[h];
    if (cursor[h] < 0 || link < 0) {
      return;
    }
    long now = sim.now();
    if (shared[h]) {
      if (now < nicFree[h]) {
        wakeUp(h, nicFree[h]);
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
    int n = ringSize[h];
    int s = cursor[h];
    for (int i = 0; i < n && cursor[h] >= 0; i++) {
      int following = next[s];
      long before = net.accounting().injectedBytes();
      long r = source[s].poll(id[s], now);
      if (r == EgressSource.SENT) {
        cursor[h] = active[s] ? next[s] : cursor[h];
        if (shared[h]) {
          long bits = (net.accounting().injectedBytes() - before) * 8;
          nicFree[h] = now + (bits * 1_000_000_000_000L + nicRate[h] - 1) / nicRate[h];
          wakeUp(h, nicFree[h]);
        } else {
          long busy = net.busyUntilPs(link);
          wakeUp(h, busy > now ? busy : now);
        }
        return;
      }
      if (r == EgressSource.IDLE) {
        if (active[s]) {
          leave(s);
        }
      } else if (r < earliest) {
        earliest = r;
      }
      s = cursor[h] < 0 ? -1 : following;
      if (s < 0 || !active[s]) {
        s = cursor[h];
      }
    }
    if (earliest != Long.MAX_VALUE) {
      wakeUp(h, earliest);
    }
  }

  private void wakeUp(int h, long t) {
    if (t < wakeAt[h]) {
      wakeAt[h] = t;
      sim.schedule(t, wake, h, 0);
    }
  }
}
