package org.fabriclab.sim.collective;

/**
 * What one run of a collective measured. Times in ps from the collective's start (every node
 * without dependencies starts at 0).
 *
 * @param jctPs job completion time: the last node's completion
 * @param rankEndPs each rank's end: the latest completion of a node it sends, receives or runs
 * @param wireBytes payload bytes times the links they crossed (a multicast counts each tree link
 *     once): the incast paper's tree cost (seed 004 Def. 1), exact for a schedule
 * @param linkBytes every byte the links carried: payload, headers and, at packet level, control
 *     packets and retransmissions
 * @param linksUsed directed links that carried payload (the incast paper's link count, Fig. 4)
 * @param rootUplinkBytes bytes the root host's links carried away from it (headers included)
 * @param maxQueueBytes the largest queue of any port (packet level; null at flow level)
 * @param drops packets dropped (packet level; null at flow level)
 * @param retransmissions packets retransmitted (packet level; null at flow level)
 * @param events engine events (packet level) or rate updates (flow level)
 * @param nodeEndPs each schedule node's completion (−1: never completed)
 */
public record CollectiveResult(long jctPs, long[] rankEndPs, long wireBytes, long linkBytes,
    int linksUsed, long rootUplinkBytes, Long maxQueueBytes, Long drops, Long retransmissions, long events,
    long[] nodeEndPs) {

  /** algbw in Gb/s for {@code spec} (nccl-tests: S / t). */
  public double algbwGbps(CollectiveSpec spec) {
    return spec.op().algBytes(spec.sizeBytes(), spec.ranks()) * 8 / (jctPs / 1e12) / 1e9;
  }

  /** busbw in Gb/s: algbw × the operation's factor. */
  public double busbwGbps(CollectiveSpec spec) {
    return algbwGbps(spec) * spec.op().busFactor(spec.ranks());
  }
}
