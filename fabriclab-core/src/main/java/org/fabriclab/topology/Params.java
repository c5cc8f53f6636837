package org.fabriclab.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.units.AsciiNumbers;

/**
 * Validated, typed values of a family's parameters, made only by {@link #parse}: every value has
 * been checked against its {@link ParamSpec}, so generators read them without further checks of
 * their own ranges (cross-parameter constraints are checked by the family).
 */
public final class Params {
  private final String family;
  private final Map<String, Object> values;

  private Params(String family, Map<String, Object> values) {
    this.family = family;
    this.values = values;
  }

  /**
   * Parses raw text values (missing ones take their defaults) against {@code specs}.
   *
   * @throws InvalidParameterException naming the parameter and its valid range
   */
  public static Params parse(String family, List<ParamSpec> specs, Map<String, String> raw) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (String key : raw.keySet()) {
      if (specs.stream().noneMatch(s -> s.name().equals(key))) {
        List<String> names = specs.stream().map(ParamSpec::name).toList();
        String hint = org.fabriclab.error.Suggestions.didYouMean(key, names, "--");
        throw new InvalidParameterException(key, "unknown parameter --" + key + " for " + family
            + (hint.isEmpty() ? "" : " (" + hint + ")") + "; valid: --" + String.join(", --", names));
      }
    }
    for (ParamSpec s : specs) {
      String text = raw.containsKey(s.name()) ? raw.get(s.name()) : s.defaultValue();
      if (text == null) {
        throw new InvalidParameterException(
            s.name(), "missing --" + s.name() + " for " + family + " (" + s.rangeText() + ")");
      }
      out.put(s.name(), convert(family, s, text.trim()));
    }
    return new Params(family, out);
  }

  private static Object convert(String family, ParamSpec s, String text) {
    String p = family + " --" + s.name();
    switch (s.type()) {
      case INT -> {
        long v;
        try {
          v = AsciiNumbers.parseLong(text);
        } catch (NumberFormatException e) {
          throw new InvalidParameterException(p, text,
              "expected an integer in ASCII digits, " + s.rangeText());
        }
        checkRange(p, s, v, text);
        return v;
      }
      case DOUBLE -> {
        double v;
        try {
          v = AsciiNumbers.parseDouble(text);
        } catch (NumberFormatException e) {
          throw new InvalidParameterException(p, text,
              "expected a finite number in ASCII digits, " + s.rangeText());
        }
        if (!Double.isFinite(v)) {
          throw new InvalidParameterException(p, text, "expected a finite number, " + s.rangeText());
        }
        checkRange(p, s, v, text);
        return v;
      }
      case INT_LIST -> {
        List<Long> list = new ArrayList<>();
        for (String part : text.split(",", -1)) {
          try {
            long v = AsciiNumbers.parseLong(part.trim());
            checkRange(p, s, v, text);
            if (v != (int) v) {
              throw new InvalidParameterException(
                  p, text, "each value must fit in 32 bits, " + s.rangeText());
            }
            list.add(v);
          } catch (NumberFormatException e) {
            throw new InvalidParameterException(p, text, "expected " + s.rangeText());
          }
        }
        return list.stream().mapToInt(Long::intValue).toArray();
      }
      case CHOICE -> {
        for (String c : s.choices()) {
          if (c.equalsIgnoreCase(text)) {
            return c;
          }
        }
        throw new InvalidParameterException(p, text, s.rangeText());
      }
      default -> throw new IllegalStateException();
    }
  }

  private static void checkRange(String p, ParamSpec s, double v, String text) {
    if (v < s.min() || v > s.max()) {
      String range = s.type() == ParamSpec.Type.INT_LIST ? "expected " : "valid range ";
      throw new InvalidParameterException(p, text, range + s.rangeText());
    }
  }

  /** A copy with integer parameter {@code name} set to {@code value} (not range-checked). */
  Params withLong(String name, long value) {
    Map<String, Object> copy = new LinkedHashMap<>(values);
    copy.put(name, value);
    return new Params(family, copy);
  }

  /**
   * A copy whose {@link #describe()} shows {@code value} for {@code name}: the value a generator
   * resolved (jellyfish {@code --k 8}: {@code switches=80}), or nothing when {@code value} is null
   * (a parameter that does not apply), so a description never shows a placeholder such as 0. For
   * descriptions only: the getters of the copy expect the parameter's own type.
   */
  public Params shown(String name, Object value) {
    Map<String, Object> copy = new LinkedHashMap<>(values);
    copy.put(name, value);
    return new Params(family, copy);
  }

  public String family() {
    return family;
  }

  private Object get(String name) {
    Object v = values.get(name);
    if (v == null) {
      throw new IllegalArgumentException(family + " has no parameter " + name);
    }
    return v;
  }

  /** An integer parameter; its range was checked to fit the spec (specs keep ints within int). */
  public int getInt(String name) {
    return Math.toIntExact((Long) get(name));
  }

  public long getLong(String name) {
    return (Long) get(name);
  }

  public double getDouble(String name) {
    Object v = get(name);
    return v instanceof Long l ? l : (Double) v;
  }

  public int[] getIntList(String name) {
    return ((int[]) get(name)).clone();
  }

  public String getChoice(String name) {
    return (String) get(name);
  }

  public boolean has(String name) {
    return values.containsKey(name);
  }

  /** {@code k=8, seed=1} — for file headers and topology descriptions. */
  public String describe() {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, Object> e : values.entrySet()) {
      if (e.getValue() == null) {
        continue; // does not apply (see shown)
      }
      if (b.length() > 0) {
        b.append(", ");
      }
      Object v = e.getValue();
      b.append(e.getKey()).append('=').append(v instanceof int[] a ? joined(a) : v.toString());
    }
    return b.toString();
  }

  private static String joined(int[] a) {
    return String.join(",", Arrays.stream(a).mapToObj(Integer::toString).toList());
  }
}
