package org.fabriclab.routing;

import java.util.Arrays;

/**
 * A path through a topology as both its nodes and the directed links between them
 * ({@code links[i]} goes from {@code nodes[i]} to {@code nodes[i+1]}). With parallel cables two
 * paths can share their nodes and differ in links.
 *
 * @param nodes node ids from source to destination
 * @param links directed link ids, one fewer than nodes
 */
public record Path(int[] nodes, int[] links) {
  public Path {
    if (nodes.length == 0 || links.length != nodes.length - 1) {
      throw new IllegalArgumentException(
          "a path needs n >= 1 nodes and n-1 links, got " + nodes.length + " and " + links.length);
    }
    nodes = nodes.clone();
    links = links.clone();
  }

  /** Number of links (hops). */
  public int hops() {
    return links.length;
  }

  public int source() {
    return nodes[0];
  }

  public int destination() {
    return nodes[nodes.length - 1];
  }

  /** A copy of the node ids. */
  @Override
  public int[] nodes() {
    return nodes.clone();
  }

  /** A copy of the link ids. */
  @Override
  public int[] links() {
    return links.clone();
  }

  /** The i-th node, without copying. */
  public int node(int i) {
    return nodes[i];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Path p && Arrays.equals(nodes, p.nodes) && Arrays.equals(links, p.links);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(nodes) + Arrays.hashCode(links);
  }

  @Override
  public String toString() {
    return Arrays.toString(nodes);
  }
}
