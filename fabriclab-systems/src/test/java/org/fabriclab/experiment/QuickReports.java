package org.fabriclab.experiment;

import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each registered reproduction's quick report ({@link ReproductionContext#forTests()}), computed
 * once per test JVM and shared by the test classes that read it (surefire runs a module's test
 * classes in one JVM): a report is immutable and a pure function of its context.
 */
public final class QuickReports {
  private static final ConcurrentHashMap<Class<?>, ReproductionReport> REPORTS = new ConcurrentHashMap<>();

  private QuickReports() {}

  /** The quick report of {@code r}'s class, run on first use. */
  public static ReproductionReport of(Reproduction r) {
    return REPORTS.computeIfAbsent(r.getClass(), c -> r.run(ReproductionContext.forTests()));
  }

  /** Every reproduction registered with {@link ServiceLoader}, in registration order. */
  public static List<Reproduction> registered() {
    return ServiceLoader.load(Reproduction.class).stream().map(ServiceLoader.Provider::get).toList();
  }
}
