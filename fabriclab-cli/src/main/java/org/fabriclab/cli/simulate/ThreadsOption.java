package org.fabriclab.cli.simulate;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.PartitionedSimulation;
import picocli.CommandLine.Option;

/** {@code simulate --threads N}: the partitioned packet engine (docs/parallel.md). */
final class ThreadsOption {
  @Option(names = "--threads", paramLabel = "N", description = "packet engine: run this one simulation on N"
      + " threads, the fabric cut into logical processes (a fat-tree or Clos by pod, other fabrics into balanced"
      + " parts; see docs/parallel.md); the result is the same for every N, and differs from the default engine's"
      + " only in the order of simultaneous events in different parts and in sprayed paths; transports dctcp,"
      + " newreno, ndp; 1..4 x cores (default: the single-threaded engine)")
  Integer threads;

  /** {@code --threads}: its range and the options a partitioned run does not take. */
  void refuse(String engine, String transport, boolean multicast, boolean pcap, boolean probes,
      boolean maxEvents) {
    int max = 4 * Runtime.getRuntime().availableProcessors();
    if (threads < 1 || threads > max) {
      throw new InvalidParameterException("--threads", threads, "valid range 1.." + max
          + " (4 x the " + max / 4 + " cores)");
    }
    String why = null;
    if (!engine.equals("packet")) {
      why = "--threads runs the packet engine (the flow engine runs on one thread)";
    } else if (!PartitionedSimulation.TRANSPORTS.contains(transport)) {
      why = "--threads runs --transport " + String.join(", ", PartitionedSimulation.TRANSPORTS)
          + "; rocev2 runs on one thread";
    } else if (multicast) {
      why = "--threads runs unicast workloads; --workload multicast runs on one thread";
    } else if (pcap) {
      why = "--pcap writes one capture from one thread; leave out --threads";
    } else if (probes) {
      why = "--probe-interval-us samples one network; leave out --threads";
    } else if (maxEvents) {
      why = "--max-events counts one event loop; use --until-ms with --threads";
    }
    if (why != null) {
      throw new InvalidParameterException("--threads", why);
    }
  }
}
