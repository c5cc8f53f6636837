package org.fabriclab.topology;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Mixed-radix lattice arithmetic shared by the lattice families (HyperX/flattened butterfly,
 * torus): node {@code w} sits at coordinates {@code x} with {@code w = Σ x_i·Π_{j<i} S_j}
 * ({@code x_0} varies fastest), labelled {@code tier, x0..x(L-1), index}.
 */
public final class Lattice {
  private Lattice() {}

  /** {@code 4,4,8}. */
  public static String text(int[] dims) {
    return Arrays.stream(dims).mapToObj(Integer::toString).collect(Collectors.joining(","));
  }

  /** Number of lattice points {@code Π S_i}, saturating (see {@link SizeLimits#mul}). */
  public static long size(int[] dims) {
    long n = 1;
    for (int s : dims) {
      n = SizeLimits.mul(n, s);
    }
    return n;
  }

  /** Label fields {@code tier, x0..x(L-1), index}. */
  public static String[] labelFields(int dimensions) {
    String[] fields = new String[dimensions + 2];
    fields[0] = "tier";
    for (int i = 0; i < dimensions; i++) {
      fields[i + 1] = "x" + i;
    }
    fields[dimensions + 1] = "index";
    return fields;
  }

  /** Writes the coordinates of point {@code w} into {@code label[1..L]}. */
  public static void coordinates(int w, int[] dims, int[] label) {
    for (int i = 0; i < dims.length; i++) {
      label[i + 1] = w % dims[i];
      w /= dims[i];
    }
  }
}
