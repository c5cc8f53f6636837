package org.fabriclab.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.fabriclab.io.IoErrors;
import org.fabriclab.units.AsciiNumbers;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.TypeConversionException;

/**
 * Rules every command obeys, set once on the whole command tree so no command
 * can differ: numbers in ASCII digits only (picocli's converters would take {@code ١٠} as 10),
 * paths not empty and free of NUL characters, an option given twice refused, and the shared
 * options checked before any work: {@code --seed} in 0..2^63-1 (negative seeds are refused
 * everywhere; a seed names a stream, it is not a quantity), {@code --threads} in 1..1024, and
 * {@code -V, --version} printing the version on every command; byte-size options take
 * {@link ByteOptions}' grammar.
 */
final class GlobalOptions {
  /** Valid range of {@code --threads} everywhere. */
  static final int MAX_THREADS = 1024;

  /** An integer in ASCII digits of any length (too long for a long is out of range, not malformed). */
  private static final java.util.regex.Pattern DIGITS = java.util.regex.Pattern.compile("[+-]?[0-9]+");

  private GlobalOptions() {}

  /** Registers the converters and settings on {@code cl} and every subcommand it has now. */
  static void apply(CommandLine cl) {
    cl.registerConverter(Integer.class, s -> intValue(s));
    cl.registerConverter(Integer.TYPE, s -> intValue(s));
    cl.registerConverter(Long.class, s -> longValue(s));
    cl.registerConverter(Long.TYPE, s -> longValue(s));
    cl.registerConverter(Short.class, s -> (short) ranged(s, Short.MIN_VALUE, Short.MAX_VALUE));
    cl.registerConverter(Short.TYPE, s -> (short) ranged(s, Short.MIN_VALUE, Short.MAX_VALUE));
    cl.registerConverter(Double.class, s -> doubleValue(s));
    cl.registerConverter(Double.TYPE, s -> doubleValue(s));
    cl.registerConverter(Float.class, s -> (float) doubleValue(s));
    cl.registerConverter(Float.TYPE, s -> (float) doubleValue(s));
    cl.registerConverter(Path.class, GlobalOptions::path);
    ByteOptions.install(cl);
    cl.setOverwrittenOptionsAllowed(false);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    version(cl, new VersionProvider());
  }

  /**
   * Gives {@code cl} and every subcommand below it the version of {@code fabriclab --version}:
   * each command advertises {@code -V, --version} (picocli's standard help options), which
   * printed nothing where the command had no version of its own.
   */
  private static void version(CommandLine cl, VersionProvider provider) {
    cl.getCommandSpec().versionProvider(provider);
    for (CommandLine sub : cl.getSubcommands().values()) {
      version(sub, provider);
    }
  }

  static int intValue(String s) {
    return (int) ranged(s, Integer.MIN_VALUE, Integer.MAX_VALUE);
  }

  static long longValue(String s) {
    return ranged(s, Long.MIN_VALUE, Long.MAX_VALUE);
  }

  private static long ranged(String s, long min, long max) {
    String t = s.strip();
    long v;
    try {
      v = AsciiNumbers.parseLong(t);
    } catch (NumberFormatException e) {
      throw new TypeConversionException("'" + IoErrors.printable(s)
          + (DIGITS.matcher(t).matches() ? "' is outside " + min + ".." + max : "' is not an integer in ASCII digits"));
    }
    if (v < min || v > max) {
      throw new TypeConversionException("'" + s + "' is outside " + min + ".." + max);
    }
    return v;
  }

  static double doubleValue(String s) {
    try {
      return AsciiNumbers.parseDouble(s.strip());
    } catch (NumberFormatException e) {
      throw new TypeConversionException("'" + IoErrors.printable(s)
          + "' is not a finite decimal number in ASCII digits");
    }
  }

  static Path path(String s) {
    if (s.isEmpty()) {
      throw new TypeConversionException("empty path");
    }
    try {
      return Path.of(s);
    } catch (InvalidPathException e) {
      throw new TypeConversionException("'" + IoErrors.printable(s) + "' is not a valid path");
    }
  }

  /** Checks the shared options of the parsed command chain; throws a ParameterException. */
  static void check(ParseResult parsed) {
    for (ParseResult p = parsed; p != null; p = p.subcommand()) {
      for (OptionSpec o : p.matchedOptions()) {
        Object v = o.getValue();
        String name = o.longestName();
        if (name.equals("--seed") && v instanceof Number n && n.longValue() < 0) {
          throw new ParameterException(p.commandSpec().commandLine(), "invalid --seed = " + v
              + ": seeds are integers 0.." + Long.MAX_VALUE);
        }
        if (name.equals("--threads") && v instanceof Number n
            && (n.longValue() < 1 || n.longValue() > MAX_THREADS)) {
          throw new ParameterException(p.commandSpec().commandLine(), "invalid --threads = " + v
              + ": valid range 1.." + MAX_THREADS);
        }
      }
    }
  }
}
