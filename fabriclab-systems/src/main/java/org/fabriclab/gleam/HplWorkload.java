package org.fabriclab.gleam;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.gleam.baseline.HplSchedules;
import org.fabriclab.sim.collective.CollectiveSchedule;

/**
 * The HPL communication pattern of seed 002's simulations (§5.3, Fig. 14): an {@code N×N} process
 * grid; "each row node would perform one PB, and each column node would perform one RS"; with
 * Gleam "the PB procedure involves N multicast groups transmitting simultaneously, each
 * consisting of N group members. The RS involves another different N multicast groups"; the
 * baseline is HPL's increasing ring for PB and the long algorithm for RS; the metric is "the total
 * communication time of PB and RS".
 *
 * <p>Decisions (the paper gives none of these):
 * <ul>
 *   <li>Placement: rank {@code (r, c)} runs on server {@code r·N + c} (row-major, consecutive: a
 *       row shares edge switches, a column spreads over pods).
 *   <li>One epoch: every row broadcasts its panel from column 0, then (after every PB is done, a
 *       barrier: the row swap of an epoch uses the broadcast panel) every column swaps rows with
 *       column root row 0. JCT = end of the last RS = PB time + RS time.
 *   <li>Sizes: the panel and the swapped rows have the same size {@code M} (HPL on a square grid:
 *       the local panel is {@code n/P × nb}, the swapped block {@code nb × n/Q}, equal for
 *       {@code P = Q}); M is a model input, see {@link #PAPER_CALIBRATED_BYTES}.
 *   <li>Row-swap data distribution: centralised (the column root holds all {@code M} bytes), so
 *       Gleam's RS is one multicast per group like its PB, as the simulation text describes (N
 *       groups, no source switching); long = spread from the root then roll
 *       ({@link HplSchedules#longRowSwap}).
 *   <li>Increasing ring: HPL's {@code 1ring}, each rank receives the whole panel before passing it
 *       on ({@link HplSchedules#increasingRing}): {@code N − 1} sequential transfers.
 * </ul>
 *
 * <p>Sizes: Gleam {@code 2N} transfers; ring-long {@code N(N−1)} PB + {@code N(N−1)} spread +
 * {@code N²(N−1)} roll transfers (2.1 M at 128×128); plus the barrier between the phases, a step
 * of no time. The pattern is one {@link CollectiveSchedule} over the {@code N²} servers ({@link
 * #schedule}): phase 0 the panel broadcasts, phase 1 the row swaps, each row's or column's
 * schedule appended over its servers. O(transfers) dependencies.
 */
public final class HplWorkload {
  /**
   * M, the panel and swapped-row bytes per phase: chosen so that Gleam's 8×8 JCT on the paper's
   * fabric is 5.17 ms (Fig. 14) — a MODEL INPUT, never an agreement. Derivation (closed form, not
   * fitted by a search): Gleam's JCT is two multicasts after one another, each draining its wire
   * bytes (1024 B payload + 64 B headers per packet) at 200 Gb/s plus its tree's latency (a row
   * under one edge switch: 2 links of 1 µs + one packet time of 43.52 ns; the 8×8 columns span two
   * edges: 4 µs + 3 packet times; 6.17 µs in all); {@code 2 · packets · 1088 · 8 / 200e9 + 6.17 µs = 5.17 ms}
   * gives 59,328 packets, M = 60,751,872 B (5.1701 ms by the closed form).
   */
  public static final long PAPER_CALIBRATED_BYTES = 59_328L * 1024;

  /** Methods: {@code gleam} or {@code ring-long}. */
  public static final List<String> METHODS = List.of("gleam", "ring-long");

  private final int scale;
  private final long bytes;
  private final boolean gleam;
  private final CollectiveSchedule all;

  /** @param scale N (the grid is N×N, N ≥ 2); ranks are server indices {@code 0..N²−1} */
  public HplWorkload(int scale, String method, long messageBytes) {
    this(scale, method, messageBytes, false);
  }

  /**
   * @param pipelinedRing a what-if variant of ring-long (not HPL's 1ring, and not in the CLI): the
   *     ring's hops all start with the phase, the fluid picture of a ring that forwards each
   *     segment as it arrives; the barrier then waits for every hop
   */
  public HplWorkload(int scale, String method, long messageBytes, boolean pipelinedRing) {
    if (scale < 2) {
      throw new InvalidParameterException("--scale", scale, "N >= 2 (an N x N process grid)");
    }
    if (!METHODS.contains(method)) {
      throw new InvalidParameterException("--method", method, "gleam or ring-long");
    }
    InvalidParameterException.requireRange("--bytes", messageBytes, 1, PacketBcast.MAX_BYTES);
    this.scale = scale;
    this.bytes = messageBytes;
    this.gleam = method.equals("gleam");
    boolean pipelined = pipelinedRing && !gleam;
    all = new CollectiveSchedule(scale * scale).named(method);
    all.beginPhase("panel broadcast");
    IntArrayList pbEnds = new IntArrayList();
    int[] host = new int[scale];
    for (int r = 0; r < scale; r++) {
      for (int v = 0; v < scale; v++) {
        host[v] = r * scale + v;
      }
      CollectiveSchedule s = gleam ? HplSchedules.gleamPanel(scale, 0, bytes)
          : HplSchedules.increasingRing(scale, 0, bytes);
      if (pipelined) {
        for (int v = 0; v < s.size(); v++) {
          pbEnds.add(all.transfer(host[s.rank(v)], host[s.receiver(v)], s.bytes(v)));
        }
      } else {
        // the ring is a chain; Gleam one multicast
        pbEnds.add(all.append(s, host) + s.size() - 1);
      }
    }
    // the barrier between the phases: a step of no time (on server 0) after every PB
    all.beginPhase("row swap");
    int barrier = all.step(0, 0, pbEnds.toIntArray());
    for (int c = 0; c < scale; c++) {
      for (int v = 0; v < scale; v++) {
        host[v] = v * scale + c;
      }
      CollectiveSchedule s = gleam
          ? HplSchedules.gleamRowSwap(scale, 0, bytes, HplSchedules.Distribution.CENTRALISED)
          : HplSchedules.longRowSwap(scale, 0, bytes, HplSchedules.Distribution.CENTRALISED);
      all.append(s, host, barrier);
    }
  }

  /** The pattern as one schedule over servers {@code 0..N²−1}. */
  public CollectiveSchedule schedule() {
    return all;
  }

  /** Whether transfer {@code t} is the barrier between the phases (no bytes, no hosts). */
  public boolean barrier(int t) {
    return all.kind(t) == CollectiveSchedule.Kind.STEP;
  }

  public int scale() {
    return scale;
  }

  public boolean gleam() {
    return gleam;
  }

  /** M, the panel (= swapped rows) payload bytes. */
  public long messageBytes() {
    return bytes;
  }

  public int size() {
    return all.size();
  }

  /** Source server index of transfer {@code t} (−1 for the barrier). */
  public int src(int t) {
    return barrier(t) ? -1 : all.rank(t);
  }

  /** Destination server indices (one for a unicast, the other members for a multicast; none for the barrier). */
  public int[] dsts(int t) {
    return all.receivers(t);
  }

  public long bytes(int t) {
    return all.bytes(t);
  }

  /** 0 = panel broadcast, 1 = row swap (the barrier opens the row swap but belongs to neither: 0). */
  public int phase(int t) {
    return barrier(t) ? 0 : all.phase(t);
  }

  /** Transfers {@code t} waits for (a new list). */
  public IntArrayList deps(int t) {
    IntArrayList d = new IntArrayList(all.dependencyCount(t));
    for (int i = 0; i < all.dependencyCount(t); i++) {
      d.add(all.dependency(t, i));
    }
    return d;
  }

  /** Payload bytes that leave sources, summed over transfers (a multicast counts once). */
  public long sourceBytes() {
    long s = 0;
    for (int t = 0; t < size(); t++) {
      s += bytes(t);
    }
    return s;
  }

  /** Payload bytes delivered to receivers, summed (a multicast counts once per receiver). */
  public long deliveredBytes() {
    long s = 0;
    for (int t = 0; t < size(); t++) {
      s += bytes(t) * dsts(t).length;
    }
    return s;
  }
}
