package org.fabriclab.shufflecast;

import java.util.Arrays;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.fabriclab.sim.assembly.ElementBinding;

/**
 * The Shufflecast fabric of {@link ShufflecastMulticastRun} (seed 000_9b2589b0d55d7b52.txt §III,
 * §V): the controller ({@link ShufflecastController}) with its static relay rules (Algorithm 1),
 * the ToRs' {@link ShufflecastRelayElement}, the engine's passive splitters; membership updates
 * cost the controller's rule-update latency (0.6 ms, §VI-B(a)); a relay failure is repaired by
 * Algorithm 2 ({@link RelayFailureRecovery}), whose rule changes are installed on the touched ToRs
 * in parallel after the same latency. O(ToRs) per membership install.
 */
final class SplitterFabric implements MulticastFabric {
  private final ShufflecastTopology t;
  private final int serversPerTor;
  private ShufflecastController ctl;
  private RelayRules rules;
  ShufflecastRelayElement element;

  SplitterFabric(ShufflecastTopology t, int serversPerTor) {
    this.t = t;
    this.serversPerTor = serversPerTor;
  }

  @Override
  public Topology build(long capacityBps) {
    Topology topo = t.build(new TopologyBuilder("shufflecast", "p=" + t.p() + ", k=" + t.k())
        .defaults(capacityBps, 1_000_000L), serversPerTor);
    ctl = new ShufflecastController(t, serversPerTor, 1);
    rules = ctl.relayRules();
    element = new ShufflecastRelayElement(t, topo, serversPerTor, rules);
    return topo;
  }

  @Override
  public ElementBinding binding() {
    return element.binding();
  }

  @Override
  public long update(int group, int source, int[] before, int[] after) {
    int[] b = before.clone();
    int[] a = after.clone();
    Arrays.sort(b);
    Arrays.sort(a);
    int[] joins = Arrays.stream(a).filter(x -> Arrays.binarySearch(b, x) < 0).toArray();
    int[] leaves = Arrays.stream(b).filter(x -> Arrays.binarySearch(a, x) < 0).toArray();
    double ms = 0;
    if (joins.length > 0) {
      ms = Math.max(ms, ctl.join(group, joins).latencyMs());
    }
    if (leaves.length > 0) {
      ms = Math.max(ms, ctl.leave(group, leaves).latencyMs());
    }
    // both updates go to the switches in parallel
    return Math.round(ms * 1e9);
  }

  @Override
  public void install(int group, int source, int[] members) {
    int tors = t.tors();
    int[] count = new int[tors];
    for (int m : members) {
      count[m / serversPerTor]++;
    }
    int[][] lists = new int[tors][];
    for (int tor = 0; tor < tors; tor++) {
      lists[tor] = new int[count[tor]];
      count[tor] = 0;
    }
    for (int m : members) {
      int tor = m / serversPerTor;
      lists[tor][count[tor]++] = m;
    }
    for (int tor = 0; tor < tors; tor++) {
      element.install(group, tor, lists[tor]);
    }
  }

  /**
   * Relay {@code tor} fails now: it neither receives nor transmits. Returns Algorithm 2's outcome
   * (new rules, not yet installed: {@link #installRules}) and stores the controller's latency.
   */
  RelayFailureRecovery.Outcome fail(int tor) {
    element.fail(tor);
    return new RelayFailureRecovery(t, rules).recover(tor);
  }

  /** Installs recovered relay rules on every ToR at once. */
  void installRules(RelayRules recovered) {
    rules = recovered;
    element.setRules(recovered);
  }

  /** The rule-update latency of one parallel update, ps. */
  static long ruleUpdatePs() {
    return Math.round(ShufflecastController.SWITCH_UPDATE_MS * 1e9);
  }
}
