package org.fabriclab.graph.io;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.units.Limits;

/**
 * What an importer assumes where a file says nothing, so graphs written by other tools (networkx,
 * Gephi) load without fabriclab's attributes. A file is <em>foreign</em> when it declares no
 * {@code role} key (GraphML); in a foreign file
 * <ul>
 *   <li>every node is a packet switch, and {@code serversPerSwitch} servers are attached to each
 *       (by links with the default capacity and delay);
 *   <li>a link without a capacity ({@code capacityBps} or a name of {@link LinkAttributes}: {@code
 *       capacity}, {@code capacity_gbps}, {@code LinkSpeedRaw}…) gets {@code linkCapacityBps}
 *       (default 10 Gbit/s), one without a delay ({@code delayPs}, {@code delay}, {@code
 *       delay_ns}…) gets {@code linkDelayPs} (default 1000 ns), the defaults of every topology
 *       family ({@code --link-gbps}, {@code --link-delay-ns}); a value the file gives is kept.
 * </ul>
 * In a fabriclab file (one that declares {@code role}) a missing value stays an error unless the
 * user gave the default explicitly ({@code explicitLink}), so a typo does not pass silently.
 * Integer values written as integral floats ({@code 10e9}, {@code 8.0}) are accepted in both.
 *
 * @param serversPerSwitch servers attached to every node of a foreign file, 0..100000
 * @param linkCapacityBps capacity of links the file gives none, 10^6..10^15 ({@link Limits})
 * @param linkDelayPs delay of links the file gives none, 0..10^12 ({@link Limits})
 * @param explicitLink whether the user gave the link defaults (they then apply to any file)
 */
public record ImportDefaults(int serversPerSwitch, long linkCapacityBps, long linkDelayPs, boolean explicitLink) {
  /** Default capacity: 10 Gbit/s. */
  public static final long DEFAULT_CAPACITY_BPS = 10_000_000_000L;
  /** Default delay: 1000 ns. */
  public static final long DEFAULT_DELAY_PS = 1_000_000L;
  /** No servers added, default link values for foreign files only. */
  public static final ImportDefaults NONE = new ImportDefaults(0, DEFAULT_CAPACITY_BPS, DEFAULT_DELAY_PS, false);

  public ImportDefaults {
    InvalidParameterException.requireRange("servers-per-switch", serversPerSwitch, 0, 100_000);
    InvalidParameterException.requireRange(
        "link capacity (bit/s)", linkCapacityBps, Limits.MIN_RATE_BPS, Limits.MAX_RATE_BPS);
    InvalidParameterException.requireRange("link delay (ps)", linkDelayPs, 0, Limits.MAX_DELAY_PS);
  }

  /**
   * Defaults from the CLI's options; null means not given.
   *
   * @param serversPerSwitch {@code --servers-per-switch}
   * @param linkGbps {@code --link-gbps}, 0.001..1e6
   * @param linkDelayNs {@code --link-delay-ns}, 0..1e9
   */
  public static ImportDefaults of(Integer serversPerSwitch, Double linkGbps, Long linkDelayNs) {
    if (linkGbps != null && !(linkGbps >= Limits.MIN_RATE_BPS / 1e9 && linkGbps <= Limits.MAX_RATE_BPS / 1e9)) {
      throw new InvalidParameterException("--link-gbps", linkGbps, "valid range 0.001..1000000");
    }
    if (linkDelayNs != null) {
      InvalidParameterException.requireRange("--link-delay-ns", linkDelayNs, 0, Limits.MAX_DELAY_PS / 1000);
    }
    return new ImportDefaults(serversPerSwitch == null ? 0 : serversPerSwitch,
        linkGbps == null ? DEFAULT_CAPACITY_BPS : Math.round(linkGbps * 1e9),
        linkDelayNs == null ? DEFAULT_DELAY_PS : linkDelayNs * 1000,
        linkGbps != null || linkDelayNs != null);
  }

  /** An integer, also when written as an integral float; null when it is neither. */
  static Long integral(String text) {
    String t = text.trim();
    try {
      return org.fabriclab.units.AsciiNumbers.parseLong(t);
    } catch (NumberFormatException e) {
      try {
        double d = org.fabriclab.units.AsciiNumbers.parseDouble(t);
        if (d == Math.rint(d) && Math.abs(d) < 9.2e18) {
          return (long) d;
        }
      } catch (NumberFormatException ignored) {
        // not a number
      }
      return null;
    }
  }
}
