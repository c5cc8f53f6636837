package org.fabriclab.traffic;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.error.MalformedInputException;

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
      if (bytes[i] < 1 || (i > 0 && bytes[i] <= bytes[i - 1]) || !(probability[i] >= 0)) {
        throw new InvalidParameterException("sizes", "sizes must ascend from >= 1 byte and probabilities be >= 0 (point " + i + ")");
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

  /** Reads "bytes,probability" lines (a header line and # comments are skipped). */
  public static EmpiricalSizes read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new MalformedInputException(file.toString(), "no such file");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<long[]> pts = new ArrayList<>();
    List<Double> ps = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String s = lines.get(i).strip();
      if (s.isEmpty() || s.startsWith("#") || (i == 0 && !Character.isDigit(s.charAt(0)))) {
        continue;
      }
      String[] f = s.split(",");
      try {
        pts.add(new long[] {Long.parseLong(f[0].strip())});
        ps.add(Double.parseDouble(f[1].strip()));
      } catch (RuntimeException e) {
        throw new MalformedInputException(file.toString(), "line " + (i + 1) + ": expected bytes,probability");
      }
    }
    long[] b = new long[pts.size()];
    double[] p = new double[pts.size()];
    for (int i = 0; i < b.length; i++) {
      b[i] = pts.get(i)[0];
      p[i] = ps.get(i);
    }
    return new EmpiricalSizes(b, p);
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
