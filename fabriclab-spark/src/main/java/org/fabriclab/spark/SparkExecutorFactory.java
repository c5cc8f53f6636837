package org.fabriclab.spark;

import org.fabriclab.cli.run.PointExecutor;

/** Registers {@link SparkPointExecutor} under the name "spark" (found by ServiceLoader). */
public final class SparkExecutorFactory implements PointExecutor.Factory {
  @Override
  public String name() {
    return "spark";
  }

  @Override
  public PointExecutor create(String master, int threads) {
    return new SparkPointExecutor(master);
  }
}
