package org.fabriclab.cli.simulate;

import java.nio.file.Path;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.app.GroupWorkloads;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.traffic.EmpiricalSizes;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.traffic.ParetoSizes;
import org.fabriclab.traffic.SizeDistribution;
import org.fabriclab.traffic.SizeDistributions;
import org.fabriclab.traffic.Workloads;
import picocli.CommandLine.Option;

/** {@code --workload} and its parameters: a generated trace instead of {@code --trace}. */
final class WorkloadOptions {
  @Option(names = "--workload", paramLabel = "NAME",
      description = "generate the flows: poisson, permutation, incast, alltoall or multicast (instead of --trace)")
  String workload;

  @Option(names = "--group-size", paramLabel = "M", defaultValue = "4",
      description = "multicast: receivers per group, 1..servers-1 (default: ${DEFAULT-VALUE})")
  long groupSize;

  @Option(names = "--groups", paramLabel = "G", defaultValue = "1",
      description = "multicast: groups, arriving at --rate-per-s, 1..10000000 (default: ${DEFAULT-VALUE})")
  long groups;

  @Option(names = "--flows", defaultValue = "1000", description = "poisson: number of flows, 1..100000000 (default: ${DEFAULT-VALUE})")
  long flows;

  @Option(names = "--rate-per-s", description = "poisson: flow arrivals per second; multicast: group arrivals per second (default: 20000, or from --load)")
  Double rate;

  @Option(names = "--load", paramLabel = "L",
      description = "poisson: offered load as a fraction of the hosts' link capacity, in (0, 10]; sets the arrival rate (default: from --rate-per-s)")
  Double load;

  @Option(names = "--sizes", defaultValue = "websearch",
      description = "poisson sizes: websearch, pareto:SHAPE:MEAN_BYTES, or a CSV file of bytes,probability (default: ${DEFAULT-VALUE})")
  String sizes;

  @Option(names = "--skew", defaultValue = "0", description = "poisson: Zipf skew of destinations, 0 = uniform (default: ${DEFAULT-VALUE})")
  double skew;

  @Option(names = "--flow-bytes", defaultValue = "1000000", description = "permutation/incast/alltoall/multicast: bytes per flow, in bytes (default: ${DEFAULT-VALUE})")
  long flowBytes;

  @Option(names = "--senders", defaultValue = "8", description = "incast: senders into host 0, 1..servers-1 (default: ${DEFAULT-VALUE})")
  long senders;

  /**
   * The Poisson arrival rate: {@code --rate-per-s}, or from {@code --load L}: L times the hosts'
   * total NIC capacity divided by the mean flow size in bits.
   */
  double arrivalRate(int hosts, double hostLinkBps) {
    if (rate != null && load != null) {
      throw new InvalidParameterException("--load", "give either --load or --rate-per-s");
    }
    if (load != null) {
      if (!(load > 0 && load <= 10)) {
        throw new InvalidParameterException("--load", load, "valid range (0, 10]");
      }
      return load * hosts * hostLinkBps / (8 * sizeDistribution().meanBytes());
    }
    return rate == null ? 20_000 : rate;
  }

  /** The multicast workload's groups (same seed, same groups as {@link #generate}). */
  CollectiveSchedule multicast(int hosts, long seed) {
    // options are longs so that an error names their real range, not Java's int range
    int size = (int) InvalidParameterException.requireRange("--group-size", groupSize, 1, Math.max(1, hosts - 1));
    InvalidParameterException.requireRange("--groups", groups, 1, 10_000_000);
    InvalidParameterException.requireRange("--flow-bytes", flowBytes, 1, Long.MAX_VALUE / 4);
    double perS = rate == null ? 20_000 : rate;
    if (!(perS > 0 && perS < 1e12)) {
      throw new InvalidParameterException("--rate-per-s", perS, "valid range (0, 1e12)");
    }
    return GroupWorkloads.multicast(hosts, size, (int) groups, flowBytes, perS, seed);
  }

  boolean isMulticast() {
    return "multicast".equals(workload);
  }

  /** Checks what can be checked before the topology is built. */
  void validate() {
    if (workload == null) {
      return;
    }
    InvalidParameterException.requireRange("--flows", flows, 1, 100_000_000);
    InvalidParameterException.requireRange("--groups", groups, 1, 10_000_000);
  }

  FlowTrace generate(int hosts, double hostLinkBps, long seed) {
    return switch (workload) {
      case "poisson" -> Workloads.poisson(hosts, (int) flows, arrivalRate(hosts, hostLinkBps),
          sizeDistribution(), skew, seed);
      case "permutation" -> Workloads.permutation(hosts, flowBytes, seed);
      case "incast" -> Workloads.incast(hosts,
          (int) InvalidParameterException.requireRange("--senders", senders, 1, hosts - 1), flowBytes);
      case "alltoall" -> Workloads.allToAll(hosts, flowBytes);
      case "multicast" -> GroupWorkloads.releaseTrace(multicast(hosts, seed));
      default -> throw new InvalidParameterException("--workload", workload,
          "valid: poisson, permutation, incast, alltoall, multicast");
    };
  }

  private SizeDistribution sizeDistribution() {
    return SizeDistributions.parse("--sizes", sizes);
  }
}
