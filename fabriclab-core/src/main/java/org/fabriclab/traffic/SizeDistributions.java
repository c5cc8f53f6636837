package org.fabriclab.traffic;

import java.nio.file.Path;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.units.AsciiNumbers;
import org.fabriclab.units.Limits;

/**
 * Parses a size-distribution argument (the {@code --sizes} option of the CLI): {@code websearch},
 * {@code pareto:SHAPE:MEAN_BYTES} (exactly three fields, ASCII numbers), or the path of a
 * {@code bytes,probability} CSV file ({@link EmpiricalSizes#read}). Every error names the option,
 * the value and the valid form. Stateless.
 */
public final class SizeDistributions {
  private SizeDistributions() {}

  /** Parses {@code text}; {@code option} (e.g. {@code --sizes}) names it in messages. */
  public static SizeDistribution parse(String option, String text) {
    if (text == null || text.isBlank()) {
      throw new InvalidParameterException(option, "''",
          "expected websearch, pareto:SHAPE:MEAN_BYTES or a bytes,probability CSV file");
    }
    if (text.equals("websearch")) {
      return EmpiricalSizes.webSearch();
    }
    if (text.startsWith("pareto:")) {
      String[] f = text.split(":", -1);
      String form = "expected pareto:SHAPE:MEAN_BYTES with SHAPE in (1, 1e6) and MEAN_BYTES in [1, "
          + Limits.MAX_FLOW_BYTES + "]";
      if (f.length != 3) {
        throw new InvalidParameterException(option, text, form);
      }
      double shape;
      double mean;
      try {
        shape = AsciiNumbers.parseDouble(f[1]);
        mean = AsciiNumbers.parseDouble(f[2]);
      } catch (NumberFormatException e) {
        throw new InvalidParameterException(option, text, form);
      }
      if (!(shape > 1 && shape < 1e6 && mean >= 1 && mean <= Limits.MAX_FLOW_BYTES)) {
        throw new InvalidParameterException(option, text, form);
      }
      return new ParetoSizes(shape, mean);
    }
    Path file;
    try {
      file = Path.of(text);
    } catch (java.nio.file.InvalidPathException e) {
      throw org.fabriclab.io.IoErrors.invalidPath(text, e);
    }
    return EmpiricalSizes.read(file);
  }
}
