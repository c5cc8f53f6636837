package org.fabriclab.graph.io;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.graph.Labels;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.units.Limits;

/**
 * What an importer has read so far: nodes (role, optional label) and links (ends, optional ports,
 * capacity, delay, one-way flag), in primitive lists. {@link #addLink} refuses capacities and
 * delays outside the command line's ranges. {@link #build} checks everything a file can
 * get wrong (ids out of range, self-loops, label widths, ports given
 * for some links only, ports out of range or used twice) and reports the first problem as a
 * {@link MalformedInputException} naming the file and the item, before {@link TopologyBuilder}
 * could throw a bare {@link IllegalArgumentException}. All checks are O(n + m).
 */
final class LinkCollector {
  /** Marks a port that the file does not give. */
  static final int NO_PORT = -1;

  private final String source;
  private final String linkNoun;
  private final IntArrayList roles = new IntArrayList();
  private final IntArrayList labelStart = new IntArrayList();
  private final IntArrayList labelLength = new IntArrayList();
  private final IntArrayList labelValues = new IntArrayList();
  private final IntArrayList src = new IntArrayList();
  private final IntArrayList dst = new IntArrayList();
  private final IntArrayList srcPort = new IntArrayList();
  private final IntArrayList dstPort = new IntArrayList();
  private final LongArrayList cap = new LongArrayList();
  private final LongArrayList del = new LongArrayList();
  private final BitSet oneWay = new BitSet();

  /**
   * @param source the file (or stream) name used in messages
   * @param linkNoun what the format calls a link in messages ("link", "edge")
   */
  LinkCollector(String source, String linkNoun) {
    this.source = source;
    this.linkNoun = linkNoun;
  }

  MalformedInputException error(String problem) {
    return new MalformedInputException(source, problem);
  }

  int nodeCount() {
    return roles.size();
  }

  int linkCount() {
    return src.size();
  }

  /** Adds a node; {@code label} is null when the node has none (every field absent). */
  int addNode(NodeRole role, int[] label) {
    roles.add(role.ordinal());
    if (label == null) {
      labelStart.add(-1);
      labelLength.add(0);
    } else {
      labelStart.add(labelValues.size());
      labelLength.add(label.length);
      labelValues.addElements(labelValues.size(), label);
    }
    return roles.size() - 1;
  }

  /** Gives node {@code v} (added without one) a label. */
  void setLabel(int v, int[] label) {
    labelStart.set(v, labelValues.size());
    labelLength.set(v, label.length);
    labelValues.addElements(labelValues.size(), label);
  }

  /**
   * Adds a link; ends may be placeholders fixed later by {@link #setEnd} and are checked in build.
   * Capacity and delay are checked here, against the ranges of {@code --link-gbps} and {@code
   * --link-delay-ns} ({@link Limits}): outside them the engines' picosecond clocks overflow.
   */
  int addLink(
      int s, int t, int sPort, int tPort, long capacityBps, long delayPs, boolean directed) {
    int i = src.size();
    if (capacityBps < Limits.MIN_RATE_BPS || capacityBps > Limits.MAX_RATE_BPS) {
      throw error(linkNoun + " " + i + ": capacityBps " + capacityBps + " out of range ("
          + Limits.RATE_RANGE + ")");
    }
    if (delayPs < 0 || delayPs > Limits.MAX_DELAY_PS) {
      throw error(linkNoun + " " + i + ": delayPs " + delayPs + " out of range ("
          + Limits.DELAY_RANGE + ")");
    }
    src.add(s);
    dst.add(t);
    srcPort.add(sPort);
    dstPort.add(tPort);
    cap.add(capacityBps);
    del.add(delayPs);
    if (directed) {
      oneWay.set(i);
    }
    return i;
  }

  /** Sets the source ({@code target == false}) or target end of link {@code i}. */
  void setEnd(int i, boolean target, int node) {
    (target ? dst : src).set(i, node);
  }

  /** The role named {@code id} (its file name or enum name); {@code null} when unknown. */
  static NodeRole role(String id) {
    return id == null ? null : NodeRole.fromId(id);
  }

  /** {@code " out of range (valid range 0..7)"} or {@code " out of range (must be >= 1)"}. */
  static String outOfRange(long min, long max) {
    String range = max == Long.MAX_VALUE ? "must be >= " + min : "valid range " + min + ".." + max;
    return " out of range (" + range + ")";
  }

  static String validRoles() {
    return String.join(", ", Arrays.stream(NodeRole.values()).map(NodeRole::id).toList());
  }

  /**
   * Checks the collected content and builds the topology with explicit ports when the file gives
   * them (so port numbers, hence link indices, match the exported topology exactly).
   */
  Topology build(String family, String parameters, List<String> labelFields) {
    int n = roles.size();
    int m = src.size();
    int width = labelFields.size();
    checkLabelFields(labelFields);
    for (int v = 0; v < n; v++) {
      int len = labelLength.getInt(v);
      if (labelStart.getInt(v) >= 0 && len != width) {
        throw error(
            "node " + v + ": label has " + len + " values but labelFields has " + width);
      }
    }
    long[] degree = new long[n];
    int withPorts = 0;
    for (int i = 0; i < m; i++) {
      int s = src.getInt(i);
      int t = dst.getInt(i);
      checkEnd(i, "source", s, n);
      checkEnd(i, "target", t, n);
      if (s == t) {
        throw error(linkNoun + " " + i + ": self-loop at node " + s);
      }
      boolean directed = oneWay.get(i);
      boolean hasS = srcPort.getInt(i) != NO_PORT;
      boolean hasT = dstPort.getInt(i) != NO_PORT;
      if (directed && hasT) {
        throw error(linkNoun + " " + i + ": a one-way link has no targetPort");
      }
      if (!directed && hasS != hasT) {
        throw error(
            linkNoun + " " + i + ": sourcePort and targetPort must be given together");
      }
      withPorts += hasS ? 1 : 0;
      degree[s]++;
      if (!directed) {
        degree[t]++;
      }
    }
    long directedLinks = Arrays.stream(degree).sum();
    if (directedLinks > Integer.MAX_VALUE - 8) {
      throw error(directedLinks + " directed links; at most 2^31-9 are supported");
    }
    if (withPorts != 0 && withPorts != m) {
      int i = 0;
      while (srcPort.getInt(i) != NO_PORT) {
        i++;
      }
      throw error(
          linkNoun + " " + i + ": no sourcePort although other " + linkNoun
              + "s have ports (give ports for every " + linkNoun + " or for none)");
    }
    if (withPorts == m && m > 0) {
      checkPorts(degree, (int) directedLinks);
    }
    return assemble(family, parameters, labelFields, (int) directedLinks);
  }

  private void checkLabelFields(List<String> fields) {
    Set<String> seen = new HashSet<>();
    for (String f : fields) {
      if (f == null || f.isEmpty()) {
        throw error("labelFields: a field name is empty");
      }
      if (!seen.add(f)) {
        throw error("labelFields: duplicate field \"" + f + "\"");
      }
    }
  }

  private void checkEnd(int i, String end, int node, int n) {
    if (node < 0 || node >= n) {
      String range = n == 0 ? "(the file has no nodes)" : "out of range 0.." + (n - 1);
      throw error(linkNoun + " " + i + ": " + end + " " + node + " " + range);
    }
  }

  /** Every port is below its node's degree and used once; O(n + m). */
  private void checkPorts(long[] degree, int directedLinks) {
    int n = degree.length;
    int[] offsets = new int[n + 1];
    for (int v = 0; v < n; v++) {
      offsets[v + 1] = offsets[v] + (int) degree[v];
    }
    int[] owner = new int[directedLinks];
    Arrays.fill(owner, -1);
    for (int i = 0; i < src.size(); i++) {
      claim(owner, offsets, i, "sourcePort", src.getInt(i), srcPort.getInt(i));
      if (!oneWay.get(i)) {
        claim(owner, offsets, i, "targetPort", dst.getInt(i), dstPort.getInt(i));
      }
    }
  }

  private void claim(int[] owner, int[] offsets, int i, String what, int node, int port) {
    int deg = offsets[node + 1] - offsets[node];
    if (port < 0 || port >= deg) {
      throw error(
          linkNoun + " " + i + ": " + what + " " + port + " out of range 0.." + (deg - 1)
              + " (node " + node + " has " + deg + " link ends)");
    }
    int at = offsets[node] + port;
    if (owner[at] >= 0) {
      throw error(
          linkNoun + " " + i + ": " + what + " " + port + " of node " + node
              + " is already used by " + linkNoun + " " + owner[at]);
    }
    owner[at] = i;
  }

  private Topology assemble(
      String family, String parameters, List<String> labelFields, int directedLinks) {
    int n = roles.size();
    int width = labelFields.size();
    TopologyBuilder b =
        new TopologyBuilder(family, parameters, Math.max(n, 1), Math.max(directedLinks, 1));
    try {
      if (width > 0) {
        b.labelFields(labelFields.toArray(new String[0]));
      }
      int[] none = new int[width];
      Arrays.fill(none, Labels.ABSENT);
      NodeRole[] all = NodeRole.values();
      for (int v = 0; v < n; v++) {
        int start = labelStart.getInt(v);
        int[] label =
            start < 0 ? none : Arrays.copyOfRange(labelValues.elements(), start, start + width);
        b.addNode(all[roles.getInt(v)], label);
      }
      boolean ports = src.size() > 0 && srcPort.getInt(0) != NO_PORT;
      for (int i = 0; i < src.size(); i++) {
        int s = src.getInt(i);
        int t = dst.getInt(i);
        long c = cap.getLong(i);
        long d = del.getLong(i);
        if (oneWay.get(i)) {
          if (ports) {
            b.addLink(s, srcPort.getInt(i), t, c, d);
          } else {
            b.addLink(s, t, c, d);
          }
        } else if (ports) {
          b.addCable(s, srcPort.getInt(i), t, dstPort.getInt(i), c, d);
        } else {
          b.addCable(s, t, c, d);
        }
      }
      return b.build();
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new MalformedInputException(source, String.valueOf(e.getMessage()), e);
    }
  }
}
