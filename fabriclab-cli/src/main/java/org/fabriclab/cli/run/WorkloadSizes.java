package org.fabriclab.cli.run;

import java.nio.file.Path;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.traffic.EmpiricalSizes;
import org.fabriclab.traffic.ParetoSizes;
import org.fabriclab.traffic.SizeDistribution;

/** Flow-size distributions by name: {@code websearch}, {@code pareto:SHAPE:MEAN_BYTES} or a CSV file. */
public final class WorkloadSizes {
  private WorkloadSizes() {}

  public static SizeDistribution parse(String sizes) {
    if (sizes.equals("websearch")) {
      return EmpiricalSizes.webSearch();
    }
    if (sizes.startsWith("pareto:")) {
      String[] f = sizes.split(":");
      try {
        return new ParetoSizes(Double.parseDouble(f[1]), Double.parseDouble(f[2]));
      } catch (InvalidParameterException e) {
        throw e;
      } catch (RuntimeException e) {
        throw new InvalidParameterException("workload.sizes", sizes, "expected pareto:SHAPE:MEAN_BYTES");
      }
    }
    return EmpiricalSizes.read(Path.of(sizes));
  }
}
