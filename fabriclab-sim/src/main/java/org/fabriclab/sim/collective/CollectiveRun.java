package org.fabriclab.sim.collective;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.TransportSpec;

/**
 * One collective on one fabric: a scheme's schedule, placed on the fabric's hosts and run on an
 * engine. The same defaults on every fabric unless set: RoCEv2 RC end hosts with DCQCN ({@link
 * TransportSpec#preset}) on a lossless fabric — 150,000 B ports with ECN at 30,000 B and PFC
 * pausing an ingress link at {@value #PFC_XOFF_BYTES} B (resuming at half), as RDMA fabrics are
 * run — and 1024 + 64 B packets on both engines ({@link Framing#rocev2()}); link rates and delays
 * are the fabric's.
 *
 * @param topo the fabric
 * @param engine {@code packet}, {@code flow}, or {@code slot} (run by a scheme's own {@link
 *     CollectiveScheme#executor}, e.g. Shoal's slotted rack)
 * @param placement where ranks run
 * @param transport the packet engine's transport
 * @param network the packet engine's ports
 * @param seed placement, ECMP hashing and the transport's random streams
 */
public record CollectiveRun(Topology topo, String engine, Placement placement, TransportSpec transport,
    NetworkConfig network, long seed) {

  public CollectiveRun {
    if (!ENGINES.contains(engine)) {
      throw new InvalidParameterException("engine", engine, "valid: " + String.join(", ", ENGINES));
    }
  }

  /** The engines: the two this class runs, then {@code slot}, which a scheme's executor runs. */
  public static final java.util.List<String> ENGINES = java.util.List.of("packet", "flow", "slot");

  /** PFC pause threshold per ingress link of the default lossless fabric (resume at half). */
  public static final long PFC_XOFF_BYTES = 50_000;

  /** The defaults on {@code topo}. */
  public static CollectiveRun defaults(Topology topo, String engine, Placement placement, long seed) {
    return new CollectiveRun(topo, engine, placement, TransportSpec.preset("rocev2", false),
        PacketSimulation.benchmarkNetwork("rocev2", seed).withPriorityAndPfc(PFC_XOFF_BYTES, PFC_XOFF_BYTES / 2),
        seed);
  }

  /**
   * This run with the packet engine's transport {@code name} ({@link TransportSpec#NAMES}): RoCEv2
   * keeps the lossless fabric of {@link #defaults}; DCTCP, NewReno and NDP get their benchmark
   * ports ({@link PacketSimulation#benchmarkNetwork}: drop-tail with ECN, NDP's trimming queues).
   */
  public CollectiveRun withTransport(String name) {
    if (name.equals("rocev2")) {
      return defaults(topo, engine, placement, seed);
    }
    return new CollectiveRun(topo, engine, placement, TransportSpec.preset(name, false),
        PacketSimulation.benchmarkNetwork(name, seed), seed);
  }

  /**
   * Checks that {@code scheme} can run {@code spec} here, naming the requirement when it cannot:
   * the operation, the engine, the fabric's own requirement and the hosts for the ranks.
   */
  public void check(CollectiveScheme scheme, CollectiveSpec spec) {
    if (!scheme.ops().contains(spec.op())) {
      throw new InvalidParameterException("scheme", "scheme '" + scheme.name() + "' does not implement "
          + spec.op().cliName());
    }
    if (!scheme.engines().contains(engine)) {
      throw new InvalidParameterException("engine", "scheme '" + scheme.name() + "' runs on the "
          + String.join(" and ", new java.util.TreeSet<>(scheme.engines())) + " engine only, not " + engine);
    }
    String why = scheme.unsupported(topo, spec);
    if (why != null) {
      throw new InvalidParameterException("scheme", "scheme '" + scheme.name() + "' cannot run on "
          + topo.family() + ": " + why);
    }
    if (spec.ranks() > topo.serverCount()) {
      throw new InvalidParameterException("ranks", spec.ranks(), "valid range 2.." + topo.serverCount()
          + " (the hosts of " + topo.family() + ")");
    }
  }

  /** Builds and runs the schedule, ranks placed by {@link #placement}. */
  public CollectiveResult run(CollectiveScheme scheme, CollectiveSpec spec, Progress progress) {
    check(scheme, spec);
    return run(scheme, spec, placement.hosts(topo, spec.ranks(), seed), progress);
  }

  /** Builds and runs the schedule with rank {@code r} on host {@code hostOfRank[r]}. */
  public CollectiveResult run(CollectiveScheme scheme, CollectiveSpec spec, int[] hostOfRank, Progress progress) {
    check(scheme, spec);
    CollectiveScheme.Placed p = scheme.place(spec, topo, hostOfRank);
    CollectiveScheme.Executor own = scheme.executor(engine);
    if (own != null) {
      return own.run(topo, p.schedule(), p.hosts(), spec.root(), seed, progress);
    }
    return run(p.schedule(), spec.root(), p.hosts(), scheme.packetBinding(), scheme.flowTrees(), progress);
  }

  /**
   * {@link #run(CollectiveScheme, CollectiveSpec, int[], Progress)}, the packet engine's simulation
   * shown to {@code beforeStart} once built, before its first packet (a packet capture's tap).
   */
  public CollectiveResult run(CollectiveScheme scheme, CollectiveSpec spec, int[] hostOfRank, Progress progress,
      java.util.function.Consumer<PacketSimulation> beforeStart) {
    check(scheme, spec);
    CollectiveScheme.Placed p = scheme.place(spec, topo, hostOfRank);
    return run(p.schedule(), spec.root(), p.hosts(), scheme.packetBinding(), scheme.flowTrees(), progress,
        beforeStart);
  }

  /** Runs a schedule (built or imported) whose rooted metrics refer to {@code root}. */
  public CollectiveResult run(CollectiveSchedule s, int root, Progress progress) {
    if (s.ranks() > topo.serverCount()) {
      throw new InvalidParameterException("ranks", s.ranks(), "valid range 2.." + topo.serverCount()
          + " (the hosts of " + topo.family() + ")");
    }
    return run(s, root, placement.hosts(topo, s.ranks(), seed), progress);
  }

  /** Runs a schedule with rank {@code r} on host {@code hosts[r]}, groups over IP multicast. */
  public CollectiveResult run(CollectiveSchedule s, int root, int[] hosts, Progress progress) {
    return run(s, root, hosts, GroupBinding.IP, progress);
  }

  /** Runs a schedule with rank {@code r} on host {@code hosts[r]}, groups carried by {@code binding}. */
  public CollectiveResult run(CollectiveSchedule s, int root, int[] hosts, GroupBinding binding, Progress progress) {
    return run(s, root, hosts, binding, null, progress);
  }

  /**
   * Runs a schedule with rank {@code r} on host {@code hosts[r]}, groups carried by {@code binding}
   * at packet level and over {@code trees} at flow level ({@code null}: the ECMP trees).
   */
  public CollectiveResult run(CollectiveSchedule s, int root, int[] hosts, GroupBinding binding, FlowTrees trees,
      Progress progress) {
    return run(s, root, hosts, binding, trees, progress, null);
  }

  private CollectiveResult run(CollectiveSchedule s, int root, int[] hosts, GroupBinding binding, FlowTrees trees,
      Progress progress, java.util.function.Consumer<PacketSimulation> beforeStart) {
    if (hosts.length != s.ranks()) {
      throw new IllegalArgumentException("hosts for " + hosts.length + " ranks, schedule of " + s.ranks());
    }
    for (int h : hosts) {
      if (h < 0 || h >= topo.serverCount()) {
        throw new InvalidParameterException("hosts", h, "valid range 0.." + (topo.serverCount() - 1));
      }
    }
    if (!engine.equals("packet") && !engine.equals("flow")) {
      throw new InvalidParameterException("engine", "the " + engine + " engine runs a scheme's own executor"
          + " (--scheme shoal), not a schedule alone");
    }
    EcmpTable ecmp = new EcmpTable(topo);
    if (engine.equals("flow")) {
      return FlowCollective.run(topo, ecmp, s, hosts, root, Framing.rocev2(), seed, trees, progress);
    }
    PacketCollective pc = new PacketCollective(topo, ecmp, s, hosts, transport, network, binding, progress);
    if (beforeStart != null) {
      beforeStart.accept(pc.simulation());
    }
    return pc.run(Long.MAX_VALUE, Long.MAX_VALUE, root, hosts);
  }
}
