package org.fabriclab.error;

/** A parameter outside its valid range: the message names the parameter, the value and the range. */
public final class InvalidParameterException extends FabriclabException {
  private static final long serialVersionUID = 1L;
  private final String parameter;

  public InvalidParameterException(String parameter, Object value, String validRange) {
    super("invalid " + parameter + " = " + value + ": " + validRange);
    this.parameter = parameter;
  }

  /** A constraint that involves several parameters, described in full by {@code message}. */
  public InvalidParameterException(String parameter, String message) {
    super(message);
    this.parameter = parameter;
  }

  public String parameter() {
    return parameter;
  }

  /** Throws unless {@code min <= value <= max}. */
  public static long requireRange(String parameter, long value, long min, long max) {
    if (value < min || value > max) {
      String range = max == Long.MAX_VALUE ? "must be >= " + min : "valid range " + min + ".." + max;
      throw new InvalidParameterException(parameter, value, range);
    }
    return value;
  }
}
