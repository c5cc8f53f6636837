package org.fabriclab.incast;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.fabriclab.error.InvalidParameterException;

/**
 * Incast trees on the flat switch-centric fabrics of seed 004 §V-C: a HyperX with switch lattice
 * {@code S_0 × … × S_{L-1}} and {@code T} servers per switch (the k-ary n-flat FBFLY is
 * {@code S_i = k}, {@code L = n−1}, {@code T = c}). Ids follow {@code org.fabriclab.topology.hyperx.HyperX}:
 * server {@code i} hangs off switch {@code i/T}; switch {@code w = Σ x_i·Π_{j<i} S_j}.
 *
 * <p>The switch of each member is its agent. The switches form a generalized hypercube, so the
 * BCube builders run unchanged on the agents' labels (embedded with radix {@code max S_i}: the
 * builders only ever use digits of members, so every label they produce is a real switch). Cost
 * (Def. 1 at switch level): each sender sends its data to its agent (one link), each switch of
 * the tree but the receiver's agent sends its output to its parent over one direct link, and the
 * receiver's agent sends its output to the receiver; a switch receiving ≥ 2 flows (its own
 * senders' included) aggregates them, using one of its servers as the cache (that server detour is
 * not counted: the paper gives it no cost). O(build) + O(m + tree).
 */
public final class HyperXIncast {
  private final int[] dims;
  private final int serversPerSwitch;
  private final int switches;
  private final BCubeLabels labels;

  /** @param dims lattice sizes S_i ≥ 2; @param serversPerSwitch T ≥ 1 */
  public HyperXIncast(int[] dims, int serversPerSwitch) {
    if (dims.length == 0) {
      throw new InvalidParameterException("--dims", "at least one dimension");
    }
    long n = 1;
    int max = 2;
    for (int s : dims) {
      InvalidParameterException.requireRange("--dims", s, 2, 64);
      n *= s;
      max = Math.max(max, s);
    }
    InvalidParameterException.requireRange("--servers-per-switch", serversPerSwitch, 1, 1024);
    if (n * serversPerSwitch > Integer.MAX_VALUE / 2) {
      throw new InvalidParameterException("--dims", Arrays.toString(dims), "fewer than 2^30 servers");
    }
    this.dims = dims.clone();
    this.serversPerSwitch = serversPerSwitch;
    this.switches = (int) n;
    this.labels = new BCubeLabels(max, dims.length - 1);
  }

  /** The k-ary n-flat flattened butterfly with c servers per switch. */
  public static HyperXIncast flattenedButterfly(int k, int n, int c) {
    InvalidParameterException.requireRange("--n", n, 2, 31);
    int[] d = new int[n - 1];
    Arrays.fill(d, k);
    return new HyperXIncast(d, c);
  }

  public int serverCount() {
    return switches * serversPerSwitch;
  }

  /** Agent (switch) of a server. */
  public int agent(int server) {
    return server / serversPerSwitch;
  }

  /** Label (radix max S_i) of switch {@code w}. */
  int label(int w) {
    int x = w;
    int lab = 0;
    int p = 1;
    for (int s : dims) {
      lab += (x % s) * p;
      x /= s;
      p *= labels.n();
    }
    return lab;
  }

  /**
   * A built switch-level tree and its metrics.
   *
   * @param switchTree tree over agent labels (null when every sender shares the receiver's switch)
   * @param cost Def. 1 traffic
   * @param links active links (server cables plus switch-to-switch links)
   * @param aggregatingSwitches switch ids that aggregate
   * @param receiverInput size the receiver gets from its agent
   */
  public record Result(IncastTree switchTree, double cost, int links, int[] aggregatingSwitches, double receiverInput) {}

  /** Builds and evaluates the tree of {@code method} for unit-size senders. */
  public Result build(int receiver, int[] senders, IncastMethod method, long seed, double alpha) {
    Aggregation.requireAlpha(alpha);
    InvalidParameterException.requireRange("--receiver", receiver, 0, serverCount() - 1L);
    if (senders.length == 0) {
      throw new InvalidParameterException("--senders", "must name at least one sender");
    }
    int ra = agent(receiver);
    Int2IntOpenHashMap attached = new Int2IntOpenHashMap();
    int[] sorted = senders.clone();
    Arrays.sort(sorted);
    for (int i = 0; i < sorted.length; i++) {
      InvalidParameterException.requireRange("--senders", sorted[i], 0, serverCount() - 1L);
      if (sorted[i] == receiver) {
        throw new InvalidParameterException("--senders", "the receiver " + receiver + " cannot be a sender");
      }
      if (i > 0 && sorted[i] == sorted[i - 1]) {
        throw new InvalidParameterException("--senders", "duplicate sender " + sorted[i]);
      }
      attached.addTo(label(agent(sorted[i])), 1);
    }
    int rl = label(ra);
    IntArrayList agents = new IntArrayList();
    for (int a : attached.keySet()) {
      if (a != rl) {
        agents.add(a);
      }
    }
    IncastTree tree = null;
    boolean aggregation = method != IncastMethod.EXISTING;
    if (!agents.isEmpty()) {
      IncastTransfer t = IncastTransfer.unit(labels, rl, agents.toIntArray());
      tree = method.builder(null, labels.dims(), seed, alpha).build(t);
    }
    // evaluate at switch level
    double cost = senders.length; // every sender -> its agent
    int links = senders.length + 1; // sender cables and the receiver's cable
    IntArrayList agg = new IntArrayList();
    double rootSum = attached.get(rl);
    double rootMaxV = attached.get(rl) > 0 ? 1 : 0;
    int rootInputs = attached.get(rl);
    if (tree != null) {
      int nn = tree.size();
      double[] max = new double[nn];
      double[] sum = new double[nn];
      int[] inputs = new int[nn];
      for (int i = 1; i < nn; i++) {
        int c = attached.get(tree.nodes()[i]);
        inputs[i] = c;
        sum[i] = c;
        max[i] = c > 0 ? 1 : 0;
      }
      for (int v : tree.bottomUpOrder()) {
        if (v == 0) {
          continue;
        }
        boolean a = aggregation && inputs[v] >= 2;
        double out = a ? Aggregation.size(max[v], sum[v], alpha) : sum[v];
        if (a) {
          agg.add(switchOf(tree.nodes()[v]));
        }
        cost += out;
        links++;
        int p = tree.parent()[v];
        if (p == 0) {
          rootSum += out;
          rootMaxV = Math.max(rootMaxV, out);
          rootInputs++;
        } else {
          sum[p] += out;
          max[p] = Math.max(max[p], out);
          inputs[p]++;
        }
      }
    }
    boolean rootAgg = aggregation && rootInputs >= 2;
    double toReceiver = rootAgg ? Aggregation.size(rootMaxV, rootSum, alpha) : rootSum;
    if (rootAgg) {
      agg.add(ra);
    }
    cost += toReceiver;
    int[] a = agg.toIntArray();
    Arrays.sort(a);
    return new Result(tree, cost, links, a, toReceiver);
  }

  /** Switch id of an agent label (as the switch tree's nodes are labelled). */
  public int switchOf(int lab) {
    int w = 0;
    int p = 1;
    for (int i = 0; i < dims.length; i++) {
      w += labels.digit(lab, i) * p;
      p *= dims[i];
    }
    return w;
  }
}
