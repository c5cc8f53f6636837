package org.fabriclab.sim.collective;

import java.util.Set;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;

/**
 * How the bytes of a collective move: a named algorithm that turns a {@link CollectiveSpec} into a
 * {@link CollectiveSchedule}. Host schemes (binomial tree, ring, …) need nothing of the fabric;
 * in-network schemes (IP multicast, aggregation trees, …) state what the fabric must offer.
 * Implementations are registered for {@link java.util.ServiceLoader} (see {@link
 * CollectiveSchemes}); each class cites the algorithm it implements.
 */
public interface CollectiveScheme {
  /** The scheme's name on the command line ({@code binomial}, {@code ring}, …). */
  String name();

  /** One line: what it does and where it is published. */
  String description();

  /** The operations it implements. */
  Set<CollectiveOp> ops();

  /**
   * Engines the scheme's schedule runs on ({@code packet}, {@code flow}; {@code slot} for a scheme
   * that brings its own {@link #executor}).
   */
  default Set<String> engines() {
    return Set.of("packet", "flow");
  }

  /**
   * Why the scheme cannot run on {@code topo} with {@code spec}, as one sentence naming the
   * requirement, or {@code null} when it can. {@code spec} null asks about the fabric alone (which
   * schemes a list of fabrics can carry). The default accepts every fabric.
   */
  default String unsupported(Topology topo, CollectiveSpec spec) {
    return null;
  }

  /**
   * The schedule of {@code spec} (whose op is one of {@link #ops()}).
   *
   * @throws org.fabriclab.error.InvalidParameterException when the spec violates the algorithm's
   *     own requirement (say, a power-of-two number of ranks), naming it
   */
  CollectiveSchedule build(CollectiveSpec spec);

  /**
   * The schedule of {@code spec} with rank {@code r} on host {@code hostOfRank[r]} of {@code topo}:
   * by default {@link #build} and the hosts as given. A scheme that relays through hosts that are
   * no rank (an aggregation tree's inner servers) returns a schedule with more ranks than the spec
   * and the hosts of those helper ranks after the spec's.
   */
  default Placed place(CollectiveSpec spec, Topology topo, int[] hostOfRank) {
    return new Placed(build(spec), hostOfRank);
  }

  /**
   * How this scheme's multicasts and aggregations travel at packet level: IP multicast and stream
   * aggregation along ECMP trees unless the scheme brings its own binding (a system's switch
   * elements and transport).
   */
  default GroupBinding packetBinding() {
    return GroupBinding.IP;
  }

  /**
   * The trees of this scheme's multicasts and aggregations on the flow engine, or {@code null}
   * (the default) for the union of the hashed ECMP paths, the trees of {@link #packetBinding()}'s
   * default.
   */
  default FlowTrees flowTrees() {
    return null;
  }

  /**
   * The scheme's own executor on {@code engine}, or {@code null} (the default) when {@link
   * CollectiveRun} runs the schedule itself ({@code packet}, {@code flow}). An engine that only a
   * scheme can run (the {@code slot} engine of a slot-synchronous fabric) is offered this way: the
   * scheme lists it in {@link #engines()} and returns its executor here.
   */
  default Executor executor(String engine) {
    return null;
  }

  /** Runs a placed schedule on a fabric, measuring what {@link CollectiveResult} names. */
  @FunctionalInterface
  interface Executor {
    /**
     * Runs {@code schedule} with rank {@code r} on host {@code hosts[r]} of {@code topo}; rooted
     * metrics refer to rank {@code root}.
     */
    CollectiveResult run(Topology topo, CollectiveSchedule schedule, int[] hosts, int root, long seed,
        Progress progress);
  }

  /** A schedule and the host of each of its ranks. */
  record Placed(CollectiveSchedule schedule, int[] hosts) {}
}
