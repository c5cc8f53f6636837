package org.fabriclab.sim.assembly;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.NetworkConfig;

/**
 * A simulated fabric, described rather than wired: a {@link Topology} plus bindings, from which
 * {@link #assemble()} makes the {@link Fabric} (simulator, network, NIC schedulers, transports,
 * elements, probes). The bindings:
 * <ul>
 *   <li>ports: the {@link NetworkConfig} (queue discipline — FIFO drop-tail with ECN, RED,
 *       trimming, priority classes, PFC — buffer, shared MMU, routing, loss) applies to every
 *       switch and direct-connect port; host NICs neither drop, mark nor trim; splitter outputs
 *       have no queue (the port roles of {@code net.PortRole}, decided per port from the
 *       topology); plus a switch latency per node set;
 *   <li>elements: node set → {@link ElementFactory} ({@link ElementBinding}), in order, later ones
 *       replacing earlier ones on shared nodes; nodes no binding covers run the default element;
 *   <li>transports ({@link TransportBinding}), built in order on the network, each registering its
 *       packet kinds and handing out typed kind handles;
 *   <li>probes: code that attaches to the built fabric ({@link ProbeBinding}), in order.
 * </ul>
 * The engine installs nothing on its own: the optical splitter is a binding like any other
 * ({@link ElementBinding#splitters()}), and so are a system's switch elements. Immutable; built
 * with {@link #on(Topology)}.
 */
public final class FabricDescription {
  /** Code that attaches to a built fabric: probes, receivers, a system's control plane. */
  @FunctionalInterface
  public interface ProbeBinding {
    void attach(Fabric fabric);
  }

  /** A switch latency of {@code ps} on every node of {@code nodes}. */
  record Latency(NodeSet nodes, long ps) {}

  final Topology topology;
  final EcmpTable ecmp;
  final NetworkConfig config;
  final int packetCapacity;
  final int bucketShift;
  final List<ElementBinding> elements;
  final List<Latency> latencies;
  final List<TransportBinding<?>> transports;
  final List<ProbeBinding> probes;

  private FabricDescription(Builder b) {
    topology = b.topology;
    ecmp = b.ecmp;
    config = b.config;
    packetCapacity = b.packetCapacity;
    bucketShift = b.bucketShift;
    elements = List.copyOf(b.elements);
    latencies = List.copyOf(b.latencies);
    transports = List.copyOf(b.transports);
    probes = List.copyOf(b.probes);
  }

  /** A description of a fabric on {@code topology}. */
  public static Builder on(Topology topology) {
    return new Builder(topology);
  }

  public Topology topology() {
    return topology;
  }

  public NetworkConfig config() {
    return config;
  }

  /** The element bindings, in the order they apply. */
  public List<ElementBinding> elements() {
    return elements;
  }

  /** Builds the fabric: simulator, network, transports, elements, latencies, probes, in that order. */
  public Fabric assemble() {
    return new Fabric(this);
  }

  /** Builder of a {@link FabricDescription}. */
  public static final class Builder {
    private final Topology topology;
    private EcmpTable ecmp;
    private NetworkConfig config;
    private int packetCapacity = 1 << 16;
    private int bucketShift = 8;
    private final List<ElementBinding> elements = new ArrayList<>();
    private final List<Latency> latencies = new ArrayList<>();
    private final List<TransportBinding<?>> transports = new ArrayList<>();
    private final List<ProbeBinding> probes = new ArrayList<>();

    private Builder(Topology topology) {
      this.topology = java.util.Objects.requireNonNull(topology, "topology");
    }

    /** The ECMP next-hop table to route with (default: a new one on the topology). */
    public Builder ecmp(EcmpTable table) {
      ecmp = table;
      return this;
    }

    /** The ports' queue discipline, buffers and routing (required). */
    public Builder config(NetworkConfig cfg) {
      config = cfg;
      return this;
    }

    /** The packet pool's initial capacity (it grows when needed; default 65,536). */
    /**
     * The event queue's bucket width, {@code 2^shift} ps (default 8: 256 ps); performance only,
     * the order of events does not depend on it.
     */
    public Builder eventBucketShift(int shift) {
      bucketShift = shift;
      return this;
    }

    public Builder packetCapacity(int packets) {
      InvalidParameterException.requireRange("packet pool capacity", packets, 1, 1 << 30);
      packetCapacity = packets;
      return this;
    }

    /** Binds the element {@code factory} makes to every node of {@code nodes}. */
    public Builder element(NodeSet nodes, ElementFactory factory) {
      return element(new ElementBinding(nodes, factory));
    }

    public Builder element(ElementBinding binding) {
      elements.add(binding);
      return this;
    }

    /** The passive splitter on every optical-splitter node ({@link ElementBinding#splitters()}). */
    public Builder splitters() {
      return element(ElementBinding.splitters());
    }

    /** Switch latency {@code ps} (≥ 0) on every node of {@code nodes}. */
    public Builder switchLatency(NodeSet nodes, long ps) {
      InvalidParameterException.requireRange("switch latency (ps)", ps, 0, Long.MAX_VALUE / 4);
      latencies.add(new Latency(nodes, ps));
      return this;
    }

    /** A transport, built after the network in the order added. */
    public Builder transport(TransportBinding<?> binding) {
      transports.add(binding);
      return this;
    }

    /** Code that attaches to the built fabric last, in the order added. */
    public Builder probe(ProbeBinding probe) {
      probes.add(probe);
      return this;
    }

    public FabricDescription build() {
      if (config == null) {
        throw new IllegalStateException("a fabric description needs a network config");
      }
      return new FabricDescription(this);
    }
  }
}
