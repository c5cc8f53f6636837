package org.fabriclab.cli.simulate;

import java.nio.file.Path;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.traffic.EmpiricalSizes;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.traffic.ParetoSizes;
import org.fabriclab.traffic.SizeDistribution;
import org.fabriclab.traffic.Workloads;
import picocli.CommandLine.Option;

/** {@code --workload} and its parameters: a generated trace instead of {@code --trace}. */
final class WorkloadOptions {
  @Option(names = "--workload", paramLabel = "NAME",
      description = "generate the flows: poisson, permutation, incast or alltoall (instead of --trace)")
  String workload;

  @Option(names = "--flows", defaultValue = "1000", description = "poisson: number of flows (default: ${DEFAULT-VALUE})")
  int flows;

  @Option(names = "--rate-per-s", defaultValue = "20000", description = "poisson: arrivals per second (default: ${DEFAULT-VALUE})")
  double rate;

  @Option(names = "--sizes", defaultValue = "websearch",
      description = "poisson sizes: websearch, pareto:SHAPE:MEAN_BYTES, or a CSV file of bytes,probability (default: ${DEFAULT-VALUE})")
  String sizes;

  @Option(names = "--skew", defaultValue = "0", description = "poisson: Zipf skew of destinations, 0 = uniform (default: ${DEFAULT-VALUE})")
  double skew;

  @Option(names = "--flow-bytes", defaultValue = "1000000", description = "permutation/incast/alltoall: bytes per flow (default: ${DEFAULT-VALUE})")
  long flowBytes;

  @Option(names = "--senders", defaultValue = "8", description = "incast: senders into host 0 (default: ${DEFAULT-VALUE})")
  int senders;

  FlowTrace generate(int hosts, long seed) {
    return switch (workload) {
      case "poisson" -> Workloads.poisson(hosts, flows, rate, sizeDistribution(), skew, seed);
      case "permutation" -> Workloads.permutation(hosts, flowBytes, seed);
      case "incast" -> Workloads.incast(hosts, senders, flowBytes);
      case "alltoall" -> Workloads.allToAll(hosts, flowBytes);
      default -> throw new InvalidParameterException("--workload", workload,
          "valid: poisson, permutation, incast, alltoall");
    };
  }

  private SizeDistribution sizeDistribution() {
    if (sizes.equals("websearch")) {
      return EmpiricalSizes.webSearch();
    }
    if (sizes.startsWith("pareto:")) {
      String[] f = sizes.split(":");
      try {
        return new ParetoSizes(Double.parseDouble(f[1]), Double.parseDouble(f[2]));
      } catch (RuntimeException e) {
        if (e instanceof InvalidParameterException ipe) {
          throw ipe;
        }
        throw new InvalidParameterException("--sizes", sizes, "expected pareto:SHAPE:MEAN_BYTES");
      }
    }
    return EmpiricalSizes.read(Path.of(sizes));
  }
}
