package org.fabriclab.shoal;

import org.fabriclab.error.InvalidParameterException;

/**
 * One Shoal rack (seed 003 §3, §6.1, §7.1). Sizes carry their unit. Defaults ({@link #rack512})
 * are §7.1: 512 nodes, 32-port switches, 100 Gb/s = 4 × 25 Gb/s channels, 23.25 ns slots with
 * 2.75 ns guard, 64 B cells with the 8 B header of Fig. 5. {@code propagationNs} is the time from
 * the end of a cell's slot until the next node can forward it (wire, switches, PHY/MAC).
 *
 * <p>Timing comes from the slot, the cell size and the channel count (one cell per channel per
 * slot); {@code linkGbps} is the node bandwidth R of the load definition L = F/(R·N·τ) (§7.3) and
 * of reports. Decision: they are not forced to agree — the paper's own numbers round (20.5 ns ×
 * 25 Gb/s = 64.06 B).
 *
 * @param backpressure Eq. 1–2 (a subflow holds at most one cell per hop); off: cells are spread as
 *     fast as the slots allow
 * @param readyQueues the ready queues R_jk and the feedback of Eq. 4–6 (§3.3.3)
 * @param selectiveRelease the 2^age release rule for new flows (§3.3.3)
 */
public record ShoalConfig(
    int nodes,
    int switchPorts,
    int channels,
    double linkGbps,
    double slotNs,
    double guardNs,
    int cellBytes,
    double propagationNs,
    boolean propagationAware,
    boolean backpressure,
    boolean readyQueues,
    boolean selectiveRelease) {

  /** Bytes of the cell header (Fig. 5). */
  public static final int HEADER_BYTES = 8;

  public ShoalConfig {
    if (switchPorts <= 0) {
      switchPorts = ClosFabric.portsFor(nodes);
      if (switchPorts < 0) {
        throw new InvalidParameterException("--nodes", "invalid --nodes = " + nodes
            + ": must be k²/2 for an even port count k (8, 18, 32, 50, 72, 98, 128, 162, 200, 242, 288, 338, 392, 450, 512, …, 1152, …)");
      }
    }
    new ClosFabric(nodes, switchPorts);
    InvalidParameterException.requireRange("--channels", channels, 1, nodes - 1);
    positive("--link-gbps", linkGbps);
    positive("--slot-ns", slotNs);
    if (!(guardNs >= 0 && guardNs < slotNs)) {
      throw new InvalidParameterException("--guard-ns", guardNs, "must be in [0, slot-ns)");
    }
    InvalidParameterException.requireRange("--cell-bytes", cellBytes, HEADER_BYTES + 1, 1 << 16);
    if (!(propagationNs >= 0 && propagationNs <= 1e6)) {
      throw new InvalidParameterException("--propagation-ns", propagationNs, "must be in [0, 1000000]");
    }
  }

  private static void positive(String name, double v) {
    if (!(v > 0 && v < 1e9)) {
      throw new InvalidParameterException(name, v, "must be > 0");
    }
  }

  /** §7.1: the simulated 512-node rack, all mechanisms on. */
  public static ShoalConfig rack512() {
    return new ShoalConfig(512, 32, 4, 100, 23.25, 2.75, 64, 0, false, true, true, true);
  }

  /** §6.1: the 8-node FPGA prototype (10 Gb/s, 76.8 ns slots, node-to-node cell latency 1.57 µs). */
  public static ShoalConfig prototype() {
    return new ShoalConfig(8, 4, 1, 10, 76.8, 6.4, 64, 1570 - 76.8, false, true, true, true);
  }

  public ShoalConfig withNodes(int n) {
    return new ShoalConfig(n, 0, channels, linkGbps, slotNs, guardNs, cellBytes, propagationNs,
        propagationAware, backpressure, readyQueues, selectiveRelease);
  }

  /**
   * The same rack with {@code c} channels sharing {@code gbps}: the slot stays (it is set by the
   * guard band, §3.4), so the cell grows with the channel rate — (slot − guard) × gbps / c / 8,
   * rounded down to a multiple of 8 B (64 B at 25 Gb/s, 128 B at 50 Gb/s for 20.5 ns).
   */
  public ShoalConfig withChannels(int c, double gbps) {
    int cell = (int) Math.floor((slotNs - guardNs) * gbps / c / 8 / 8 + 1e-6) * 8;
    return new ShoalConfig(nodes, switchPorts, c, gbps, slotNs, guardNs, cell, propagationNs,
        propagationAware, backpressure, readyQueues, selectiveRelease);
  }

  public ShoalConfig withSlotNs(double slot, double guard, double propagation) {
    return new ShoalConfig(nodes, switchPorts, channels, linkGbps, slot, guard, cellBytes,
        propagation, propagationAware, backpressure, readyQueues, selectiveRelease);
  }

  public ShoalConfig withMechanisms(boolean bp, boolean ready, boolean selective) {
    return new ShoalConfig(nodes, switchPorts, channels, linkGbps, slotNs, guardNs, cellBytes,
        propagationNs, propagationAware, bp, ready, selective);
  }

  /** Payload bytes per cell, cell size minus the 8 B header. */
  public int payloadBytes() {
    return cellBytes - HEADER_BYTES;
  }

  public long slotPs() {
    return Math.round(slotNs * 1000);
  }

  public long propagationPs() {
    return Math.round(propagationNs * 1000);
  }

  /** Slots from a cell's send slot to the first slot its receiver can forward it in (≥ 1). */
  public int hopSlots() {
    return (int) Math.max(1, (slotPs() + propagationPs() + slotPs() - 1) / slotPs());
  }

  public FabricSchedule schedule() {
    return new FabricSchedule(nodes, channels, propagationAware);
  }

  /** Useful (payload) rate of one node in Gb/s when every slot of every channel carries data. */
  public double nodePayloadGbps() {
    return channels * payloadBytes() * 8.0 / slotNs;
  }
}
