package org.fabriclab.units;

import java.util.Locale;
import org.fabriclab.error.InvalidParameterException;

/**
 * The heap a run may plan to fill, and the one way fabriclab tells how to raise it: a structure
 * estimated at more than {@value #USABLE_FRACTION} of the JVM's maximum heap is refused before it
 * is allocated, with the launcher's setting that holds it ({@code FABRICLAB_HEAP=Ng or more}: the
 * launcher {@code ./fabriclab} passes {@code FABRICLAB_HEAP} to the JVM as {@code -Xmx}). The rest
 * of the heap is the collector's room and what the estimate leaves out. Used by the ECMP table of
 * both engines and by the commands' per-flow estimates. Stateless.
 */
public final class HeapBudget {
  /** Share of the maximum heap an estimate may take. */
  public static final double USABLE_FRACTION = 0.85;

  /**
   * System property that replaces the JVM's maximum heap, in bytes, in every check (tests give a
   * child JVM a small heap and the property a larger one to reach a real out-of-memory error).
   */
  public static final String HEAP_PROPERTY = "fabriclab.heap-bytes";

  /**
   * Share of {@code -Xmx} the JVM reports as its maximum heap under the launcher's ParallelGC (one
   * survivor space is left out): {@code -Xmx4g} gives 3.556 GiB, {@code -Xmx22g} 19.556 GiB, 8/9
   * of each. The advised setting divides by it, so that following the advice is enough.
   */
  static final double REPORTED_FRACTION = 8.0 / 9;

  private static final double GIB = 1024.0 * 1024 * 1024;

  private HeapBudget() {}

  /** The heap the checks compare with: {@link #HEAP_PROPERTY} if set, else the JVM's maximum heap. */
  public static long maxHeapBytes() {
    String p = System.getProperty(HEAP_PROPERTY);
    if (p != null) {
      try {
        return Long.parseLong(p.strip());
      } catch (NumberFormatException e) {
        throw new InvalidParameterException("-D" + HEAP_PROPERTY, p, "a number of bytes");
      }
    }
    return Runtime.getRuntime().maxMemory();
  }

  /** Whether {@code needBytes} is at most {@value #USABLE_FRACTION} of {@code heapBytes}. */
  public static boolean fits(long needBytes, long heapBytes) {
    return needBytes <= heapBytes * USABLE_FRACTION;
  }

  /**
   * The launcher setting whose heap holds {@code needBytes}: {@code FABRICLAB_HEAP=Ng}, N GiB the
   * smallest whose reported heap ({@link #REPORTED_FRACTION} of it) has {@code needBytes} within
   * {@link #USABLE_FRACTION}.
   */
  public static String setting(long needBytes) {
    return "FABRICLAB_HEAP=" + (long) Math.ceil(needBytes / USABLE_FRACTION / REPORTED_FRACTION / GIB) + "g";
  }

  /**
   * The words after what needs the heap: {@code needs 7.5 GiB of heap, more than 85% of the 4.0
   * GiB heap; raise it (FABRICLAB_HEAP=9g or more)}.
   */
  public static String shortfall(long needBytes, long heapBytes) {
    return String.format(Locale.ROOT, "needs %.1f GiB of heap, more than %d%% of the %.1f GiB heap; raise it (%s or"
        + " more)", needBytes / GIB, Math.round(USABLE_FRACTION * 100), heapBytes / GIB, setting(needBytes));
  }

  /**
   * Refuses {@code parameter = value} when {@code needBytes} does not fit {@code heapBytes}: one
   * line, {@code invalid --flows = 100000000: <what> needs … (FABRICLAB_HEAP=Ng or more)<orElse>}.
   *
   * @param what what takes the memory, e.g. {@code "the flow engine's state and the run's tables (about 130 B per flow)"}
   * @param orElse the other way out, with its leading words, e.g. {@code " or give fewer flows"}
   */
  public static void require(String parameter, Object value, String what, long needBytes, long heapBytes,
      String orElse) {
    if (!fits(needBytes, heapBytes)) {
      throw new InvalidParameterException(parameter, value, what + " " + shortfall(needBytes, heapBytes) + orElse);
    }
  }
}
