package org.fabriclab.flattree;

import java.util.Locale;
import org.fabriclab.error.InvalidParameterException;

/**
 * Operation modes of a Pod of Flat-tree (seed 001_5e703544cea19579.txt, §2.1, §2.6, Fig. 2b–d).
 * A network whose Pods take different modes is in hybrid mode (zones, §3.4).
 */
public enum FlatTreeMode {
  /** All converters "default": the original Clos (Fig. 2b). */
  CLOS,
  /** 4-port "local", 6-port "side" (even rows) / "cross" (odd rows): global random graph (Fig. 2c). */
  GLOBAL,
  /** 4-port "local", 6-port "default": a local random graph per Pod (Fig. 2d). */
  LOCAL;

  /** Lower-case CLI name. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * @throws InvalidParameterException for an unknown name
   */
  public static FlatTreeMode parse(String s) {
    for (FlatTreeMode m : values()) {
      if (m.id().equalsIgnoreCase(s.trim())) {
        return m;
      }
    }
    throw new InvalidParameterException("flattree --mode", s, "one of clos|global|local|hybrid");
  }
}
