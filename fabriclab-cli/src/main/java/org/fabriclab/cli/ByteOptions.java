package org.fabriclab.cli;

import java.util.List;
import org.fabriclab.io.IoErrors;
import org.fabriclab.units.ByteSize;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.TypeConversionException;

/**
 * Byte-size options take the grammar of {@link ByteSize} ({@code 65536}, {@code 1e9}, {@code 64KB},
 * {@code 64KiB}, {@code 1.5M}) on every command, the same as specs. An option is a byte size when
 * its longest name is {@code --bytes} or ends in {@code -bytes} ({@code --flow-bytes},
 * {@code --ecn-kmin-bytes}) or when its parameter label is {@code BYTES} ({@code --size BYTES}); it
 * must hold one value of type {@code long}, {@code int} (range-checked) or {@code String} (the
 * command then reads the number of bytes in decimal digits). Counts, seeds and other integers keep
 * the plain integer grammar. Installed once on the whole tree by {@link GlobalOptions#apply}.
 */
final class ByteOptions {
  private static final List<Class<?>> TYPES =
      List.of(Long.class, Long.TYPE, Integer.class, Integer.TYPE, String.class);

  private ByteOptions() {}

  /** Whether {@code o} takes a byte size. */
  static boolean isByteSize(OptionSpec o) {
    String name = o.longestName();
    boolean byName = name.equals("--bytes") || name.endsWith("-bytes") || "BYTES".equals(o.paramLabel());
    return byName && TYPES.contains(o.type()) && o.splitRegex().isEmpty() && o.group() == null;
  }

  /** Gives every byte-size option of {@code cl} and its subcommands the byte-size converter. */
  static void install(CommandLine cl) {
    CommandSpec spec = cl.getCommandSpec();
    for (OptionSpec o : List.copyOf(spec.options())) {
      if (isByteSize(o)) {
        spec.remove(o);
        spec.addOption(OptionSpec.builder(o).converters(converter(o.type())).build());
      }
    }
    for (var e : cl.getSubcommands().entrySet()) {
      if (e.getKey().equals(e.getValue().getCommandName())) { // an alias shares its command's spec
        install(e.getValue());
      }
    }
  }

  private static CommandLine.ITypeConverter<Object> converter(Class<?> type) {
    return text -> {
      long v = bytes(text);
      if (type == String.class) {
        return Long.toString(v);
      }
      if (type == Integer.class || type == Integer.TYPE) {
        if (v != (int) v) {
          throw new TypeConversionException("'" + text + "' is " + v + " bytes, outside "
              + Integer.MIN_VALUE + ".." + Integer.MAX_VALUE);
        }
        return (int) v;
      }
      return v;
    };
  }

  /** The bytes {@code text} denotes, or a conversion error that names the accepted forms. */
  static long bytes(String text) {
    try {
      return ByteSize.parse(text);
    } catch (NumberFormatException e) {
      throw new TypeConversionException("'" + IoErrors.printable(text) + "' is " + e.getMessage()
          + "; a byte size is " + ByteSize.FORMS);
    }
  }
}
