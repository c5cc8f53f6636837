package org.fabriclab.units;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one grammar of a number of bytes, on the command line and in specs: a number in ASCII
 * ({@link AsciiNumbers}: an integer, a decimal, an exponent form such as {@code 1e9}) followed by
 * an optional unit, with no blank in between.
 *
 * <ul>
 *   <li>no unit or {@code B}: bytes ({@code 65536}, {@code 1e9}, {@code 1.5e3}, {@code 512B});
 *   <li>SI, powers of 1000: {@code k} or {@code K} (10^3), {@code M} (10^6), {@code G} (10^9),
 *       {@code T} (10^12), each with an optional trailing {@code B} ({@code 64KB}, {@code 1G},
 *       {@code 1.5MB});
 *   <li>binary, powers of 1024: {@code KiB}, {@code MiB}, {@code GiB}, {@code TiB} ({@code 64MiB});
 *       the trailing {@code B} may be left out ({@code 64Mi}).
 * </ul>
 *
 * The value is exact (no rounding through a {@code double}) and must be a whole number of bytes:
 * {@code 1.5KB} is 1500, {@code 1.5KiB} is 1536, {@code 0.1KiB} (102.4) and {@code 1e-3} are
 * refused. A lower-case {@code m} or {@code b} is refused (milli, bits). Ranges are the caller's to
 * check; a negative value is returned as it is so the caller's range message applies. Stateless.
 */
public final class ByteSize {
  /** The accepted forms, for error messages. */
  public static final String FORMS = "an integer (65536), an exponent form (1e9) or a number with a unit:"
      + " k/K, M, G, T = 10^3..10^12, B optional (64KB, 1.5M), or KiB, MiB, GiB, TiB = 2^10..2^40 (64KiB),"
      + " making a whole number of bytes";

  private static final Pattern FORM =
      Pattern.compile("([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?)([kKMGT]i?)?(B)?");

  private ByteSize() {}

  /**
   * The number of bytes {@code text} denotes (surrounding blanks ignored).
   *
   * @throws NumberFormatException with a short reason when the text is not a byte size
   */
  public static long parse(String text) {
    if (text == null) {
      throw new NumberFormatException("not a byte size");
    }
    Matcher m = FORM.matcher(text.strip());
    if (!m.matches()) {
      throw new NumberFormatException("not a byte size");
    }
    String unit = m.group(2);
    if ("ki".equals(unit)) {
      throw new NumberFormatException("not a byte size (the binary kilo is Ki)");
    }
    BigDecimal v = AsciiNumbers.exact(m.group(1));
    if (unit != null) {
      v = v.multiply(multiplier(unit));
    }
    try {
      return AsciiNumbers.integralValue(v, text);
    } catch (NumberFormatException e) {
      throw new NumberFormatException(e.getMessage().equals("not a whole number")
          ? "not a whole number of bytes (" + v.stripTrailingZeros().toPlainString() + ")" : e.getMessage());
    }
  }

  private static BigDecimal multiplier(String unit) {
    boolean binary = unit.endsWith("i");
    int power = switch (Character.toUpperCase(unit.charAt(0))) {
      case 'K' -> 1;
      case 'M' -> 2;
      case 'G' -> 3;
      default -> 4; // T
    };
    return binary ? BigDecimal.valueOf(1024).pow(power) : BigDecimal.TEN.pow(3 * power);
  }
}
