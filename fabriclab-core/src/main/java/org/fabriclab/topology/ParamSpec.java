package org.fabriclab.topology;

import java.util.List;
import java.util.Locale;

/**
 * A typed, range-checked parameter of a topology family; the CLI turns each one into an option
 * {@code --name} with its description, range and default in {@code --help}.
 *
 * @param name kebab-case name, also the CLI option ({@code servers-per-switch})
 * @param type value type
 * @param min smallest valid value (for lists: of every element)
 * @param max largest valid value (for lists: of every element)
 * @param defaultValue default as text, or {@code null} when the parameter is required
 * @param description one line for {@code --help}
 * @param choices valid values of a {@link Type#CHOICE} parameter
 */
public record ParamSpec(
    String name,
    Type type,
    double min,
    double max,
    String defaultValue,
    String description,
    List<String> choices) {

  /** Value types. */
  public enum Type {
    INT,
    DOUBLE,
    INT_LIST,
    CHOICE
  }

  public static ParamSpec integer(String name, long min, long max, Long def, String description) {
    return new ParamSpec(
        name, Type.INT, min, max, def == null ? null : def.toString(), description, List.of());
  }

  public static ParamSpec real(String name, double min, double max, Double def, String description) {
    return new ParamSpec(
        name, Type.DOUBLE, min, max, def == null ? null : def.toString(), description, List.of());
  }

  public static ParamSpec intList(String name, long min, long max, String def, String description) {
    return new ParamSpec(name, Type.INT_LIST, min, max, def, description, List.of());
  }

  public static ParamSpec choice(String name, List<String> choices, String def, String description) {
    return new ParamSpec(name, Type.CHOICE, 0, 0, def, description, List.copyOf(choices));
  }

  public boolean required() {
    return defaultValue == null;
  }

  /** The valid range as people read it: {@code 2..64}, {@code >= 1}, {@code one of a|b}. */
  public String rangeText() {
    return switch (type) {
      case CHOICE -> "one of " + String.join("|", choices);
      case INT_LIST -> "comma-separated integers, each " + bounds();
      default -> bounds();
    };
  }

  private String bounds() {
    boolean noMax = max >= Long.MAX_VALUE || Double.isInfinite(max);
    if (noMax) {
      return ">= " + fmt(min);
    }
    return fmt(min) + ".." + fmt(max);
  }

  private String fmt(double v) {
    if (type == Type.DOUBLE) {
      return String.format(Locale.ROOT, "%s", v);
    }
    return Long.toString((long) v);
  }
}
