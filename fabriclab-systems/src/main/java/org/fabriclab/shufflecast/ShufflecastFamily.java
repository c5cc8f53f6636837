package org.fabriclab.shufflecast;

import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;

/**
 * Registry adapter of {@link ShufflecastTopology}:
 * {@code shufflecast [--p P] [--k K] [--tors T] [--servers-per-tor s]}. {@code --tors 0} (default)
 * means the full {@code k·p^k} instance (p and k default to 2). With {@code --tors T} and no
 * {@code --p}/{@code --k}, the nearest larger instance with {@code p ≤ 8} (fewest logical ToRs,
 * then smallest k, as {@code shufflecast cost} picks it: T = 15 gives 3,2 with 18 nodes); with
 * only {@code --p}, its smallest k (T = 15, p = 2 gives the paper's 2,3 example); with only
 * {@code --k}, the smallest p.
 */
public final class ShufflecastFamily implements TopologyFamily {
  @Override
  public String name() {
    return "shufflecast";
  }

  @Override
  public String description() {
    return "p,k-Shufflecast optical-splitter multicast fabric, k·p^k ToRs with 1:p splitters"
        + " (Shufflecast paper §III-A1)";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of(
        ParamSpec.integer("p", 0, 256, 0L, "splitter fan-out, >= 2 (0: 2, or chosen from --tors)"),
        ParamSpec.integer("k", 0, 16, 0L, "columns, >= 1; k·p^k ToRs, at most 65536 (0: 2, or chosen from --tors)"),
        ParamSpec.integer(
            "tors", 0, ShufflecastTopology.MAX_TORS, 0L,
            "physical ToRs T <= k·p^k (0: all); extra logical nodes are hosted by ToRs 0..N-T-1"),
        ParamSpec.integer("servers-per-tor", 0, 65_536, 1L, "servers on each physical ToR"));
  }

  private static ShufflecastTopology of(Params p) {
    int t = p.getInt("tors");
    int[] pk = instance(p);
    return new ShufflecastTopology(pk[0], pk[1], t == 0 ? -1 : t);
  }

  /** {p, k} after filling the automatic (0) values, see the class comment. */
  static int[] instance(Params params) {
    int p = params.getInt("p");
    int k = params.getInt("k");
    int t = params.getInt("tors");
    if (p == 1) {
      InvalidParameterException.requireRange("shufflecast --p", p, 2, 256);
    }
    if (t == 0 || (p > 0 && k > 0)) {
      return new int[] {p == 0 ? 2 : p, k == 0 ? 2 : k};
    }
    if (p > 0) {
      return new int[] {p, ShufflecastTopology.smallestFor(p, t)};
    }
    if (k > 0) {
      for (int q = 2; q <= 256; q++) {
        long n = ShufflecastTopology.tors(q, k);
        if (n > ShufflecastTopology.MAX_TORS) {
          break;
        }
        if (n >= t) {
          return new int[] {q, k};
        }
      }
      throw new InvalidParameterException("shufflecast --k", k, "no p gives k·p^k between --tors "
          + t + " and " + ShufflecastTopology.MAX_TORS + " ToRs");
    }
    return ShufflecastTopology.nearestInstance(t, 8);
  }

  @Override
  public void validate(Params params) {
    of(params);
  }

  @Override
  public SizeEstimate estimate(Params params) {
    int t = params.getInt("tors");
    int[] pk = instance(params);
    long n = ShufflecastTopology.tors(pk[0], pk[1]);
    if (n > ShufflecastTopology.MAX_TORS) {
      return new SizeEstimate(n, n);
    }
    return ShufflecastTopology.estimate(pk[0], pk[1], t == 0 ? -1 : t, params.getInt("servers-per-tor"));
  }

  @Override
  public Topology build(Params params) {
    ShufflecastTopology s = of(params);
    int spt = params.getInt("servers-per-tor");
    return s.build(
        TopologyFamilies.builder(this, params, estimate(params)), spt);
  }
}
