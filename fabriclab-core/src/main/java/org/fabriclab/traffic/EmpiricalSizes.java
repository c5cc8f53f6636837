package org.fabriclab.traffic;

import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.io.IoErrors;
import org.fabriclab.io.TextLines;
import org.fabriclab.units.AsciiNumbers;
import org.fabriclab.units.Limits;

/**
 * A discrete size distribution given as (bytes, probability) points, sampled by inverse CDF with a
 * binary search: O(log points) per sample. {@link #webSearch()} is the pFabric web-search
 * distribution of the benchmark README.
 */
public final class EmpiricalSizes implements SizeDistribution {
  private final long[] bytes;
  private final double[] cdf;
  private final double mean;

  /** Points with probabilities summing to 1 (within 1e-6); sizes ascending and positive. */
  public EmpiricalSizes(long[] bytes, double[] probability) {
    if (bytes.length == 0 || bytes.length != probability.length) {
      throw new InvalidParameterException("sizes", "an empirical distribution needs matching, non-empty size and probability lists");
    }
    this.bytes = bytes.clone();
    cdf = new double[bytes.length];
    double c = 0;
    double m = 0;
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] < 1 || bytes[i] > Limits.MAX_FLOW_BYTES || (i > 0 && bytes[i] <= bytes[i - 1]) || !(probability[i] >= 0)) {
        throw new InvalidParameterException("sizes", "sizes must ascend within " + Limits.SIZE_RANGE + " and probabilities be >= 0 (point " + i + ")");
      }
      c += probability[i];
      m += bytes[i] * probability[i];
      cdf[i] = c;
    }
    if (Math.abs(c - 1) > 1e-6) {
      throw new InvalidParameterException("sizes", "probabilities sum to " + c + ", not 1");
    }
    cdf[cdf.length - 1] = 1.0;
    mean = m;
  }

  /** pFabric web search: 10k .15, 20k .05, 30k .10, 50k .10, 80k .13, 200k .07, 1M .10, 2M .10, 5M .10, 10M .07, 30M .03. */
  public static EmpiricalSizes webSearch() {
    return new EmpiricalSizes(
        new long[] {10_000, 20_000, 30_000, 50_000, 80_000, 200_000, 1_000_000, 2_000_000,
            5_000_000, 10_000_000, 30_000_000},
        new double[] {.15, .05, .10, .10, .13, .07, .10, .10, .10, .07, .03});
  }

  /**
   * Reads "bytes,probability" lines (a first line starting with an ASCII letter is a header;
   * {@code #} comments are skipped). Each line is checked where it is read, so every error names
   * the file and the line: sizes ascending in 1..{@link Limits#MAX_FLOW_BYTES}, probabilities in
   * [0, 1], ASCII numbers only; a total other than 1 (within 1e-6) names the last line.
   */
  public static EmpiricalSizes read(Path file) {
    try (TextLines in = TextLines.open(file)) {
      return read(in);
    }
  }

  /** Reads a distribution from {@code in} (see {@link #read(Path)}). */
  public static EmpiricalSizes read(TextLines in) {
    LongArrayList b = new LongArrayList();
    DoubleArrayList p = new DoubleArrayList();
    double total = 0;
    int last = 0;
    String line;
    boolean first = true;
    while ((line = in.next()) != null) {
      String s = line.strip();
      boolean header = first && !s.isEmpty()
          && (s.charAt(0) >= 'a' && s.charAt(0) <= 'z' || s.charAt(0) >= 'A' && s.charAt(0) <= 'Z');
      first &= s.isEmpty();
      if (s.isEmpty() || s.startsWith("#") || header) {
        continue;
      }
      String[] f = s.split(",", -1);
      if (f.length != 2) {
        throw in.error("expected bytes,probability, got " + f.length + " fields");
      }
      long bytes;
      double prob;
      try {
        bytes = AsciiNumbers.parseLong(f[0].strip());
      } catch (NumberFormatException e) {
        throw in.error("bytes '" + IoErrors.printable(f[0].strip())
            + "' is not an integer in ASCII digits (" + Limits.SIZE_RANGE + ")");
      }
      try {
        prob = AsciiNumbers.parseDouble(f[1].strip());
      } catch (NumberFormatException e) {
        throw in.error("probability '" + IoErrors.printable(f[1].strip())
            + "' is not a decimal number (valid range 0..1)");
      }
      if (bytes < 1 || bytes > Limits.MAX_FLOW_BYTES) {
        throw in.error("bytes = " + bytes + " is out of range (" + Limits.SIZE_RANGE + ")");
      }
      if (!b.isEmpty() && bytes <= b.getLong(b.size() - 1)) {
        throw in.error("bytes = " + bytes + " must be larger than the previous line's "
            + b.getLong(b.size() - 1) + " (sizes ascend)");
      }
      if (!(prob >= 0 && prob <= 1)) {
        throw in.error("probability = " + prob + " is out of range (valid range 0..1)");
      }
      total += prob;
      b.add(bytes);
      p.add(prob);
      last = in.lineNumber();
    }
    if (b.isEmpty()) {
      throw new MalformedInputException(in.source(), "no bytes,probability lines");
    }
    if (Math.abs(total - 1) > 1e-6) {
      throw new MalformedInputException(in.source(), "line " + last + ": probabilities sum to "
          + total + " at the last line, not 1 (within 1e-6)");
    }
    return new EmpiricalSizes(b.toLongArray(), p.toDoubleArray());
  }

  @Override
  public long sample(SplittableRandom rnd) {
    double u = rnd.nextDouble();
    int i = Arrays.binarySearch(cdf, u);
    i = i >= 0 ? i + 1 : -i - 1;
    return bytes[Math.min(i, bytes.length - 1)];
  }

  @Override
  public double meanBytes() {
    return mean;
  }
}
