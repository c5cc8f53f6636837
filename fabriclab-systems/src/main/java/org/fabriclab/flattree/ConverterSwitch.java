package org.fabriclab.flattree;

/**
 * The converter switches of Flat-tree (seed 001_5e703544cea19579.txt, §2.1, Fig. 1): small
 * port-count devices acting at the physical layer. A configuration pairs their ports, so each pair
 * behaves as one cable: a converter adds no hop to any path (§3.1).
 *
 * <p>Ports: {@link #SERVER}, {@link #EDGE}, {@link #AGGREGATION}, {@link #CORE} on both kinds, and
 * {@link #SIDE_A}, {@link #SIDE_B} (the "pair of side connectors", §2.2) on the 6-port kind only.
 * Fig. 1 itself is not in the text; this class decides the pairings from the prose of §2.1/§2.5:
 *
 * <ul>
 *   <li>{@code DEFAULT}: server–edge, aggregation–core (the Clos connections; side ports unused).
 *   <li>{@code LOCAL}: server–aggregation, edge–core.
 *   <li>{@code SIDE} (6-port): server–core, edge–side A, aggregation–side B. Two converters joined
 *       side A to side A and side B to side B, both in {@code SIDE}, join edge to edge and
 *       aggregation to aggregation ("peer-wise", §2.5).
 *   <li>{@code CROSS} (6-port): server–core, edge–side B, aggregation–side A: two such converters
 *       join edge to aggregation and aggregation to edge ("edge-aggregation connections", §2.5).
 * </ul>
 *
 * Every query is O(1).
 */
public final class ConverterSwitch {
  public static final int SERVER = 0;
  public static final int EDGE = 1;
  public static final int AGGREGATION = 2;
  public static final int CORE = 3;
  public static final int SIDE_A = 4;
  public static final int SIDE_B = 5;
  /** Port not paired with any other port. */
  public static final int UNUSED = -1;

  private ConverterSwitch() {}

  /** The two kinds of Fig. 1. */
  public enum Kind {
    FOUR_PORT(4),
    SIX_PORT(6);

    private final int ports;

    Kind(int ports) {
      this.ports = ports;
    }

    public int ports() {
      return ports;
    }
  }

  /** The configurations of Fig. 1. */
  public enum Configuration {
    DEFAULT(new int[] {EDGE, SERVER, CORE, AGGREGATION, UNUSED, UNUSED}),
    LOCAL(new int[] {AGGREGATION, CORE, SERVER, EDGE, UNUSED, UNUSED}),
    SIDE(new int[] {CORE, SIDE_A, SIDE_B, SERVER, EDGE, AGGREGATION}),
    CROSS(new int[] {CORE, SIDE_B, SIDE_A, SERVER, AGGREGATION, EDGE});

    private final int[] partner;

    Configuration(int[] partner) {
      this.partner = partner;
    }

    /** Whether a converter of {@code kind} can take this configuration (side ports needed). */
    public boolean validFor(Kind kind) {
      return kind == Kind.SIX_PORT || (this == DEFAULT || this == LOCAL);
    }

    /**
     * The port joined to {@code port}, or {@link #UNUSED}.
     *
     * @throws IllegalArgumentException for a port outside 0..5
     */
    public int partner(int port) {
      if (port < 0 || port >= partner.length) {
        throw new IllegalArgumentException("converter port " + port + " outside 0..5");
      }
      return partner[port];
    }

    /** Whether this configuration moves the server to a core switch (uses side ports). */
    public boolean usesSidePorts() {
      return this == SIDE || this == CROSS;
    }
  }

  /** Short name of a port, for descriptions. */
  public static String portName(int port) {
    return switch (port) {
      case SERVER -> "server";
      case EDGE -> "edge";
      case AGGREGATION -> "aggregation";
      case CORE -> "core";
      case SIDE_A -> "sideA";
      case SIDE_B -> "sideB";
      default -> "unused";
    };
  }
}
