package org.fabriclab.sim.assembly;

import java.util.IdentityHashMap;
import java.util.Map;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.host.NicScheduler;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;

/**
 * A simulated fabric built from a {@link FabricDescription}: the simulator, the network, the hosts'
 * NIC schedulers (made when a transport or a caller first needs them), the transports by binding,
 * and the elements the bindings put on the nodes. What a description cannot know before the run
 * (a switch table that a control plane computes by exchanging packets on this very network) is
 * bound later with {@link #bind}. Construction is O(nodes · element bindings + links).
 */
public final class Fabric {
  private final FabricDescription description;
  private final Simulator sim;
  private final Network net;
  private NicScheduler nics;
  private final Map<TransportBinding<?>, Object> transports = new IdentityHashMap<>();

  Fabric(FabricDescription d) {
    description = d;
    sim = new Simulator(d.bucketShift);
    Topology t = d.topology;
    net = new Network(sim, t, d.ecmp != null ? d.ecmp : new EcmpTable(t), new Packets(d.packetCapacity),
        d.config);
    for (TransportBinding<?> b : d.transports) {
      transports.put(b, b.create(net, nics()));
    }
    int n = t.nodeCount();
    for (int u = 0; u < n; u++) {
      ElementBinding last = null;
      for (ElementBinding b : d.elements) {
        if (b.nodes().contains(t, u)) {
          last = b;
        }
      }
      if (last != null) {
        net.setElement(u, last.factory().create(this, u));
      }
    }
    for (FabricDescription.Latency l : d.latencies) {
      for (int u = 0; u < n; u++) {
        if (l.nodes().contains(t, u)) {
          net.setSwitchLatencyPs(u, l.ps());
        }
      }
    }
    for (FabricDescription.ProbeBinding p : d.probes) {
      p.attach(this);
    }
  }

  /**
   * Applies {@code binding} now, replacing the elements of its nodes: for elements that depend on
   * what happened on this fabric (a registration run by packets). O(nodes).
   */
  public Fabric bind(ElementBinding binding) {
    Topology t = net.topology();
    for (int u = 0; u < t.nodeCount(); u++) {
      if (binding.nodes().contains(t, u)) {
        net.setElement(u, binding.factory().create(this, u));
      }
    }
    return this;
  }

  /** The transport built for {@code binding} (which must be one of the description's). */
  @SuppressWarnings("unchecked")
  public <T> T transport(TransportBinding<T> binding) {
    Object t = transports.get(binding);
    if (t == null) {
      throw new IllegalArgumentException(binding + " is not part of this fabric");
    }
    return (T) t;
  }

  /** The hosts' NIC schedulers, shared by every transport of the fabric. */
  public NicScheduler nics() {
    if (nics == null) {
      nics = new NicScheduler(net);
    }
    return nics;
  }

  public FabricDescription description() {
    return description;
  }

  public Simulator simulator() {
    return sim;
  }

  public Network network() {
    return net;
  }

  public Topology topology() {
    return net.topology();
  }

  public Packets packets() {
    return net.packets();
  }
}
