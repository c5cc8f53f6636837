package org.fabriclab.sim.collective;

import java.util.Arrays;
import java.util.Locale;
import org.fabriclab.error.InvalidParameterException;

/**
 * The group operations, with the size convention and the bus-bandwidth factor of nccl-tests
 * ({@code doc/PERFORMANCE.md} of NVIDIA's nccl-tests): {@code algbw = S / t}, {@code busbw =
 * algbw × factor(n)}, so that busbw is comparable with a link's rate whatever the operation.
 *
 * <p>{@code S} is the size a user gives: the message for broadcast and reduce, each rank's
 * buffer for allreduce, the whole gathered buffer for allgather, reduce-scatter, gather and
 * scatter (each rank's block is {@code S / n}), each rank's send buffer for all-to-all (each
 * pair exchanges {@code S / n}). Incast (many-to-one, optionally aggregated): every rank but the
 * root sends {@code S} to the root; its algbw is the root's goodput {@code (n − 1)·S / t} and its
 * factor 1 (a decision: nccl-tests has no incast; this is what incast studies plot).
 *
 * <p>Application patterns, compositions of the operations above over a scheme the user picks
 * ({@code org.fabriclab.sim.collective.pattern}): HPL (a panel broadcast of {@code S} along every
 * row of a process grid, then a row swap of {@code S} down every column), storage replication
 * (a client's write of {@code S} to its replicas) and shuffle (every mapper's {@code S} split over
 * the reducers), and concurrent multicast groups (G disjoint groups of K ranks, each group's
 * first rank broadcasting {@code S} to the others at once). Their algbw is {@code S / t} with
 * factor 1 (a decision: no library defines one).
 */
public enum CollectiveOp {
  BROADCAST("broadcast", true, false),
  SCATTER("scatter", true, true),
  GATHER("gather", true, true),
  REDUCE("reduce", true, false),
  ALLREDUCE("allreduce", false, false),
  ALLGATHER("allgather", false, true),
  REDUCE_SCATTER("reducescatter", false, true),
  ALLTOALL("alltoall", false, true),
  INCAST("incast", true, false),
  HPL("hpl", false, false),
  REPLICATE("replicate", false, false),
  SHUFFLE("shuffle", false, false),
  MULTICAST("multicast", false, false);

  private final String cliName;
  private final boolean rooted;
  private final boolean blocks;

  CollectiveOp(String cliName, boolean rooted, boolean blocks) {
    this.cliName = cliName;
    this.rooted = rooted;
    this.blocks = blocks;
  }

  /** The name on the command line and in specs. */
  public String cliName() {
    return cliName;
  }

  /** Whether a root rank takes part specially (broadcast, scatter, gather, reduce, incast). */
  public boolean rooted() {
    return rooted;
  }

  /** Whether {@code S} is cut into {@code n} equal blocks, so it must divide by the ranks. */
  public boolean needsBlocks() {
    return blocks;
  }

  /** nccl-tests' bus-bandwidth factor for {@code n} ranks. */
  public double busFactor(int n) {
    return switch (this) {
      case ALLREDUCE -> 2.0 * (n - 1) / n;
      case ALLGATHER, REDUCE_SCATTER, ALLTOALL, GATHER, SCATTER -> (n - 1) / (double) n;
      case BROADCAST, REDUCE, INCAST, HPL, REPLICATE, SHUFFLE, MULTICAST -> 1;
    };
  }

  /** Bytes counted by algbw: {@code S}, or {@code (n − 1)·S} for incast. */
  public double algBytes(long sizeBytes, int n) {
    return this == INCAST ? (double) sizeBytes * (n - 1) : sizeBytes;
  }

  /** Whether this is an application pattern (composed over another operation's scheme). */
  public boolean pattern() {
    return this == HPL || this == REPLICATE || this == SHUFFLE || this == MULTICAST;
  }

  /** The operation named {@code name} (case-insensitive; {@code reduce-scatter} also accepted). */
  public static CollectiveOp parse(String name) {
    String k = name.strip().toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
    for (CollectiveOp op : values()) {
      if (op.cliName.equals(k)) {
        return op;
      }
    }
    throw new InvalidParameterException("op", name, "valid: " + names());
  }

  /** The operations' names, comma-separated. */
  public static String names() {
    return String.join(", ", Arrays.stream(values()).map(CollectiveOp::cliName).toList());
  }
}
