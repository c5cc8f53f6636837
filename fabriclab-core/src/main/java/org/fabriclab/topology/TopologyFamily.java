package org.fabriclab.topology;

import java.util.List;
import org.fabriclab.graph.Topology;

/**
 * A named, parameterised topology generator, found by {@link TopologyFamilies} through
 * {@link java.util.ServiceLoader} (list implementations in
 * {@code META-INF/services/org.fabriclab.topology.TopologyFamily}). Implementations are stateless
 * and pure: the same parameters (seed included) give an equal topology.
 *
 * <p>Every family also accepts the common parameters of {@link TopologyFamilies#COMMON}
 * ({@code seed}, {@code link-gbps}, {@code link-delay-ns}); they are appended to
 * {@link #parameters()} by the registry, not declared here.
 */
public interface TopologyFamily {
  /** Registry and CLI name, lower case ({@code fattree}). */
  String name();

  /** One line: what it is and where it is defined. */
  String description();

  /** The family's own parameters. */
  List<ParamSpec> parameters();

  /**
   * Checks constraints between parameters (each value is already within its range).
   *
   * @throws org.fabriclab.error.InvalidParameterException naming the culprit and what is valid
   */
  default void validate(Params params) {}

  /** Node and link counts of the topology {@link #build} would make, from parameters alone. */
  SizeEstimate estimate(Params params);

  /** Builds the topology. {@link #validate} has been called. */
  Topology build(Params params);
}
