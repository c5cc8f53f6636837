package org.fabriclab.gleam.baseline;

/**
 * Which MPI_Bcast algorithm Open MPI 4.1 picks, as the issue asks for seed 002's §5.1 baseline
 * ("OpenMPI", v4.1.1). Modelled rule (the {@code tuned} component's fixed decision of the 4.1
 * series, which the paper's modified OpenMPI 4.1.1 would use for its original MPI_Bcast, written
 * here from its published thresholds, no code copied):
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
 * The fixed decision passes no segment size and no fan-out, so every algorithm runs unsegmented;
 * the chain uses Open MPI's default chain fan-out 4 (decision: with 4-7 ranks and fan-out 4 the
 * "chain" is the root sending to 3-4 short chains). A k-nomial tree of radix 4 over at most 3
 * ranks is the linear algorithm. The paper's testbed (1 source, 3 receivers: 4 ranks) therefore
 * runs linear from 8 KiB to 1 MiB and the chain above: the root's link carries 3 copies.
 */
public final class OpenMpiBcastDecision {
  /** Open MPI's default chain fan-out. */
  public static final int CHAIN_FANOUT = 4;

  private OpenMpiBcastDecision() {}

  /** Open MPI's algorithm name for {@code ranks} ranks and a message of {@code bytes}. */
  public static String algorithm(int ranks, long bytes) {
    if (ranks < 2 || bytes <= 0) {
      throw new IllegalArgumentException("ranks >= 2 and bytes > 0");
    }
    long kib = 1024;
    if (ranks < 4) {
      if (bytes < 32) {
        return "pipeline";
      } else if (bytes < 256) {
        return "binary_tree";
      } else if (bytes < 512) {
        return "pipeline";
      } else if (bytes < kib) {
        return "linear"; // k-nomial radix 4 over <= 3 ranks
      } else if (bytes < 32 * kib) {
        return "linear";
      } else if (bytes < 128 * kib) {
        return "binary_tree";
      } else if (bytes < 256 * kib) {
        return "chain";
      } else if (bytes < 512 * kib) {
        return "linear";
      } else if (bytes < 1024 * kib) {
        return "binomial";
      }
      return "binary_tree";
    }
    if (ranks < 8) {
      if (bytes < 64) {
        return "binary_tree";
      } else if (bytes < 128) {
        return "binomial";
      } else if (bytes < 2 * kib) {
        return "binary_tree";
      } else if (bytes < 8 * kib) {
        return "binomial";
      } else if (bytes < 1024 * kib) {
        return "linear";
      }
      return "chain";
    }
    return bytes < 1024 * kib ? "binomial" : "scatter_allgather_ring";
  }

  /** The schedule Open MPI would run. */
  public static TransferSchedule schedule(int ranks, int root, long bytes) {
    return switch (algorithm(ranks, bytes)) {
      case "pipeline" -> MpiBcast.chain(ranks, root, bytes, 1, 0);
      case "binary_tree" -> MpiBcast.binaryTree(ranks, root, bytes);
      case "linear" -> MpiBcast.linear(ranks, root, bytes);
      case "chain" -> MpiBcast.chain(ranks, root, bytes, CHAIN_FANOUT, 0);
      case "binomial" -> MpiBcast.binomial(ranks, root, bytes);
      default -> MpiBcast.scatterAllgatherRing(ranks, root, bytes);
    };
  }
}
