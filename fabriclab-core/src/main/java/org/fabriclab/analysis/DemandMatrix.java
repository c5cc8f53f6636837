package org.fabriclab.analysis;

import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.fabriclab.error.InvalidParameterException;

/**
 * Demands between nodes for a throughput analysis: a list of (source node, destination node,
 * amount), amounts in the capacity unit of the analysis. Immutable; made by {@link Builder}.
 */
public final class DemandMatrix {
  private final int[] src;
  private final int[] dst;
  private final double[] amount;

  private DemandMatrix(int[] src, int[] dst, double[] amount) {
    this.src = src;
    this.dst = dst;
    this.amount = amount;
  }

  public static Builder builder() {
    return new Builder();
  }

  public int size() {
    return src.length;
  }

  public int source(int i) {
    return src[i];
  }

  public int destination(int i) {
    return dst[i];
  }

  public double amount(int i) {
    return amount[i];
  }

  /** Collects demands. */
  public static final class Builder {
    private final IntArrayList s = new IntArrayList();
    private final IntArrayList d = new IntArrayList();
    private final DoubleArrayList a = new DoubleArrayList();

    /**
     * Adds a demand.
     *
     * @throws InvalidParameterException for a negative or non-finite amount or negative ids
     */
    public Builder add(int source, int destination, double amount) {
      if (source < 0 || destination < 0) {
        throw new InvalidParameterException("demand", "node ids must be >= 0");
      }
      if (!(amount >= 0) || Double.isInfinite(amount)) {
        throw new InvalidParameterException("demand", amount, "must be a finite number >= 0");
      }
      s.add(source);
      d.add(destination);
      a.add(amount);
      return this;
    }

    public DemandMatrix build() {
      return new DemandMatrix(s.toIntArray(), d.toIntArray(), a.toDoubleArray());
    }
  }
}
