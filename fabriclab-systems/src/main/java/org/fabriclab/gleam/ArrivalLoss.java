package org.fabriclab.gleam;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.sim.net.SwitchElement;
import org.fabriclab.sim.net.Network;

/**
 * A lossy switch for seed 002's loss experiments (§5.3, Fig. 15/16: loss "emulated via randomly
 * discarding packets in the middle switches"): every packet arriving at the switch over a link
 * (DATA, ACK, NACK, CNP alike) is discarded with probability {@code p} before the switch's own
 * logic sees it; the rest go to the wrapped element (a {@link GleamSwitchElement} or the default
 * switch).
 *
 * <p>Decision: the loss is per packet <em>arriving</em> at the switch, before Gleam replicates it
 * — as an ns-3 receive error model on the switch's devices does — so one loss at a middle switch
 * loses the packet for every receiver below it. (The engine's own {@code Network.setNodeLoss}
 * loses per copy on output ports instead.) Packets injected by the node itself are never lost.
 *
 * <p>The coin is a counter-based hash (SplitMix64 finalisation) of a salt from
 * {@code RandomStreams(seed).stream("gleam.arrival-loss", node)} and the number of packets offered
 * so far: a run is a pure function of the seed. O(1) per packet, no allocation.
 */
public final class ArrivalLoss implements SwitchElement {
  private final SwitchElement inner;
  private final double probability;
  private final long salt;
  private long offered;
  private long dropped;

  /**
   * @param inner the switch's element behind the loss
   * @param probability loss probability per arriving packet, in [0, 1)
   */
  public ArrivalLoss(SwitchElement inner, double probability, long seed, int node) {
    if (!(probability >= 0 && probability < 1)) {
      throw new InvalidParameterException("--loss", probability, "valid range [0, 1)");
    }
    this.inner = inner;
    this.probability = probability;
    this.salt = new RandomStreams(seed).stream("gleam.arrival-loss", node).nextLong();
  }

  @Override
  public void receive(Network net, int packet, int node, int inLink) {
    if (inLink >= 0 && probability > 0 && uniform(salt, offered++) < probability) {
      dropped++;
      net.drop(packet);
      return;
    }
    inner.receive(net, packet, node, inLink);
  }

  /** Packets this switch discarded on arrival. */
  public long dropped() {
    return dropped;
  }

  /** Packets that arrived over a link while the loss was active. */
  public long offered() {
    return offered;
  }

  private static double uniform(long salt, long serial) {
    long z = salt + serial * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z ^= z >>> 31;
    return (z >>> 11) * 0x1.0p-53;
  }
}
