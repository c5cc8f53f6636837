package org.fabriclab.flattree;

import org.fabriclab.error.InvalidParameterException;

/**
 * The physical Flat-tree network built from a Clos layout (seed 001_5e703544cea19579.txt,
 * §2.2–2.5, Fig. 3): per Pod and per edge switch {@code E_j}, {@code m} 6-port converters (blade
 * B, rows {@code 0..m-1}) and {@code n} 4-port converters (blade A) joined to {@code E_j} and
 * {@code A_{j/r}}. Converter row {@code i} of blade B takes server slot {@code i} of {@code E_j},
 * row {@code i} of blade A takes slot {@code m+i}; their core ports are the first {@code m+n}
 * connectors of edge {@code j} in {@link PodCoreWiring} order, the remaining {@code g-m-n} are
 * aggregation connectors of {@code A_{j/r}}.
 *
 * <p>Blades: with even d, edges {@code 0..D-1} ({@code D = d/2}) are the left blades' columns and
 * edges {@code D..d-1} the right blades' columns {@code 0..D-1}. Inter-Pod wiring (§2.5): 6-port
 * converter ⟨i,j⟩ on the left of Pod p+1 is joined side-to-side to ⟨i,(w-1-j+i) mod w⟩ on the
 * right of Pod p, w the width of the two facing blades (d/2 in the paper). Decision (the paper
 * leaves it open): Pods form a ring, the last Pod's right blade B joined to Pod 0's left one, so
 * every converter of a side column has a peer when there are ≥ 2 Pods.
 *
 * <p>Odd d (§2.2: "a middle converter switch can be on either side, but the side connectors of the
 * 6-port converter switch are unused"). {@link MiddleColumn#UNPAIRED} is the literal reading: the
 * middle edge {@code D = floor(d/2)} sits outside both blades of width D and its 6-port converters
 * have no peer; in global mode they cannot take "side"/"cross", so their core connectors carry no
 * server and Properties 1 and 2 (§2.3) fail on the logical topology (e.g. k = 6, 10).
 * {@link MiddleColumn#ALTERNATING} (the default) uses the "either side" freedom: the middle column
 * joins the right blades of even Pods and the left blades of odd Pods, so facing blades have equal
 * widths (D+1 between Pod 2q and 2q+1, D between 2q+1 and 2q+2) and, with an even number of Pods
 * (every fat-tree), every 6-port converter has a peer and both properties hold for every k
 * (FlatTreePropertiesTest, k = 4..32). With an odd number of Pods it falls back to UNPAIRED. Decision on the side cables (Fig. 1 is not in the text): a pair's two side cables join
 * side A to side A and side B to side B in even rows, and cross over (A to B) in odd rows — the
 * bundled multi-link connector "integrates this wiring pattern" (§2.5) — so that two "side"
 * converters (even rows) join edge–edge and aggregation–aggregation and two "cross" converters (odd
 * rows) join edge–aggregation, giving "both peer-wise and edge-aggregation connections across
 * Pods".
 *
 * <p>Physical structure only: configurations live in {@link FlatTreeController}. Node ids are the
 * layout's ({@link ClosLayout#server} …). Building is O(P·d·(m+n)); queries are O(1).
 */
public final class FlatTree {
  private final ClosLayout layout;
  private final int m;
  private final int n;
  private final PodCoreWiring wiring;
  private final MiddleColumn middle;
  private final int[] peer;

  /** Where the converters of the middle edge switch of an odd d go (class javadoc). */
  public enum MiddleColumn {
    /** Outside both blades, side connectors unused (§2.2 read literally). */
    UNPAIRED,
    /** Right blades of even Pods, left blades of odd Pods (needs an even number of Pods). */
    ALTERNATING
  }

  /**
   * @throws InvalidParameterException when m or n is negative, m+n exceeds h/r or the servers of
   *     an edge switch
   */
  public FlatTree(ClosLayout layout, int m, int n, PodCoreWiring wiring) {
    this(layout, m, n, wiring, MiddleColumn.ALTERNATING);
  }

  /**
   * @param middle placement of the middle column when d is odd (ignored for even d)
   * @throws InvalidParameterException when m or n is negative, m+n exceeds h/r or the servers of
   *     an edge switch
   */
  public FlatTree(ClosLayout layout, int m, int n, PodCoreWiring wiring, MiddleColumn middle) {
    if (m < 0 || n < 0) {
      throw new InvalidParameterException("flattree --m/--n", "m and n must be >= 0 (m=" + m + ", n=" + n + ")");
    }
    int limit = Math.min(layout.groupSize(), layout.serversPerEdge());
    if (m + n > limit) {
      throw new InvalidParameterException(
          "flattree --m/--n",
          "m + n must be <= " + limit + " (h/r and servers per edge switch; k/2 for fat-tree), got m="
              + m + ", n=" + n);
    }
    this.layout = layout;
    this.m = m;
    this.n = n;
    this.wiring = wiring;
    int d = layout.edgesPerPod();
    int pods = layout.pods();
    this.middle = d % 2 == 1 && pods % 2 == 0 ? middle : MiddleColumn.UNPAIRED;
    this.peer = new int[sixPortCount()];
    java.util.Arrays.fill(peer, -1);
    if (pods >= 2) {
      for (int p = 0; p < pods; p++) {
        int right = (p + pods - 1) % pods;
        int w = leftWidth(p);
        for (int i = 0; i < m; i++) {
          for (int j = 0; j < w; j++) {
            int a = sixPort(p, j, i);
            int col = Math.floorMod(w - 1 - j + i, w);
            int b = sixPort(right, d - rightWidth(right) + col, i);
            peer[a] = b;
            peer[b] = a;
          }
        }
      }
    }
  }

  /** Columns of the left blades of {@code pod}: edges {@code 0..leftWidth-1}. */
  public int leftWidth(int pod) {
    int d = layout.edgesPerPod();
    return d / 2 + (middle == MiddleColumn.ALTERNATING && pod % 2 == 1 ? 1 : 0);
  }

  /** Columns of the right blades of {@code pod}: edges {@code d-rightWidth..d-1}. */
  public int rightWidth(int pod) {
    int d = layout.edgesPerPod();
    return d / 2 + (middle == MiddleColumn.ALTERNATING && pod % 2 == 0 ? 1 : 0);
  }

  /** The placement of the middle column in effect (UNPAIRED for even d or an odd Pod count). */
  public MiddleColumn middleColumn() {
    return middle;
  }

  /** Flat-tree over fat-tree(k) with §3.2's pattern rule. */
  public static FlatTree ofFatTree(int k, int m, int n) {
    return new FlatTree(ClosLayout.fatTree(k), m, n, PodCoreWiring.forFatTree(k));
  }

  /** §3.2's choice m = k/8, n = 2k/8, rounded to the closest integer (halves up). */
  public static FlatTree ofFatTree(int k) {
    return ofFatTree(k, defaultM(k), defaultN(k));
  }

  public static int defaultM(int k) {
    return (int) Math.round(k / 8.0);
  }

  public static int defaultN(int k) {
    return (int) Math.round(2 * k / 8.0);
  }

  public ClosLayout layout() {
    return layout;
  }

  public int m() {
    return m;
  }

  public int n() {
    return n;
  }

  public PodCoreWiring wiring() {
    return wiring;
  }

  public int sixPortCount() {
    return layout.edgeCount() * m;
  }

  public int fourPortCount() {
    return layout.edgeCount() * n;
  }

  public int converterCount() {
    return sixPortCount() + fourPortCount();
  }

  /** Id of the 6-port converter in row {@code row} of edge switch {@code e} of {@code pod}. */
  public int sixPort(int pod, int e, int row) {
    return (pod * layout.edgesPerPod() + e) * m + row;
  }

  /** Id of the 4-port converter in row {@code row} of edge switch {@code e} of {@code pod}. */
  public int fourPort(int pod, int e, int row) {
    return sixPortCount() + (pod * layout.edgesPerPod() + e) * n + row;
  }

  public ConverterSwitch.Kind kind(int c) {
    return c < sixPortCount() ? ConverterSwitch.Kind.SIX_PORT : ConverterSwitch.Kind.FOUR_PORT;
  }

  private int pairIndex(int c) {
    return c < sixPortCount() ? c / m : (c - sixPortCount()) / n;
  }

  /** Row of converter {@code c} in its blade. */
  public int row(int c) {
    return c < sixPortCount() ? c % m : (c - sixPortCount()) % n;
  }

  public int pod(int c) {
    return pairIndex(c) / layout.edgesPerPod();
  }

  /** Index {@code j} of the edge switch converter {@code c} is joined to. */
  public int edgeIndex(int c) {
    return pairIndex(c) % layout.edgesPerPod();
  }

  /** Position of converter {@code c}'s core connector among edge j's connectors (§2.3). */
  public int connector(int c) {
    return c < sixPortCount() ? row(c) : m + row(c);
  }

  /** The 6-port converter joined side-to-side to {@code c}, or -1 (4-port, unpaired middle, 1 Pod). */
  public int peer(int c) {
    return c < sixPortCount() ? peer[c] : -1;
  }

  /**
   * The side port of {@link #peer}(c) that side port {@code port} of {@code c} is cabled to:
   * the same one in even rows, the other one in odd rows.
   */
  public int peerSidePort(int c, int port) {
    if (row(c) % 2 == 0) {
      return port;
    }
    return port == ConverterSwitch.SIDE_A ? ConverterSwitch.SIDE_B : ConverterSwitch.SIDE_A;
  }

  /** Core switch (node id) reached by connector {@code q} of edge {@code e} of {@code pod}. */
  public int coreOf(int pod, int e, int q) {
    int g = layout.groupSize();
    return layout.core(e * g + wiring.coreOffset(pod, q, g, m));
  }

  /**
   * Node attached to port {@code port} of converter {@code c}, or -1 for side ports (see
   * {@link #peer}).
   */
  public int attachment(int c, int port) {
    int pod = pod(c);
    int e = edgeIndex(c);
    return switch (port) {
      case ConverterSwitch.SERVER -> layout.server(pod, e, connector(c));
      case ConverterSwitch.EDGE -> layout.edge(pod, e);
      case ConverterSwitch.AGGREGATION -> layout.aggregation(pod, e / layout.ratio());
      case ConverterSwitch.CORE -> coreOf(pod, e, connector(c));
      default -> -1;
    };
  }
}
