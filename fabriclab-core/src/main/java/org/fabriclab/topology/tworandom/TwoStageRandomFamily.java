package org.fabriclab.topology.tworandom;

import java.util.List;
import org.fabriclab.graph.Topology;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.topology.ParamSpec;
import org.fabriclab.topology.Params;
import org.fabriclab.topology.SizeEstimate;
import org.fabriclab.topology.TopologyFamilies;
import org.fabriclab.topology.TopologyFamily;

/**
 * The {@code tworandom} family: the two-stage random graph of Flat-tree §3.1
 * (seed 001_5e703544cea19579.txt), {@code --k} (even, 4..1024) and {@code --stage2 any|pod-core}; see
 * {@link TwoStageRandomGraph} for the construction.
 */
public final class TwoStageRandomFamily implements TopologyFamily {
  @Override
  public String name() {
    return TwoStageRandomGraph.NAME;
  }

  @Override
  public String description() {
    return "two-stage random graph with fat-tree(k) equipment: random Pods, then Pods and cores"
        + " as super nodes (Flat-tree, HotNets 2016, §3.1)";
  }

  @Override
  public List<ParamSpec> parameters() {
    return List.of(
        ParamSpec.integer(
            "k", 4, 1024, null, "fat-tree parameter, even: k Pods of k k-port switches"),
        ParamSpec.choice(
            "stage2", List.of("any", "pod-core"), "any",
            "stage-2 reading: any = random graph over Pods and cores (Pod-Pod links allowed),"
                + " pod-core = Pod-core links only"));
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
    TwoStageRandomGraph g = generator(params);
    return g.build(
        TopologyFamilies.builder(this, params, g.estimate()),
        new RandomStreams(params.getLong("seed")));
  }

  /** The typed generator; throws {@code InvalidParameterException} for an odd {@code k}. */
  public static TwoStageRandomGraph generator(Params params) {
    return TwoStageRandomGraph.of(
        params.getInt("k"),
        params.getChoice("stage2").equals("pod-core")
            ? TwoStageRandomGraph.Stage2.POD_CORE
            : TwoStageRandomGraph.Stage2.ANY);
  }
}
