package org.fabriclab.gleam;

import org.fabriclab.error.InvalidParameterException;

/**
 * IPv4 addresses as {@code int}s and MACs as {@code long}s for Gleam's header fields, and the
 * project's address plan: host {@code h} of a topology has IP {@code 10.0.0.0 + h + 1} and MAC
 * {@code 02:00:00:00:00:00 + h + 1}; multicast group {@code i} has GroupIP {@code 239.0.0.0 + i}
 * (administratively scoped multicast).
 */
public final class GleamAddresses {
  private static final int HOST_BASE = (10 << 24);
  private static final int GROUP_BASE = (239 << 24);
  private static final long MAC_BASE = 0x0200_0000_0000L;

  private GleamAddresses() {}

  /** Parses dotted IPv4 text. */
  public static int parseIp(String s) {
    String[] p = s.trim().split("\\.", -1);
    if (p.length != 4) {
      throw new InvalidParameterException("ip", s, "dotted IPv4 a.b.c.d");
    }
    int v = 0;
    for (String x : p) {
      int o;
      try {
        o = Integer.parseInt(x);
      } catch (NumberFormatException e) {
        throw new InvalidParameterException("ip", s, "dotted IPv4 a.b.c.d, octets 0..255");
      }
      if (o < 0 || o > 255) {
        throw new InvalidParameterException("ip", s, "dotted IPv4 a.b.c.d, octets 0..255");
      }
      v = (v << 8) | o;
    }
    return v;
  }

  /** Dotted text of an IPv4 address. */
  public static String ip(int v) {
    return (v >>> 24) + "." + ((v >>> 16) & 255) + "." + ((v >>> 8) & 255) + "." + (v & 255);
  }

  /** Colon-separated hex text of a 48-bit MAC. */
  public static String mac(long v) {
    StringBuilder b = new StringBuilder(17);
    for (int i = 5; i >= 0; i--) {
      b.append(String.format("%02x", (v >>> (8 * i)) & 255));
      if (i > 0) {
        b.append(':');
      }
    }
    return b.toString();
  }

  /** The IP of topology host {@code node}. */
  public static int hostIp(int node) {
    return HOST_BASE + node + 1;
  }

  /** The MAC of topology host {@code node}. */
  public static long hostMac(int node) {
    return MAC_BASE + node + 1;
  }

  /** GroupIP of multicast group {@code index} (0-based). */
  public static int groupIp(int index) {
    return GROUP_BASE + index;
  }
}
