package org.fabriclab.sim.probe.pcap;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.packet.Packets;

/**
 * Which packets a capture keeps, so a capture of a large run stays small. Grammar (docs/formats.md):
 * <pre>
 *   filter := clause ( (' ' | ';') clause )*
 *   clause := 'flow=' ids | 'host=' ids | 'port=' ports
 *   ids    := id ( ',' id )*         id   := N | N '-' M     (inclusive)
 *   ports  := port ( ',' port )*     port := NODE ':' PORT | NODE ':*'
 * </pre>
 * {@code flow}: the packet's flow number (a TCP or NDP flow's index in the trace, a RoCEv2 queue
 * pair's number); {@code host}: a server index (as in trace files), the packet's source or
 * destination; {@code port}: output port {@code PORT} of node {@code NODE} (as {@code ports.csv}
 * numbers them: {@code from} and {@code port}), {@code *} every port of the node. A packet is kept
 * on a link when it satisfies every kind of clause given (values of one kind, also over repeated
 * clauses, are alternatives); the empty filter keeps every packet on every link. Matching is O(1)
 * per packet for hosts and ports, O(flow ranges) for flows.
 */
public final class CaptureFilter {
  private static final String OPTION = "--pcap-filter";
  private static final String GRAMMAR = "expected clauses flow=IDS, host=IDS or port=NODE:PORT,..."
      + " separated by spaces or ';' (IDS: N or N-M, comma-separated; PORT: a number or *), e.g."
      + " 'flow=0-3 port=17:0'";
  private final String text;
  private final long[] flowLo;
  private final long[] flowHi;
  private final long[][] hostRanges;
  private final List<int[]> portList; // {node, port or -1}
  private boolean[] hostNode;
  private boolean[] link;

  private CaptureFilter(String text, long[] flowLo, long[] flowHi, long[][] hosts, List<int[]> ports) {
    this.text = text;
    this.flowLo = flowLo;
    this.flowHi = flowHi;
    this.hostRanges = hosts;
    this.portList = ports;
  }

  /** The filter that keeps every packet. */
  public static CaptureFilter all() {
    return parse("");
  }

  /**
   * Parses {@code text} (null or blank: keep everything).
   *
   * @throws InvalidParameterException naming {@code --pcap-filter} on a syntax error
   */
  public static CaptureFilter parse(String text) {
    String t = text == null ? "" : text.strip();
    List<long[]> flows = new ArrayList<>();
    List<long[]> hosts = new ArrayList<>();
    List<int[]> ports = new ArrayList<>();
    boolean anyFlow = false;
    boolean anyHost = false;
    boolean anyPort = false;
    for (String clause : t.isEmpty() ? new String[0] : t.split("[\\s;]+")) {
      int eq = clause.indexOf('=');
      String key = eq < 0 ? clause : clause.substring(0, eq);
      String value = eq < 0 ? "" : clause.substring(eq + 1);
      if (eq < 0 || value.isEmpty()) {
        throw new InvalidParameterException(OPTION, t, "clause '" + clause + "': " + GRAMMAR);
      }
      switch (key) {
        case "flow" -> {
          anyFlow = true;
          ranges(clause, value, Integer.MAX_VALUE, flows);
        }
        case "host" -> {
          anyHost = true;
          ranges(clause, value, Integer.MAX_VALUE, hosts);
        }
        case "port" -> {
          anyPort = true;
          for (String item : value.split(",", -1)) {
            String[] np = item.split(":", -1);
            if (np.length != 2) {
              throw new InvalidParameterException(OPTION, t, "'" + item + "' in '" + clause + "': " + GRAMMAR);
            }
            int node = (int) number(clause, np[0], Integer.MAX_VALUE);
            int port = np[1].equals("*") ? -1 : (int) number(clause, np[1], Integer.MAX_VALUE);
            ports.add(new int[] {node, port});
          }
        }
        default -> throw new InvalidParameterException(OPTION, t, "unknown key '" + key + "': " + GRAMMAR);
      }
    }
    long[] lo = anyFlow ? new long[flows.size()] : null;
    long[] hi = anyFlow ? new long[flows.size()] : null;
    for (int i = 0; anyFlow && i < lo.length; i++) {
      lo[i] = flows.get(i)[0];
      hi[i] = flows.get(i)[1];
    }
    return new CaptureFilter(t, lo, hi, anyHost ? hosts.toArray(new long[0][]) : null,
        anyPort ? ports : null);
  }

  private static void ranges(String clause, String value, long max, List<long[]> out) {
    for (String item : value.split(",", -1)) {
      int dash = item.indexOf('-', 1);
      long a = number(clause, dash < 0 ? item : item.substring(0, dash), max);
      long b = dash < 0 ? a : number(clause, item.substring(dash + 1), max);
      if (b < a) {
        throw new InvalidParameterException(OPTION, item, "a range N-M needs N <= M (in '" + clause + "')");
      }
      out.add(new long[] {a, b});
    }
  }

  private static long number(String clause, String s, long max) {
    try {
      long v = Long.parseLong(s);
      if (v >= 0 && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new InvalidParameterException(OPTION, s.isEmpty() ? "''" : s, "in '" + clause
        + "': a whole number 0.." + max + " (" + GRAMMAR + ")");
  }

  /**
   * Resolves hosts and ports on {@code topo}: hosts are server indices {@code 0..servers−1}, ports
   * exist. O(nodes + links) memory.
   *
   * @throws InvalidParameterException naming {@code --pcap-filter} for a host or port the topology lacks
   */
  public CaptureFilter bind(Topology topo) {
    if (hostRanges != null) {
      hostNode = new boolean[topo.nodeCount()];
      for (long[] r : hostRanges) {
        if (r[1] >= topo.serverCount()) {
          throw new InvalidParameterException(OPTION, "host=" + r[1], "valid range 0.."
              + (topo.serverCount() - 1) + " (the servers of " + topo.family() + ")");
        }
        for (long h = r[0]; h <= r[1]; h++) {
          hostNode[topo.server((int) h)] = true;
        }
      }
    }
    if (portList != null) {
      link = new boolean[topo.linkCount()];
      for (int[] np : portList) {
        if (np[0] >= topo.nodeCount()) {
          throw new InvalidParameterException(OPTION, "port=" + np[0] + ":" + (np[1] < 0 ? "*" : np[1]),
              "node valid range 0.." + (topo.nodeCount() - 1) + " (the nodes of " + topo.family() + ")");
        }
        int deg = topo.degree(np[0]);
        if (np[1] >= deg || deg == 0) {
          throw new InvalidParameterException(OPTION, "port=" + np[0] + ":" + np[1],
              deg == 0 ? "node " + np[0] + " has no ports" : "port valid range 0.." + (deg - 1)
                  + " (node " + np[0] + " has " + deg + (deg == 1 ? " port)" : " ports)"));
        }
        for (int p = np[1] < 0 ? 0 : np[1]; p < (np[1] < 0 ? deg : np[1] + 1); p++) {
          link[topo.link(np[0], p)] = true;
        }
      }
    }
    return this;
  }

  /** True when packet {@code p} is kept on {@code onLink} ({@link #bind} first). */
  boolean matches(Packets pk, int p, int onLink) {
    if (link != null && !link[onLink]) {
      return false;
    }
    if (hostNode != null) {
      int s = pk.src(p);
      int d = pk.dst(p);
      if (!(s >= 0 && s < hostNode.length && hostNode[s]) && !(d >= 0 && d < hostNode.length && hostNode[d])) {
        return false;
      }
    }
    if (flowLo != null) {
      int f = pk.flow(p);
      for (int i = 0; i < flowLo.length; i++) {
        if (f >= flowLo[i] && f <= flowHi[i]) {
          return true;
        }
      }
      return false;
    }
    return true;
  }

  /** True for the empty filter (everything is kept). */
  public boolean keepsEverything() {
    return flowLo == null && hostRanges == null && portList == null;
  }

  /** The filter's text as given (stripped). */
  @Override
  public String toString() {
    return text;
  }
}
