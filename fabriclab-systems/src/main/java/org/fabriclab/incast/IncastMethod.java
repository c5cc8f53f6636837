package org.fabriclab.incast;

import org.fabriclab.error.InvalidParameterException;

/** The tree-building methods of seed 004 by their CLI names. */
public enum IncastMethod {
  EXISTING("existing"),
  UNICAST("unicast"),
  RS("rs"),
  ARS("ars"),
  ARS_INTRA("ars+intra"),
  BEST_RS("best-rs"),
  EXACT("exact");

  private final String cliName;

  IncastMethod(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  /** The method called {@code name}. */
  public static IncastMethod parse(String name) {
    for (IncastMethod m : values()) {
      if (m.cliName.equalsIgnoreCase(name.trim())) {
        return m;
      }
    }
    throw new InvalidParameterException(
        "--method", name, "one of existing, unicast, rs, ars, ars+intra, best-rs, exact");
  }

  /**
   * The builder of this method.
   *
   * @param sequence routing sequence for {@link #RS} (and intra-stage over it), else ignored; null
   *     for RS means the identity 0,1,..,k
   * @param seed seed of the unicast-driven and existing paths
   * @param alpha aggregation ratio by which best-rs compares trees
   */
  public IncastTreeBuilder builder(int[] sequence, int dims, long seed, double alpha) {
    return switch (this) {
      case EXISTING -> new ExistingMethod(seed);
      case UNICAST -> new UnicastDrivenTreeBuilder(seed);
      case RS -> new RsTreeBuilder(sequence != null ? sequence : identity(dims));
      case ARS -> new ArsTreeBuilder();
      case ARS_INTRA -> sequence == null ? new IntraStageOptimization(alpha) : new IntraStageOptimization(sequence, alpha);
      case BEST_RS -> new BestRsTreeBuilder(alpha);
      case EXACT -> new ExactIncastTreeBuilder();
    };
  }

  private static int[] identity(int d) {
    int[] s = new int[d];
    for (int i = 0; i < d; i++) {
      s[i] = i;
    }
    return s;
  }
}
