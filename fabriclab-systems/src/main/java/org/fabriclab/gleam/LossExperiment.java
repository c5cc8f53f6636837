package org.fabriclab.gleam;

import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.units.Time;

/**
 * Seed 002 §5.3, Fig. 15/16 ("Loss tolerance"): one broadcast at packet level on a 3-layer
 * fat-tree with random loss at the middle (aggregation) switches, Gleam against multiple unicasts.
 *
 * <p>Setting (model inputs, chosen before comparing): a k = {@value #K} fat-tree (8,192 servers,
 * 1,280 switches of 32 ports; the paper's fabric has 16,384 servers and 64-port switches, §5.3),
 * {@value #LINK_GBPS} Gb/s links as in the paper, 1 µs propagation per link (the paper states
 * none; 1 µs is the usual ns-3 datacenter value), the engine's RoCEv2 RC (1024 B payload + 64 B
 * headers, an ACK per 4 packets, go-back-N, RTO 1 ms). The group is the first {@code groupSize}
 * servers (ranks placed contiguously, as a scheduler allocates them): server 0 is the source, the
 * others the receivers; 64 members fill 4 edge switches of pod 0, 512 members pods 0 and 1.
 * Loss: each packet arriving at an aggregation switch is discarded with probability {@code loss}
 * ({@link ArrivalLoss}); edge and core switches are lossless. Gleam's tables are built by envelope
 * packets through the same network before the data ({@link EnvelopePackets}, lossless; JCT counts
 * from the data's start). Message: {@value #MESSAGE_BYTES} B
 * per broadcast (4,096 packets; the paper gives none): long enough that the 512 group expects a
 * loss at 10⁻⁴ in every run, short enough that 511 unicasts (2 GiB) run at packet level.
 *
 * <p>Metrics (the paper's): JCT (last receiver's last in-order byte); goodput = JCT without loss /
 * JCT with loss (the paper's "normalized throughput compared with setting without loss").
 *
 * <p>Decision: the paper compares HPL (ring PB + long RS on N×N ranks) with Gleam; this experiment
 * runs the multicast primitive itself, one source to {@code groupSize − 1} receivers, against
 * {@code groupSize − 1} unicast QPs from the source — the same (P − 1)·M bytes that HPL's
 * increasing ring moves over P − 1 sequential hops, so both baselines are bandwidth-bound at
 * (P − 1)·M / B. Cost per run: O(packets · receivers) events.
 */
public final class LossExperiment {
  public static final int K = 32;
  public static final int LINK_GBPS = 200;
  public static final long LINK_DELAY_PS = Time.us(1);
  public static final long MESSAGE_BYTES = 4L << 20;
  private static final double[] PAPER_LOSSES = {1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3};

  /** The paper's loss rates (§5.3): 10⁻⁸ … 10⁻³. */
  public static double[] paperLosses() {
    return PAPER_LOSSES.clone();
  }

  private final FatTree fatTree;
  private final Topology topo;
  private final int[] middle;

  /** The paper-like setting ({@value #K}-ary fat-tree, {@value #LINK_GBPS} Gb/s, 1 µs links). */
  public LossExperiment() {
    this(K, LINK_GBPS, LINK_DELAY_PS);
  }

  public LossExperiment(int k, double linkGbps, long linkDelayPs) {
    fatTree = new FatTree(k);
    topo = fatTree.build(new TopologyBuilder("fattree", "k=" + k)
        .defaults(Math.round(linkGbps * 1e9), linkDelayPs));
    int half = k / 2;
    middle = new int[k * half];
    for (int pod = 0; pod < k; pod++) {
      for (int i = 0; i < half; i++) {
        middle[pod * half + i] = fatTree.aggregationSwitch(pod, i);
      }
    }
  }

  public Topology topology() {
    return topo;
  }

  public FatTree fatTree() {
    return fatTree;
  }

  /** The middle (aggregation) switches, where loss is injected. */
  public int[] middleSwitches() {
    return middle.clone();
  }

  /**
   * One broadcast of {@code sizeBytes} from server 0 to servers {@code 1..groupSize−1}.
   *
   * @param method "gleam" or "unicast"
   */
  public PacketBcast.Result run(String method, int groupSize, double loss, long sizeBytes, long seed) {
    return run(method, groupSize, loss, sizeBytes, seed, null);
  }

  /**
   * The other reading of "discarding packets in the middle switches" (a sensitivity, not the
   * experiment): loss {@code loss} on every <em>output port</em> of the aggregation switches, so
   * each replicated copy is lost independently (the engine's {@code Network.setNodeLoss}).
   */
  public PacketBcast.Result runLossPerCopy(String method, int groupSize, double loss, long sizeBytes, long seed) {
    if (!(loss >= 0 && loss < 1)) {
      throw new InvalidParameterException("--loss", loss, "valid range [0, 1)");
    }
    int[] receivers = new int[Math.max(0, Math.min(groupSize, topo.serverCount()) - 1)];
    for (int i = 0; i < receivers.length; i++) {
      receivers[i] = i + 1;
    }
    if (groupSize < 2 || groupSize > topo.serverCount()) {
      throw new InvalidParameterException("groupSize", groupSize, "valid range 2.." + topo.serverCount());
    }
    return PacketBcast.run(method, topo, 0, receivers, sizeBytes, 0, List.of(), seed,
        new PacketBcast.Options(new int[0], net -> {
          for (int m : middle) {
            net.setNodeLoss(m, loss);
          }
        }, true));
  }

  /** HPL's increasing ring over servers {@code 0..groupSize−1} ({@link RingBcast}), the paper's PB baseline. */
  public RingBcast.Result runRing(int groupSize, double loss, long sizeBytes, long seed) {
    if (groupSize < 2 || groupSize > topo.serverCount()) {
      throw new InvalidParameterException("groupSize", groupSize, "valid range 2.." + topo.serverCount());
    }
    int[] ranks = new int[groupSize];
    for (int i = 0; i < groupSize; i++) {
      ranks[i] = i;
    }
    return RingBcast.run(topo, ranks, sizeBytes, loss, middle, seed);
  }

  /** {@link #run(String, int, double, long, long)} with a hook before the start (tests). */
  public PacketBcast.Result run(String method, int groupSize, double loss, long sizeBytes, long seed,
      java.util.function.Consumer<org.fabriclab.sim.net.Network> beforeStart) {
    if (groupSize < 2 || groupSize > topo.serverCount()) {
      throw new InvalidParameterException("groupSize", groupSize, "valid range 2.." + topo.serverCount());
    }
    if (!(loss >= 0 && loss < 1)) {
      throw new InvalidParameterException("--loss", loss, "valid range [0, 1)");
    }
    int[] receivers = new int[groupSize - 1];
    for (int i = 0; i < receivers.length; i++) {
      receivers[i] = i + 1;
    }
    return PacketBcast.run(method, topo, 0, receivers, sizeBytes, loss, List.of(), seed,
        new PacketBcast.Options(middle, beforeStart, true));
  }
}
