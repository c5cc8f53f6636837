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
 * ranks 8-15:   &lt;8 B k-nomial | &lt;64 binary tree | &lt;4 KiB k-nomial | &lt;16 KiB binary tree |
 *               &lt;32 KiB binomial | else linear
 * ranks 16-31:  &lt;4 KiB k-nomial | &lt;1 MiB binomial | else scatter + recursive-doubling allgather
 * ranks 32-63:  &lt;2 KiB binomial | else k-nomial
 * ranks 64-127: k-nomial
 * ranks 128-255: &lt;2 B binomial | &lt;16 KiB binary tree | &lt;32 KiB linear | &lt;64 KiB binary tree | else k-nomial
 * ranks 256-1023: &lt;16 KiB k-nomial | &lt;32 KiB split binary tree | else k-nomial
 * ranks 1024-2047: &lt;512 KiB k-nomial | else scatter + recursive-doubling allgather
 * ranks 2048-4095: &lt;256 KiB k-nomial | else scatter + recursive-doubling allgather
 * ranks &ge;4096: &lt;8 KiB k-nomial | &lt;16 KiB binary tree | &lt;256 KiB k-nomial | else scatter + recursive-doubling allgather
 * </pre>
 *
 * <p>Two rules ({@link Rule}): {@link Rule#OPEN_MPI_4_1}, the table above with the algorithms of
 * {@link OpenMpiTrees} (Open MPI's own tree shapes; the chain with the fan-out 1 Open MPI's chain
 * builder makes of the 0 the fixed rule passes), is the {@code ompi} scheme. {@link
 * Rule#BASELINES} is the reading the Gleam and Shufflecast baselines were graded with: the rows
 * up to 7 ranks with a chain of {@value #CHAIN_FANOUT} runs and a heap-ordered binary tree (v
 * sends to 2v + 1 and 2v + 2), and for 8 ranks and more, in place of Open MPI's ten rows, the two
 * algorithms MPICH and Open MPI's literature describe for small and large messages (Thakur et al.,
 * IJHPCA 2005, §3.1): binomial below 1 MiB, scatter + ring allgather from 1 MiB (an algorithm
 * Open MPI 4.1's fixed rule never picks). Decisions where the rule leaves a choice to the
 * algorithm's code:
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

  /** Which table decides (see the class comment). */
  public enum Rule {
    /** Open MPI 4.1's fixed decision, every row. */
    OPEN_MPI_4_1,
    /** The Gleam and Shufflecast baselines' reading: simplified from 8 ranks, chain of 4 runs. */
    BASELINES
  }

  /** Open MPI's broadcast algorithms this rule picks, with the names of its tables. */
  public enum Algorithm {
    LINEAR("linear"),
    PIPELINE("pipeline"),
    CHAIN("chain"),
    SPLIT_BINARY_TREE("split_binary_tree"),
    BINARY_TREE("binary_tree"),
    BINOMIAL("binomial"),
    KNOMIAL("knomial"),
    SCATTER_ALLGATHER("scatter_allgather"),
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

  /** The baselines' choice ({@link Rule#BASELINES}) for {@code ranks} ranks and {@code bytes}. */
  public static Decision decide(int ranks, long bytes) {
    return decide(ranks, bytes, Rule.BASELINES);
  }

  /** The choice of {@code rule} for {@code ranks} (≥ 2) ranks and a message of {@code bytes} (≥ 1). */
  public static Decision decide(int ranks, long bytes, Rule rule) {
    InvalidParameterException.requireRange("ranks", ranks, 2, Integer.MAX_VALUE);
    InvalidParameterException.requireRange("bytes", bytes, 1, Long.MAX_VALUE);
    if (rule == Rule.OPEN_MPI_4_1 && ranks >= 8) {
      return new Decision(large(ranks, bytes), 0, 0);
    }
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
    if (rule == Rule.OPEN_MPI_4_1 && ranks < 4 && bytes >= 512 && bytes < KIB) {
      a = Algorithm.KNOMIAL; // over at most 3 ranks the linear broadcast's transfers
    }
    int chain = rule == Rule.BASELINES ? CHAIN_FANOUT : 1;
    int fanout = a == Algorithm.CHAIN ? chain : a == Algorithm.PIPELINE ? 1 : 0;
    return new Decision(a, 0, fanout);
  }

  /** Open MPI 4.1's rows from 8 ranks (the class comment's table). */
  private static Algorithm large(int n, long b) {
    final Algorithm lin = Algorithm.LINEAR;
    final Algorithm bt = Algorithm.BINARY_TREE;
    final Algorithm bin = Algorithm.BINOMIAL;
    final Algorithm kn = Algorithm.KNOMIAL;
    final Algorithm sag = Algorithm.SCATTER_ALLGATHER;
    if (n < 16) {
      return b < 8 ? kn : b < 64 ? bt : b < 4 * KIB ? kn : b < 16 * KIB ? bt : b < 32 * KIB ? bin : lin;
    } else if (n < 32) {
      return b < 4 * KIB ? kn : b < 1024 * KIB ? bin : sag;
    } else if (n < 64) {
      return b < 2 * KIB ? bin : kn;
    } else if (n < 128) {
      return kn;
    } else if (n < 256) {
      return b < 2 ? bin : b < 16 * KIB ? bt : b < 32 * KIB ? lin : b < 64 * KIB ? bt : kn;
    } else if (n < 1024) {
      return b < 16 * KIB ? kn : b < 32 * KIB ? Algorithm.SPLIT_BINARY_TREE : kn;
    } else if (n < 2048) {
      return b < 512 * KIB ? kn : sag;
    } else if (n < 4096) {
      return b < 256 * KIB ? kn : sag;
    }
    return b < 8 * KIB ? kn : b < 16 * KIB ? bt : b < 256 * KIB ? kn : sag;
  }

  /**
   * The transfers of the chosen algorithm for {@code ranks} ranks and {@code bytes}, in virtual
   * ranks, into {@code sink}; returns the decision.
   */
  public static Decision emit(int ranks, long bytes, boolean sequentialSends, MpiBcastSchedules.Sink sink) {
    return emit(ranks, bytes, sequentialSends, Rule.BASELINES, sink);
  }

  /**
   * The transfers of {@code rule}'s choice, into {@code sink}; returns the decision. Under {@link
   * Rule#OPEN_MPI_4_1} the trees take Open MPI's shapes and its send semantics ({@link
   * OpenMpiTrees}); {@code sequentialSends} then applies to the linear, chain and binomial
   * algorithms only.
   */
  public static Decision emit(int ranks, long bytes, boolean sequentialSends, Rule rule, MpiBcastSchedules.Sink sink) {
    Decision d = decide(ranks, bytes, rule);
    if (rule == Rule.OPEN_MPI_4_1) {
      switch (d.algorithm()) {
        case BINARY_TREE -> {
          OpenMpiTrees.generic(ranks, bytes, OpenMpiTrees::binaryTreeChildren, sink);
          return d;
        }
        case KNOMIAL -> {
          OpenMpiTrees.generic(ranks, bytes, (v, n) -> OpenMpiTrees.knomialChildren(v, n, OpenMpiTrees.KNOMIAL_RADIX), sink);
          return d;
        }
        case SPLIT_BINARY_TREE -> {
          OpenMpiTrees.splitBinaryTree(ranks, bytes, sink);
          return d;
        }
        case SCATTER_ALLGATHER -> {
          OpenMpiTrees.scatterAllgather(ranks, bytes, sink);
          return d;
        }
        default -> { }
      }
    }
    emitBaseline(d, ranks, bytes, sequentialSends, sink);
    return d;
  }

  /**
   * The transfers of algorithm {@code d} as {@link Rule#BASELINES} writes it (the class comment's
   * shapes: linear, the heap-ordered binary tree, {@link MpiBcastSchedules}' binomial and scatter
   * + ring allgather, and the chain of {@code d.fanout()} runs), in virtual ranks, into {@code
   * sink}. The chain (and the pipeline, its fan-out 1) cuts the message into segments of {@code
   * d.segmentBytes()} (≤ 0: one piece), sent segment by segment down every run; a segment's hop
   * waits only for the same segment's previous hop (segments are posted without waiting for each
   * other; a link serves them in order). O(transfers).
   */
  public static void emitBaseline(Decision d, int ranks, long bytes, boolean sequentialSends,
      MpiBcastSchedules.Sink sink) {
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
        InvalidParameterException.requireRange("fanout", d.fanout(), 1, Integer.MAX_VALUE);
        int chains = Math.min(d.fanout(), ranks - 1);
        long seg = d.segmentBytes() <= 0 ? bytes : d.segmentBytes();
        long segments = (bytes + seg - 1) / seg;
        int rootSent = -1;
        for (long s = 0; s < segments; s++) {
          long len = Math.min(seg, bytes - s * seg);
          for (int c = 0; c < chains; c++) {
            int lo = 1 + (int) ((long) c * (ranks - 1) / chains);
            int hi = 1 + (int) ((long) (c + 1) * (ranks - 1) / chains);
            int prev = -1;
            int from = 0;
            for (int v = lo; v < hi; v++) {
              prev = sink.add(from, v, len, -1, Pieces.deps(prev, sequentialSends && from == 0 ? rootSent : -1));
              if (from == 0) {
                rootSent = prev;
              }
              from = v;
            }
          }
        }
      }
      default -> throw new IllegalStateException(d.algorithm().label() + " is not one of the baselines' algorithms");
    }
  }

  @Override
  public String name() {
    return "ompi";
  }

  @Override
  public String description() {
    return "Open MPI 4.1's fixed MPI_Bcast rule (tuned component, every row: linear, chain, binary, split-binary, binomial and k-nomial trees, scatter + allgather)";
  }

  @Override
  public Set<CollectiveOp> ops() {
    return EnumSet.of(CollectiveOp.BROADCAST);
  }

  @Override
  public CollectiveSchedule build(CollectiveSpec spec) {
    CollectiveSchedule out = new CollectiveSchedule(spec.ranks());
    emit(spec.ranks(), spec.sizeBytes(), false, Rule.OPEN_MPI_4_1, (from, to, bytes, block, after) ->
        out.transfer(Pieces.real(from, spec), Pieces.real(to, spec), bytes, after));
    return out;
  }
}
