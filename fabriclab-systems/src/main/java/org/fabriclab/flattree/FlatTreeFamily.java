package org.fabriclab.flattree;

import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;

/**
 * The {@code flattree} family: the logical topology of Flat-tree over fat-tree(k) in one mode
 * (seed 001_5e703544cea19579.txt). {@code --k K --mode clos|global|local|hybrid [--m M --n N]
 * [--pattern 0|1|2] [--zones G,L[,C]]}. Defaults: m = k/8, n = 2k/8 rounded (§3.2), pattern by
 * §3.2's rule. Hybrid zones are contiguous runs of Pods: the first G global, the next L local, the
 * last C Clos; G+L+C must equal k (the zones partition the Pods). Not random: {@code --seed} is
 * ignored.
 */
public final class FlatTreeFamily implements TopologyFamily {
  @Override
  public String name() {
    return "flattree";
  }

  @Override
  public String description() {
    return "Flat-tree over fat-tree(k) (Xia & Ng, HotNets 2016): convertible Clos in clos, global,"
        + " local or hybrid mode; converters add no hop";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of(
        ParamSpec.integer("k", 4, 256, 8L, "fat-tree parameter (even): k Pods, k^3/4 servers"),
        ParamSpec.choice(
            "mode", List.of("clos", "global", "local", "hybrid"), "global", "operation mode (§2.6)"),
        ParamSpec.integer("m", -1, 128, -1L, "6-port converters per edge switch; -1 = round(k/8)"),
        ParamSpec.integer("n", -1, 128, -1L, "4-port converters per edge switch; -1 = round(2k/8)"),
        ParamSpec.integer("pattern", 0, 2, 0L, "Pod-core wiring pattern 1 or 2; 0 = §3.2 rule"),
        ParamSpec.intList(
            "zones", 0, 256, "0",
            "hybrid only: G,L[,C] = Pods in global, local, Clos zones, in Pod order, summing to k"));
  }

  @Override
  public void validate(Params params) {
    controller(params);
  }

  @Override
  public SizeEstimate estimate(Params params) {
    int k = params.getInt("k");
    ClosLayout l = ClosLayout.fatTree(k);
    return new SizeEstimate(l.serverCount() + (long) l.switchCount(), 2 * l.cableCount());
  }

  @Override
  public Topology build(Params params) {
    FlatTreeController c = controller(params);
    // the description shows the converter counts used, not the -1 that asks for the defaults
    int k = params.getInt("k");
    Params shown = params.shown("m", (long) (params.getInt("m") < 0 ? FlatTree.defaultM(k) : params.getInt("m")))
        .shown("n", (long) (params.getInt("n") < 0 ? FlatTree.defaultN(k) : params.getInt("n")));
    return c.logicalTopology(TopologyFamilies.builder(this, shown, estimate(params)));
  }

  /**
   * The controller of the network {@code params} describe, converted to its mode.
   *
   * @throws InvalidParameterException for odd k, m + n > k/2, or zones that do not partition
   */
  public static FlatTreeController controller(Params params) {
    int k = params.getInt("k");
    ClosLayout layout = ClosLayout.fatTree(k);
    int m = params.getInt("m") < 0 ? FlatTree.defaultM(k) : params.getInt("m");
    int n = params.getInt("n") < 0 ? FlatTree.defaultN(k) : params.getInt("n");
    FlatTree tree = new FlatTree(layout, m, n, PodCoreWiring.of(params.getInt("pattern"), k));
    FlatTreeController c = new FlatTreeController(tree);
    String mode = params.getChoice("mode");
    int[] zones = params.getIntList("zones");
    boolean zonesGiven = !(zones.length == 1 && zones[0] == 0);
    if (!mode.equals("hybrid")) {
      if (zonesGiven) {
        throw new InvalidParameterException("flattree --zones", "--zones needs --mode hybrid");
      }
      return c.convert(FlatTreeMode.parse(mode));
    }
    return c.convert(zones(zones, k));
  }

  /**
   * Pod modes from zone sizes {@code G,L[,C]}.
   *
   * @throws InvalidParameterException unless 2 or 3 sizes summing to k
   */
  public static FlatTreeMode[] zones(int[] sizes, int k) {
    if (sizes.length < 2 || sizes.length > 3) {
      throw new InvalidParameterException(
          "flattree --zones", "--mode hybrid needs --zones G,L[,C] (Pods per global, local, Clos zone)");
    }
    int sum = 0;
    for (int s : sizes) {
      sum += s;
    }
    if (sum != k) {
      throw new InvalidParameterException(
          "flattree --zones",
          "zones must partition the " + k + " Pods: G+L+C = " + sum + ", expected " + k);
    }
    FlatTreeMode[] modes = new FlatTreeMode[k];
    FlatTreeMode[] order = {FlatTreeMode.GLOBAL, FlatTreeMode.LOCAL, FlatTreeMode.CLOS};
    int p = 0;
    for (int z = 0; z < sizes.length; z++) {
      for (int i = 0; i < sizes[z]; i++) {
        modes[p++] = order[z];
      }
    }
    return modes;
  }
}
