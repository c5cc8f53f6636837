package org.fabriclab.cli.run;

import java.util.List;
import java.util.Locale;
import org.fabriclab.units.AsciiNumbers;
import org.fabriclab.units.ByteSize;

/**
 * One typed key of a spec section (not of a topology family: those come from the family's own
 * {@link org.fabriclab.topology.ParamSpec}s): its type, valid range and default. {@link #check}
 * turns a scalar node into canonical text or throws a {@code file:line} error naming the range.
 */
record Field(String name, Type type, double min, double max, List<String> choices, String defaultValue,
    String description) {

  enum Type { INT, BYTES, REAL, CHOICE, BOOL, TEXT }

  static Field integer(String name, long min, long max, Long def, String description) {
    return new Field(name, Type.INT, min, max, List.of(), def == null ? null : def.toString(), description);
  }

  /** A number of bytes in {@code min..max}, in {@link ByteSize}'s grammar ({@code 64KiB}, {@code 1e9}). */
  static Field bytes(String name, long min, long max, Long def, String description) {
    return new Field(name, Type.BYTES, min, max, List.of(), def == null ? null : def.toString(), description);
  }

  static Field real(String name, double min, double max, Double def, String description) {
    return new Field(name, Type.REAL, min, max, List.of(), def == null ? null : def.toString(), description);
  }

  static Field choice(String name, List<String> choices, String def, String description) {
    return new Field(name, Type.CHOICE, 0, 0, List.copyOf(choices), def, description);
  }

  static Field bool(String name, boolean def, String description) {
    return new Field(name, Type.BOOL, 0, 0, List.of(), Boolean.toString(def), description);
  }

  static Field text(String name, String def, String description) {
    return new Field(name, Type.TEXT, 0, 0, List.of(), def, description);
  }

  /** The valid range as people read it. */
  String rangeText() {
    return switch (type) {
      case INT -> max >= Long.MAX_VALUE ? "an integer >= " + (long) min
          : "an integer in " + (long) min + ".." + (long) max;
      case BYTES -> "a number of bytes in " + (long) min + ".." + (long) max + ": " + ByteSize.FORMS;
      case REAL -> "a number in [" + fmt(min) + ", " + fmt(max) + "]";
      case CHOICE -> "one of " + String.join(", ", choices);
      case BOOL -> "true or false";
      case TEXT -> "text";
    };
  }

  private static String fmt(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }

  /** Canonical text of {@code node}'s value, or a {@code file:line} error. */
  String check(SpecNode node, String section) {
    String where = section.isEmpty() ? name : section + "." + name;
    if (!node.isScalar() || node.kind() == SpecNode.Kind.NULL) {
      throw node.error(where + " must be " + rangeText() + ", not " + node.describe());
    }
    String t = node.text().trim();
    switch (type) {
      case INT -> {
        long v;
        try {
          v = integral(t);
        } catch (NumberFormatException e) {
          throw node.error(where + " must be " + rangeText() + ", not " + node.describe());
        }
        if (v < min || (max < Long.MAX_VALUE && v > max)) {
          throw node.error(where + " = " + v + " is out of range: " + rangeText());
        }
        return Long.toString(v);
      }
      case BYTES -> {
        long v;
        try {
          v = ByteSize.parse(t);
        } catch (NumberFormatException e) {
          throw node.error(where + " = '" + t + "' is " + e.getMessage() + "; expected " + rangeText());
        }
        if (v < min || v > max) {
          throw node.error(where + " = " + t + (t.equals(Long.toString(v)) ? "" : " = " + v + " bytes")
              + " is out of range: " + rangeText());
        }
        return Long.toString(v);
      }
      case REAL -> {
        double v;
        try {
          v = AsciiNumbers.parseDouble(t);
        } catch (NumberFormatException e) {
          throw node.error(where + " must be " + rangeText() + ", not " + node.describe());
        }
        if (!(v >= min && v <= max)) {
          throw node.error(where + " = " + t + " is out of range: " + rangeText());
        }
        return Double.toString(v);
      }
      case CHOICE -> {
        String v = t.toLowerCase(Locale.ROOT);
        if (!choices.contains(v)) {
          throw node.error(where + " = '" + t + "' is not valid: " + rangeText());
        }
        return v;
      }
      case BOOL -> {
        if (!t.equals("true") && !t.equals("false")) {
          throw node.error(where + " must be true or false, not " + node.describe());
        }
        return t;
      }
      default -> {
        return t;
      }
    }
  }

  /**
   * An integer, also when written as an integral decimal such as {@code 10e9} or {@code 8.0}
   * ({@link AsciiNumbers#parseIntegral}: ASCII digits, exact).
   */
  static long integral(String t) {
    return AsciiNumbers.parseIntegral(t);
  }
}
