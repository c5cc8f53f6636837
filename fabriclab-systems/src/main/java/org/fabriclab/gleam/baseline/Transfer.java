package org.fabriclab.gleam.baseline;

import java.util.Arrays;

/**
 * One transfer of a communication schedule: {@code bytes} of payload sent once by rank {@code src}
 * and delivered to every rank of {@code dsts} (one rank for a unicast; several for an in-fabric
 * multicast, which the fabric replicates), starting when every transfer of {@code dependsOn} has
 * completed (a trigger).
 *
 * @param id index in the schedule
 * @param src sending rank
 * @param dsts receiving ranks, none equal to {@code src}
 * @param bytes payload bytes, > 0
 * @param dependsOn ids of transfers that must complete first (all smaller than {@code id})
 */
public record Transfer(int id, int src, int[] dsts, long bytes, int[] dependsOn) {
  public Transfer {
    if (bytes <= 0 || dsts.length == 0) {
      throw new IllegalArgumentException("a transfer has bytes > 0 and >= 1 destination");
    }
    dsts = dsts.clone();
    dependsOn = dependsOn.clone();
    for (int d : dependsOn) {
      if (d < 0 || d >= id) {
        throw new IllegalArgumentException("transfer " + id + " depends on " + d);
      }
    }
    for (int d : dsts) {
      if (d == src) {
        throw new IllegalArgumentException("transfer " + id + " sends to its own source " + src);
      }
    }
  }

  @Override
  public int[] dsts() {
    return dsts.clone();
  }

  @Override
  public int[] dependsOn() {
    return dependsOn.clone();
  }

  public int dstCount() {
    return dsts.length;
  }

  public int dst(int i) {
    return dsts[i];
  }

  public int dependencyCount() {
    return dependsOn.length;
  }

  public int dependency(int i) {
    return dependsOn[i];
  }

  @Override
  public String toString() {
    return "#" + id + " " + src + "->" + Arrays.toString(dsts) + " " + bytes + " B after " + Arrays.toString(dependsOn);
  }
}
