package org.fabriclab.flattree;

import org.fabriclab.error.InvalidParameterException;

/**
 * Pod–core wiring of Flat-tree (seed 001_5e703544cea19579.txt, §2.3, Fig. 4b/4c). The connectors
 * of edge switch index {@code j} of every Pod go to the same group of {@code g = h/r} core switches
 * (cores {@code j·g .. j·g+g-1}). In a Pod the connectors of edge {@code j} come in the order: the
 * {@code m} blade B connectors (6-port converters, rows {@code 0..m-1}), the {@code n} blade A
 * connectors (4-port converters), then the {@code g-m-n} aggregation connectors; connector
 * {@code q} ({@code 0..g-1}) of Pod {@code p} goes to core {@code j·g + (start(p) + q) mod g}.
 *
 * <ul>
 *   <li>Pattern 1 "packs blade B connectors continuously Pod by Pod": {@code start(p) = p·m}.
 *   <li>Pattern 2 "moves them forward by one more core switch as the Pod index grows". Read
 *       literally as {@code p·(m+1)}, blade B connectors of Fig. 2's k=8, m=1 network would reach
 *       only half the cores of a group, contradicting Property 1; this class therefore reads it as
 *       pattern 1 plus one extra core each time pattern 1 would repeat, i.e. after every period of
 *       {@code P = g/gcd(g,m)} Pods: {@code start(p) = p·m + floor(p/P)}. When g is a multiple of
 *       m (the case §2.3 names) this is one extra core per wrap-around of the group,
 *       {@code p·m + floor(p·m/g)}. Every period of P Pods covers the group exactly m/gcd(g,m)
 *       times and a shift keeps that, so Properties 1 and 2 hold for every g and m
 *       (FlatTreePropertiesTest); a shift per wrap-around instead breaks them when m does not
 *       divide g (k = 20: m = 3, g = 10).
 * </ul>
 *
 * <p>§3.2's rule: pattern 2 when k is a multiple of 4, pattern 1 otherwise ({@link #forFatTree}).
 * O(1) per query.
 */
public enum PodCoreWiring {
  PATTERN_1,
  PATTERN_2;

  /** Pattern of §3.2 for fat-tree(k). */
  public static PodCoreWiring forFatTree(int k) {
    return k % 4 == 0 ? PATTERN_2 : PATTERN_1;
  }

  /**
   * The pattern numbered 1 or 2, or §3.2's rule for 0.
   *
   * @throws InvalidParameterException for any other number
   */
  public static PodCoreWiring of(int number, int k) {
    return switch (number) {
      case 0 -> forFatTree(k);
      case 1 -> PATTERN_1;
      case 2 -> PATTERN_2;
      default -> throw new InvalidParameterException("flattree --pattern", number, "0 (auto), 1 or 2");
    };
  }

  public int number() {
    return ordinal() + 1;
  }

  /** Rotation of Pod {@code pod} in a group of {@code g} cores with {@code m} blade B rows. */
  public int start(int pod, int g, int m) {
    long base = (long) pod * m;
    long s = this == PATTERN_1 ? base : base + pod / (g / gcd(g, m));
    return (int) (s % g);
  }

  private static int gcd(int a, int b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  /** Offset in its group of the core that connector {@code q} of Pod {@code pod} reaches. */
  public int coreOffset(int pod, int q, int g, int m) {
    return (start(pod, g, m) + q) % g;
  }
}
