package org.fabriclab.cli.shoal;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.shoal.ClosFabric;
import org.fabriclab.shoal.FailedSlots;
import org.fabriclab.shoal.ShoalConfig;
import org.fabriclab.shoal.ShoalFailures;
import org.fabriclab.units.AsciiNumbers;

/**
 * {@code shoal sim --fail-component}: {@code leaf:L}, {@code spine:S}, {@code leaf-spine-link:L:S}
 * or {@code node-leaf-link:I}, checked here so that a bad index is reported against
 * {@code --fail-component} with the valid range of this rack (k leaves, k/2 spines, N nodes).
 */
final class FailComponent {
  static final String FORMS = "leaf:L, spine:S, leaf-spine-link:L:S or node-leaf-link:I";

  private FailComponent() {}

  /** The failed component {@code text} names in the Clos plane {@code plane}. */
  static ShoalFailures parse(ShoalConfig cfg, String text, int plane) {
    String[] p = text.split(":", -1);
    FailedSlots.Component c = switch (p[0]) {
      case "leaf" -> FailedSlots.Component.LEAF;
      case "spine" -> FailedSlots.Component.SPINE;
      case "leaf-spine-link" -> FailedSlots.Component.LEAF_SPINE_LINK;
      case "node-leaf-link" -> FailedSlots.Component.NODE_LEAF_LINK;
      default -> null;
    };
    int want = c == FailedSlots.Component.LEAF_SPINE_LINK ? 3 : 2;
    if (c == null || p.length != want) {
      throw new InvalidParameterException("--fail-component", text, "one of " + FORMS);
    }
    ClosFabric clos = new ClosFabric(cfg.nodes(), cfg.switchPorts());
    String where = cfg.nodes() + " nodes, " + clos.leaves() + " leaves, " + clos.spines() + " spines";
    int index = switch (c) {
      case LEAF, LEAF_SPINE_LINK -> index(text, p[1], "leaf L", clos.leaves() - 1, where);
      case SPINE -> index(text, p[1], "spine S", clos.spines() - 1, where);
      default -> index(text, p[1], "node I", cfg.nodes() - 1, where);
    };
    int spine = want == 3 ? index(text, p[2], "spine S", clos.spines() - 1, where) : 0;
    return ShoalFailures.component(cfg, c, index, spine, plane);
  }

  private static int index(String text, String value, String what, int max, String where) {
    long v;
    try {
      v = AsciiNumbers.parseLong(value);
    } catch (NumberFormatException e) {
      v = -1;
    }
    if (v < 0 || v > max) {
      throw new InvalidParameterException("--fail-component", text,
          what + " must be an integer in 0.." + max + " (" + where + ")");
    }
    return (int) v;
  }
}
