package org.fabriclab.sim.collective;

import org.fabriclab.error.InvalidParameterException;

/**
 * One collective to build: the operation, the ranks, the size {@code S} in the convention of
 * {@link CollectiveOp}, the root (rooted operations), the segment size of pipelined schemes
 * ({@code 0}: no segmentation, store-and-forward of whole blocks), the reduction rate of a rank
 * ({@code 0}: reductions take no time; otherwise a reduction of {@code b} bytes is a local step of
 * {@code b / rate}) and the aggregation factor α of in-network aggregation (seed 004 §VI-D:
 * merging flows of sizes {@code s_i} gives {@code max + α·(sum − max)}).
 */
public record CollectiveSpec(CollectiveOp op, int ranks, long sizeBytes, int root, long segmentBytes,
    double reduceBytesPerS, double alpha) {

  public CollectiveSpec {
    InvalidParameterException.requireRange("ranks", ranks, 2, 1 << 24);
    InvalidParameterException.requireRange("sizeBytes", sizeBytes, 1, Long.MAX_VALUE / 1024);
    InvalidParameterException.requireRange("root", root, 0, ranks - 1);
    InvalidParameterException.requireRange("segmentBytes", segmentBytes, 0, Long.MAX_VALUE / 1024);
    if (!(reduceBytesPerS >= 0 && reduceBytesPerS < 1e18)) {
      throw new InvalidParameterException("reduceBytesPerS", reduceBytesPerS, "valid range 0 (free) .. 1e18");
    }
    if (!(alpha >= 0 && alpha <= 1)) {
      throw new InvalidParameterException("alpha", alpha, "valid range 0..1");
    }
    if (op.needsBlocks() && sizeBytes % ranks != 0) {
      throw new InvalidParameterException("sizeBytes", sizeBytes, op.cliName() + " cuts the size into one block per rank: it must be a multiple of the ranks (" + ranks + ")");
    }
  }

  /** A spec with the defaults: root 0, no segmentation, free reductions, α = 0. */
  public static CollectiveSpec of(CollectiveOp op, int ranks, long sizeBytes) {
    return new CollectiveSpec(op, ranks, sizeBytes, 0, 0, 0, 0);
  }

  public CollectiveSpec withRoot(int r) {
    return new CollectiveSpec(op, ranks, sizeBytes, r, segmentBytes, reduceBytesPerS, alpha);
  }

  public CollectiveSpec withSegmentBytes(long s) {
    return new CollectiveSpec(op, ranks, sizeBytes, root, s, reduceBytesPerS, alpha);
  }

  public CollectiveSpec withReduceBytesPerS(double r) {
    return new CollectiveSpec(op, ranks, sizeBytes, root, segmentBytes, r, alpha);
  }

  public CollectiveSpec withAlpha(double a) {
    return new CollectiveSpec(op, ranks, sizeBytes, root, segmentBytes, reduceBytesPerS, a);
  }

  /** The duration of reducing {@code bytes} at a rank, in ps (0 when reductions are free). */
  public long reducePs(long bytes) {
    return reduceBytesPerS == 0 ? 0 : Math.round(bytes / reduceBytesPerS * 1e12);
  }

  /** Block {@code i} of {@code S / n}-byte blocks. */
  public long blockBytes() {
    return sizeBytes / ranks;
  }
}
