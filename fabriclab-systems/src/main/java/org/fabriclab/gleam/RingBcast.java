package org.fabriclab.gleam;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.assembly.Fabric;
import org.fabriclab.sim.assembly.FabricDescription;
import org.fabriclab.sim.assembly.TransportBinding;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Accounting;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.RdmaCompletions;
import org.fabriclab.sim.transport.rocev2.Rocev2Transport;

/**
 * HPL's increasing-ring panel broadcast at packet level, the baseline of seed 002 §5.3 (Fig. 14-16:
 * "ring" for PB): rank 0 sends the whole message to rank 1 over an RC QP; each rank forwards it to
 * the next once it holds every byte in order (the engine's receive completion), so P − 1 whole
 * transfers run one after another. Same network and RoCEv2 RC as {@link PacketBcast}; loss on
 * arrival at the given nodes ({@link ArrivalLoss}). Cost: O(P · packets) events.
 */
public final class RingBcast {
  /** JCT (last rank complete), data packets beyond the first copy of each, accounting conserved. */
  public record Result(long jctPs, long retransmittedPackets, boolean conserved) {
    public double jctUs() {
      return jctPs / 1e6;
    }
  }

  private RingBcast() {}

  /**
   * @param ranks server indices in ring order, rank 0 the root
   * @param lossOnArrivalAt nodes where arriving packets are lost with probability {@code loss}
   */
  public static Result run(Topology topo, int[] ranks, long sizeBytes, double loss, int[] lossOnArrivalAt, long seed) {
    if (ranks.length < 2) {
      throw new InvalidParameterException("ranks", ranks.length, "a ring needs >= 2 ranks");
    }
    if (sizeBytes < 1 || sizeBytes > PacketBcast.MAX_BYTES) {
      throw new InvalidParameterException("--size", sizeBytes, "valid range 1.." + PacketBcast.MAX_BYTES);
    }
    NetworkConfig nc = new NetworkConfig(16L << 20, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, seed);
    RcConfig rc = RcConfig.defaults();
    TransportBinding<Rocev2Transport> roce = TransportBinding.of("rocev2", (n, nic) -> new Rocev2Transport(n, rc, nic));
    Fabric fabric = FabricDescription.on(topo).config(nc).packetCapacity(1 << 12).transport(roce).build().assemble();
    Simulator sim = fabric.simulator();
    Network net = fabric.network();
    Rocev2Transport t = fabric.transport(roce);
    int hops = ranks.length - 1;
    int[] qp = new int[hops];
    for (int i = 0; i < hops; i++) {
      qp[i] = t.createQp(topo.server(ranks[i]), topo.server(ranks[i + 1]));
    }
    if (loss > 0) {
      for (int node : lossOnArrivalAt) {
        net.setElement(node, new ArrivalLoss(net.element(node), loss, seed, node));
      }
    }
    long[] done = {-1};
    t.setCompletions(new RdmaCompletions() {
      @Override
      public void receiveComplete(int qpn, long wrId, long nowPs) {
        int i = (int) wrId;
        if (i + 1 < hops) {
          t.postSend(qp[i + 1], sizeBytes, i + 1);
        } else {
          done[0] = nowPs;
        }
      }
    });
    t.postSend(qp[0], sizeBytes, 0);
    long packets = PacketBcast.packets(sizeBytes);
    sim.run(PacketBcast.TIME_CAP_PS, 10_000_000L + 40L * packets * hops);
    if (done[0] < 0) {
      throw new InvalidParameterException("--loss", loss, "the ring did not finish within the simulated-time or"
          + " event budget: use a lower loss rate");
    }
    Accounting a = net.accounting();
    return new Result(done[0], t.dataPackets() - packets * hops, a.balanced() && a.inFlightPackets() == 0
        && a.injectedPackets() + a.copiedPackets() + a.generatedPackets()
            == a.deliveredPackets() + a.absorbedPackets() + a.droppedPackets());
  }
}
