package org.fabriclab.units;

import java.math.BigDecimal;
import java.util.Locale;
import org.fabriclab.error.InvalidParameterException;

/**
 * Byte counts as people write them: {@code 65536}, {@code 1e6}, SI suffixes {@code k M G T} (powers
 * of 1000, an optional trailing {@code B}: {@code 64KB}) and binary suffixes {@code KiB MiB GiB TiB}
 * (powers of 1024: {@code 64MiB}). The value must be a whole number of bytes.
 */
public final class ByteSizes {
  private ByteSizes() {}

  /** Parses {@code text}; errors name {@code parameter} and the accepted forms. */
  public static long parse(String parameter, String text) {
    String t = text.strip();
    String low = t.toLowerCase(Locale.ROOT);
    long unit = 1;
    String[][] suffixes = {{"kib", "1024"}, {"mib", "1048576"}, {"gib", "1073741824"},
        {"tib", "1099511627776"}, {"kb", "1000"}, {"mb", "1000000"}, {"gb", "1000000000"},
        {"tb", "1000000000000"}, {"k", "1000"}, {"m", "1000000"}, {"g", "1000000000"},
        {"t", "1000000000000"}, {"b", "1"}};
    for (String[] s : suffixes) {
      if (low.endsWith(s[0]) && low.length() > s[0].length()
          && (Character.isDigit(low.charAt(low.length() - s[0].length() - 1)) || low.charAt(low.length() - s[0].length() - 1) == '.')) {
        unit = Long.parseLong(s[1]);
        t = t.substring(0, t.length() - s[0].length());
        break;
      }
    }
    BigDecimal v;
    try {
      if (!t.matches("[0-9]+(\\.[0-9]*)?([eE][+]?[0-9]{1,4})?")) {
        throw new NumberFormatException();
      }
      v = new BigDecimal(t).multiply(BigDecimal.valueOf(unit));
    } catch (NumberFormatException | ArithmeticException e) {
      throw new InvalidParameterException(parameter, text,
          "not a byte count; write e.g. 65536, 1e6, 64KB (x1000), 64KiB or 1MiB (x1024)");
    }
    try {
      return v.longValueExact();
    } catch (ArithmeticException e) {
      throw new InvalidParameterException(parameter, text, v.signum() > 0 && v.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0
          ? "more bytes than a 64-bit count holds" : "not a whole number of bytes");
    }
  }
}
