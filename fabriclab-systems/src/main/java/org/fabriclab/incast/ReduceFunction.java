package org.fabriclab.incast;

/** The aggregate functions of seed 004 §III-A applied per key (sum, maximum, minimum). */
public enum ReduceFunction {
  SUM,
  MAX,
  MIN;

  public long apply(long a, long b) {
    return switch (this) {
      case SUM -> a + b;
      case MAX -> Math.max(a, b);
      case MIN -> Math.min(a, b);
    };
  }
}
