package org.fabriclab.incast;

import java.util.SplittableRandom;
import org.fabriclab.rng.RandomStreams;

/**
 * The unicast-driven incast tree of seed 004 §III-B / Fig. 3(a): each sender independently takes
 * one BCube shortest path to the receiver, correcting its differing digits in a random order
 * (seeded; stream "incast-unicast"). Forwarding state is per transfer and server, so a path that
 * reaches a server already carrying another sender's flow continues along that flow's route and
 * the two aggregate there; otherwise nothing aggregates before the receiver. Senders are routed
 * in a seeded random order. O(k·m).
 */
public final class UnicastDrivenTreeBuilder implements IncastTreeBuilder {
  private final long seed;
  private final boolean aggregation;

  /** Unicast-driven trees with aggregation wherever paths meet. */
  public UnicastDrivenTreeBuilder(long seed) {
    this(seed, true);
  }

  UnicastDrivenTreeBuilder(long seed, boolean aggregation) {
    this.seed = seed;
    this.aggregation = aggregation;
  }

  @Override
  public IncastTree build(IncastTransfer t) {
    SplittableRandom rnd = new RandomStreams(seed).stream("incast-unicast");
    BCubeLabels L = t.labels();
    int r = t.receiver();
    int[] order = t.senders().clone();
    for (int i = order.length - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int x = order[i];
      order[i] = order[j];
      order[j] = x;
    }
    TreeAssembler tree = new TreeAssembler(t);
    int[] dims = new int[L.dims()];
    for (int s : order) {
      int count = 0;
      for (int j = 0; j < L.dims(); j++) {
        if (L.digit(s, j) != L.digit(r, j)) {
          dims[count++] = j;
        }
      }
      for (int i = count - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        int x = dims[i];
        dims[i] = dims[j];
        dims[j] = x;
      }
      int v = s;
      for (int i = 0; i < count && !tree.contains(v); i++) {
        int next = L.withDigit(v, dims[i], L.digit(r, dims[i]));
        tree.setParent(v, next);
        v = next;
      }
    }
    return tree.build(aggregation ? "unicast" : "existing", new int[0], aggregation);
  }
}
