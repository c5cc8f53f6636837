package org.fabriclab.flattree;

import org.fabriclab.error.InvalidParameterException;

/**
 * The layout of the Clos network Flat-tree starts from (seed 001_5e703544cea19579.txt, §2.2–2.3):
 * {@code pods} Pods, each of {@code d} edge switches and {@code d/r} aggregation switches, every
 * edge switch linked to every aggregation switch of its Pod, {@code s} servers per edge switch and
 * {@code h} uplinks per aggregation switch; {@code d·h/r} core switches, core group of aggregation
 * switch index {@code a} = cores {@code a·h .. a·h+h-1}. Fat-tree(k) is
 * {@code (k, k/2, 1, k/2, k/2)} (§3.1).
 *
 * @param pods number of Pods, >= 1
 * @param edgesPerPod d, >= 1
 * @param ratio r, edge switches per aggregation switch; divides d and h
 * @param uplinks h, core uplinks per aggregation switch
 * @param serversPerEdge s, servers per edge switch
 */
public record ClosLayout(int pods, int edgesPerPod, int ratio, int uplinks, int serversPerEdge) {
  public ClosLayout {
    if (pods < 1 || edgesPerPod < 1 || ratio < 1 || uplinks < 1 || serversPerEdge < 0) {
      throw new InvalidParameterException(
          "clos layout", "pods, d, r, h must be >= 1 and s >= 0");
    }
    if (edgesPerPod % ratio != 0 || uplinks % ratio != 0) {
      throw new InvalidParameterException(
          "clos layout r", "r=" + ratio + " must divide d=" + edgesPerPod + " and h=" + uplinks);
    }
  }

  /**
   * The layout of fat-tree(k).
   *
   * @throws InvalidParameterException unless k is even and 4..256
   */
  public static ClosLayout fatTree(int k) {
    if (k < 4 || k > 256 || k % 2 != 0) {
      throw new InvalidParameterException("flattree --k", k, "must be even, 4..256");
    }
    return new ClosLayout(k, k / 2, 1, k / 2, k / 2);
  }

  public int aggregationsPerPod() {
    return edgesPerPod / ratio;
  }

  /** Core switches per edge-index group, h/r (§2.3). */
  public int groupSize() {
    return uplinks / ratio;
  }

  public int coreCount() {
    return edgesPerPod * groupSize();
  }

  public int serverCount() {
    return pods * edgesPerPod * serversPerEdge;
  }

  public int serversPerPod() {
    return edgesPerPod * serversPerEdge;
  }

  public int edgeCount() {
    return pods * edgesPerPod;
  }

  public int aggregationCount() {
    return pods * aggregationsPerPod();
  }

  public int switchCount() {
    return edgeCount() + aggregationCount() + coreCount();
  }

  /** Node id of server {@code slot} of edge switch {@code e} in {@code pod}. */
  public int server(int pod, int e, int slot) {
    return (pod * edgesPerPod + e) * serversPerEdge + slot;
  }

  public int edge(int pod, int e) {
    return serverCount() + pod * edgesPerPod + e;
  }

  public int aggregation(int pod, int a) {
    return serverCount() + edgeCount() + pod * aggregationsPerPod() + a;
  }

  public int core(int c) {
    return serverCount() + edgeCount() + aggregationCount() + c;
  }

  /** Cables of the Clos: server, edge–aggregation and aggregation–core. */
  public long cableCount() {
    return (long) serverCount()
        + (long) pods * edgesPerPod * aggregationsPerPod()
        + (long) aggregationCount() * uplinks;
  }
}
