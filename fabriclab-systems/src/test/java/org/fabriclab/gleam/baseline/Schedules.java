package org.fabriclab.gleam.baseline;

import org.fabriclab.sim.collective.CollectiveSchedule;

/** Byte counts and depth of a schedule, counted node by node (test helpers). */
final class Schedules {
  private Schedules() {}

  /** Payload bytes senders put on the wire (a multicast once). */
  static long sent(CollectiveSchedule s) {
    long b = 0;
    for (int t = 0; t < s.size(); t++) {
      b += s.bytes(t);
    }
    return b;
  }

  /** Payload bytes receivers get (a multicast once per receiver). */
  static long delivered(CollectiveSchedule s) {
    long b = 0;
    for (int t = 0; t < s.size(); t++) {
      b += s.bytes(t) * s.receivers(t).length;
    }
    return b;
  }

  static long sentBy(CollectiveSchedule s, int r) {
    long b = 0;
    for (int t = 0; t < s.size(); t++) {
      b += s.rank(t) == r ? s.bytes(t) : 0;
    }
    return b;
  }

  static long receivedBy(CollectiveSchedule s, int r) {
    long b = 0;
    for (int t = 0; t < s.size(); t++) {
      for (int d : s.receivers(t)) {
        b += d == r ? s.bytes(t) : 0;
      }
    }
    return b;
  }

  /** Nodes on the longest dependency chain. */
  static int steps(CollectiveSchedule s) {
    int[] depth = new int[s.size()];
    int max = 0;
    for (int t = 0; t < s.size(); t++) {
      int d = 0;
      for (int i = 0; i < s.dependencyCount(t); i++) {
        d = Math.max(d, depth[s.dependency(t, i)]);
      }
      depth[t] = d + 1;
      max = Math.max(max, d + 1);
    }
    return max;
  }

  /** One line per node: sender, receivers, bytes, dependencies. */
  static String text(CollectiveSchedule s) {
    StringBuilder sb = new StringBuilder();
    for (int t = 0; t < s.size(); t++) {
      int[] d = new int[s.dependencyCount(t)];
      for (int i = 0; i < d.length; i++) {
        d[i] = s.dependency(t, i);
      }
      sb.append(t).append(':').append(s.rank(t)).append("->").append(java.util.Arrays.toString(s.receivers(t)))
          .append(' ').append(s.bytes(t)).append(" after ").append(java.util.Arrays.toString(d)).append('\n');
    }
    return sb.toString();
  }
}
