package org.fabriclab.topology.jellyfish;

import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;

/**
 * The {@code jellyfish} family: maps {@link Params} to a {@link Jellyfish} generator.
 *
 * <p>Two exclusive ways to give the equipment:
 *
 * <ul>
 *   <li>{@code --switches N --ports P [--servers-per-switch S]}: N switches of P ports, S servers
 *       each, network degree {@code r = P - S} with {@code 1 <= r <= N-1};
 *   <li>{@code --k K} (even, 4..1024): the equipment of fat-tree(K), {@code 5K²/4} switches of K
 *       ports and {@code K³/4} servers spread as evenly as possible (Flat-tree §3.1,
 *       /work/shared/seeds/001_*.txt).
 * </ul>
 *
 * {@code --k 0} (the default) means "not used"; giving {@code --k} with any of the others is an
 * error. Randomness comes from the {@code "jellyfish"} stream of {@code --seed}.
 */
public final class JellyfishFamily implements TopologyFamily {
  private static final long MAX_SWITCHES = 1 << 24;
  private static final long MAX_PORTS = 1 << 16;

  @Override
  public String name() {
    return Jellyfish.NAME;
  }

  @Override
  public String description() {
    return "random regular graph of switches (Singla et al., NSDI 2012); --k K = fat-tree(K)"
        + " equipment";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of(
        ParamSpec.integer(
            "switches", 0, MAX_SWITCHES, 0L, "number of switches, >= 2 (0 when --k is given)"),
        ParamSpec.integer(
            "ports", 0, MAX_PORTS, 0L, "ports per switch, > servers-per-switch (0 with --k)"),
        ParamSpec.integer(
            "servers-per-switch", 0, MAX_PORTS - 1, 0L, "servers attached to every switch"),
        ParamSpec.integer(
            "k", 0, 1024, 0L,
            "use fat-tree(k) equipment: 5k^2/4 k-port switches, k^3/4 servers (even k >= 4);"
                + " 0 = unused"));
  }

  @Override
  public void validate(Params params) {
    generator(params);
  }

  @Override
  public SizeEstimate estimate(Params params) {
    return generator(params).estimate();
  }

  @Override
  public Topology build(Params params) {
    Jellyfish g = generator(params);
    return g.build(
        TopologyFamilies.builder(this, resolved(params, g), g.estimate()),
        new RandomStreams(params.getLong("seed")).stream(Jellyfish.NAME));
  }

  /**
   * The parameters as built, for the topology's description: with {@code --k} the switches, ports
   * and servers per switch fat-tree(k) equipment gives ({@code 1-2} when spread unevenly), without
   * it no {@code k} (unused).
   */
  static Params resolved(Params params, Jellyfish g) {
    if (params.getInt("k") == 0) {
      return params.shown("k", null);
    }
    int lo = Integer.MAX_VALUE;
    int hi = 0;
    for (int i = 0; i < g.switchCount(); i++) {
      lo = Math.min(lo, g.serversAt(i));
      hi = Math.max(hi, g.serversAt(i));
    }
    return params.shown("switches", (long) g.switchCount()).shown("ports", (long) g.portsPerSwitch())
        .shown("servers-per-switch", lo == hi ? Long.toString(lo) : lo + "-" + hi);
  }

  /**
   * The typed generator for {@code params}.
   *
   * @throws InvalidParameterException for an impossible or ambiguous combination
   */
  public static Jellyfish generator(Params params) {
    int k = params.getInt("k");
    int switches = params.getInt("switches");
    int ports = params.getInt("ports");
    int servers = params.getInt("servers-per-switch");
    if (k != 0) {
      if (switches != 0 || ports != 0 || servers != 0) {
        throw new InvalidParameterException(
            "k",
            "jellyfish: give either --k or --switches/--ports/--servers-per-switch, not both");
      }
      return Jellyfish.ofFatTree(k);
    }
    if (switches == 0) {
      throw new InvalidParameterException(
          "switches",
          "missing --switches for jellyfish (2.." + MAX_SWITCHES + "), or give --k (even, 4..1024)");
    }
    if (ports == 0) {
      throw new InvalidParameterException(
          "ports", "missing --ports for jellyfish (1.." + MAX_PORTS + ")");
    }
    return Jellyfish.uniform(switches, ports, servers);
  }
}
