package org.fabriclab.sim.collective.host;

import java.util.EnumSet;
import java.util.Set;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * {@code ompi}: MPI_Bcast as Open MPI 4.1 runs it without tuning files — the fixed decision of the
 * {@code tuned} collective component ({@code ompi_coll_tuned_bcast_intra_dec_fixed} in {@code
 * ompi/mca/coll/tuned/coll_tuned_decision_fixed.c}, v4.1.x), which picks an algorithm from the
 * communicator size and the message size and calls {@code ompi_coll_tuned_bcast_intra_do_this}
 * with fan-in/out 0 and segment size 0. Written from the published thresholds (no code copied):
 *
 * <pre>
 * ranks 2-3: &lt;32 B pipeline | &lt;256 binary tree | &lt;512 pipeline | &lt;1 KiB k-nomial (radix 4) |
 *            &lt;32 KiB linear | &lt;128 KiB binary tree | &lt;256 KiB chain | &lt;512 KiB linear |
 *            &lt;1 MiB binomial | else binary tree
 * ranks 4-7: &lt;64 B binary tree | &lt;128 binomial | &lt;2 KiB binary tree | &lt;8 KiB binomial |
 *            &lt;1 MiB linear | else chain
 * ranks &ge;8 (simplified, not Open MPI's table): &lt;1 MiB binomial | else scatter + ring allgather
 * </pre>
 *
 * <p>For 8 ranks and more Open MPI 4.1's table has ten further rows (k-nomial, binomial, linear,
 * binary and split-binary trees, scatter + recursive-doubling allgather, by size); this rule
 * replaces them by the two algorithms MPICH and Open MPI's literature describe for small and large
 * messages (Thakur et al., IJHPCA 2005, §3.1), the rule the Gleam and Shufflecast baselines were
 * measured with. Decisions where the rule leaves a choice to the algorithm's code:
 *
 * <ul>
 *   <li>segment size 0: every algorithm sends the whole message at once ({@code --segment-bytes}
 *       is ignored);
 *   <li>the k-nomial tree of radix 4 over at most 3 ranks is the linear algorithm;
 *   <li>the chain has {@value #CHAIN_FANOUT} chains leaving the root (ranks {@code 1..n−1} cut into
 *       consecutive runs). Open MPI's chain builder ({@code ompi_coll_base_topo_build_chain})
 *       turns the fan-out 0 the fixed rule passes into 1, a pipeline; fan-out 4 is kept because
 *       the baselines' results were measured with it.
 * </ul>
 *
 * <p>{@link #emit} writes the chosen algorithm's transfers in virtual ranks (0 the root):
 * binomial and scatter + ring allgather are {@link MpiBcastSchedules}'; linear is the root
 * sending to {@code 1..n−1}; the binary tree has {@code v} send to {@code 2v+1} and {@code 2v+2};
 * the chain sends down each run. With {@code sequentialSends} a rank's sends also wait for its
 * previous send (blocking sends), without they start together. O(n log n) transfers.
 */
public final class OpenMpiBcast implements CollectiveScheme {
  /** Chains leaving the root in the chain algorithm (see the class comment). */
  public static final int CHAIN_FANOUT = 4;

  /** Open MPI's broadcast algorithms this rule picks, with the names of its tables. */
  public enum Algorithm {
    LINEAR("linear"),
    PIPELINE("pipeline"),
    CHAIN("chain"),
    BINARY_TREE("binary_tree"),
    BINOMIAL("binomial"),
    SCATTER_ALLGATHER_RING("scatter_allgather_ring");

    private final String label;

    Algorithm(String label) {
      this.label = label;
    }

    /** Open MPI's name ({@code basic_linear} written {@code linear}). */
    public String label() {
      return label;
    }
  }

  /**
   * The rule's choice.
   *
   * @param algorithm the algorithm
   * @param segmentBytes its segment size, 0 for none (always 0 in the fixed rule)
   * @param fanout chains leaving the root (chain and pipeline), otherwise 0
   */
  public record Decision(Algorithm algorithm, long segmentBytes, int fanout) {}

  private static final long KIB = 1024;

  /** The choice for {@code ranks} (≥ 2) ranks and a message of {@code bytes} (≥ 1). */
  public static Decision decide(int ranks, long bytes) {
    InvalidParameterException.requireRange("ranks", ranks, 2, Integer.MAX_VALUE);
    InvalidParameterException.requireRange("bytes", bytes, 1, Long.MAX_VALUE);
    Algorithm a;
    if (ranks < 4) {
      a = bytes < 32 ? Algorithm.PIPELINE
          : bytes < 256 ? Algorithm.BINARY_TREE
          : bytes < 512 ? Algorithm.PIPELINE
          : bytes < 32 * KIB ? Algorithm.LINEAR // below 1 KiB: k-nomial radix 4 over <= 3 ranks
          : bytes < 128 * KIB ? Algorithm.BINARY_TREE
          : bytes < 256 * KIB ? Algorithm.CHAIN
          : bytes < 512 * KIB ? Algorithm.LINEAR
          : bytes < 1024 * KIB ? Algorithm.BINOMIAL
          : Algorithm.BINARY_TREE;
    } else if (ranks < 8) {
      a = bytes < 64 ? Algorithm.BINARY_TREE
          : bytes < 128 ? Algorithm.BINOMIAL
          : bytes < 2 * KIB ? Algorithm.BINARY_TREE
          : bytes < 8 * KIB ? Algorithm.BINOMIAL
          : bytes < 1024 * KIB ? Algorithm.LINEAR
          : Algorithm.CHAIN;
    } else {
      a = bytes < 1024 * KIB ? Algorithm.BINOMIAL : Algorithm.SCATTER_ALLGATHER_RING;
    }
    int fanout = a == Algorithm.CHAIN ? CHAIN_FANOUT : a == Algorithm.PIPELINE ? 1 : 0;
    return new Decision(a, 0, fanout);
  }

  /**
   * The transfers of the chosen algorithm for {@code ranks} ranks and {@code bytes}, in virtual
   * ranks, into {@code sink}; returns the decision.
   */
  public static Decision emit(int ranks, long bytes, boolean sequentialSends, MpiBcastSchedules.Sink sink) {
    Decision d = decide(ranks, bytes);
    switch (d.algorithm()) {
      case BINOMIAL -> MpiBcastSchedules.binomial(ranks, bytes, sequentialSends, sink);
      case SCATTER_ALLGATHER_RING -> MpiBcastSchedules.scatterAllgatherRing(ranks, bytes, sequentialSends, sink);
      case LINEAR -> {
        int prev = -1;
        for (int v = 1; v < ranks; v++) {
          int t = sink.add(0, v, bytes, -1, Pieces.deps(sequentialSends ? prev : -1));
          prev = t;
        }
      }
      case BINARY_TREE -> {
        int[] into = new int[ranks];
        int[] sent = new int[ranks];
        java.util.Arrays.fill(into, -1);
        java.util.Arrays.fill(sent, -1);
        for (int v = 1; v < ranks; v++) {
          int p = (v - 1) / 2;
          into[v] = sink.add(p, v, bytes, -1, Pieces.deps(into[p], sequentialSends ? sent[p] : -1));
          sent[p] = into[v];
        }
      }
      case PIPELINE, CHAIN -> {
        int chains = Math.min(d.fanout(), ranks - 1);
        int rootSent = -1;
        for (int c = 0; c < chains; c++) {
          int lo = 1 + (int) ((long) c * (ranks - 1) / chains);
          int hi = 1 + (int) ((long) (c + 1) * (ranks - 1) / chains);
          int prev = -1;
          int from = 0;
          for (int v = lo; v < hi; v++) {
            prev = sink.add(from, v, bytes, -1, Pieces.deps(prev, sequentialSends && from == 0 ? rootSent : -1));
            if (from == 0) {
              rootSent = prev;
            }
            from = v;
          }
        }
      }
      default -> throw new IllegalStateException(d.algorithm().label());
    }
    return d;
  }

  @Override
  public String name() {
    return "ompi";
  }

  @Override
  public String description() {
    return "Open MPI 4.1's fixed MPI_Bcast rule (tuned component; >= 8 ranks simplified: binomial / scatter + ring allgather)";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.BROADCAST);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    CollectiveSchedule out = new CollectiveSchedule(spec.ranks());
    emit(spec.ranks(), spec.sizeBytes(), false, (from, to, bytes, block, after) ->
        out.transfer(Pieces.real(from, spec), Pieces.real(to, spec), bytes, after));
    return out;
  }
}
