package org.fabriclab.graph;

/**
 * A generator's declaration that the servers fall into a few classes that the topology's
 * automorphisms map onto each other (in a fat-tree, a BCube or a torus, every server looks the
 * same). Server-pair analyses then run one BFS per class representative and weight it by the
 * class size instead of one per server, which is what makes BCube(8,5) (262,144 servers) cheap.
 * The generator is responsible for the claim; tests check it against brute force on small
 * instances.
 *
 * @param representatives one server id per class
 * @param sizes number of servers in each class; the sizes add up to the server count
 */
public record ServerOrbits(int[] representatives, long[] sizes) {
  public ServerOrbits {
    if (representatives.length != sizes.length) {
      throw new IllegalArgumentException("one size per representative");
    }
    representatives = representatives.clone();
    sizes = sizes.clone();
  }

  /** All servers in one class, represented by {@code server}. */
  public static ServerOrbits transitive(int server, long serverCount) {
    return new ServerOrbits(new int[] {server}, new long[] {serverCount});
  }

  @Override
  public int[] representatives() {
    return representatives.clone();
  }

  @Override
  public long[] sizes() {
    return sizes.clone();
  }
}
