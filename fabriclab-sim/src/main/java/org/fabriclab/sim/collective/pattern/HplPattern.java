package org.fabriclab.sim.collective.pattern;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * HPL's communication on a {@code P×Q} process grid (Gleam paper, seed 002 §2.2 and §5.3: "each
 * row node would perform one PB, and each column node would perform one RS"): rank {@code (r, c)}
 * is {@code r·Q + c}; phase 0, the panel broadcast, is a broadcast of {@code S} in every row from
 * column 0; phase 1, the row swap, starts when every broadcast has ended (the swap uses the
 * broadcast panel: a step of no time joins them) and is a broadcast of {@code S} in every column
 * from row 0 — the centralised distribution of §5.2.1, where the column's root holds all the
 * swapped rows and every rank needs them. Each broadcast is the chosen scheme's: HPL's increasing
 * ring is {@code chain} without segments, Gleam one multicast per row and per column.
 *
 * <p>Decisions: one iteration (the paper's metric is "the total communication time of PB and
 * RS"); a grid dimension of 1 has no broadcast in that phase; the panel and the swapped rows are
 * both {@code S}. O(P·Q + parts' nodes).
 */
public final class HplPattern implements Pattern {
  private final int p;
  private final int q;

  /** A {@code p × q} grid, each at least 1, at least 2 ranks. */
  public HplPattern(int p, int q) {
    InvalidParameterException.requireRange("grid rows", p, 1, 1 << 12);
    InvalidParameterException.requireRange("grid columns", q, 1, 1 << 12);
    if (p * q < 2) {
      throw new InvalidParameterException("grid", p + "x" + q, "at least 2 ranks");
    }
    this.p = p;
    this.q = q;
  }

  @Override
  public CollectiveOp op() {
    return CollectiveOp.HPL;
  }

  @Override
  public CollectiveOp partOp() {
    return CollectiveOp.BROADCAST;
  }

  @Override
  public int ranks() {
    return p * q;
  }

  @Override
  public CollectiveSpec partSpec(CollectiveSpec spec) {
    return Pattern.part(spec, CollectiveOp.BROADCAST, Math.max(2, Math.max(p, q)), spec.sizeBytes());
  }

  @Override
  public CollectiveSchedule compose(CollectiveScheme scheme, CollectiveSpec spec) {
    CollectiveSchedule s = new CollectiveSchedule(p * q).named("hpl " + scheme.name());
    long bytes = spec.sizeBytes();
    s.beginPhase("panel broadcast");
    it.unimi.dsi.fastutil.ints.IntArrayList ends = new it.unimi.dsi.fastutil.ints.IntArrayList();
    if (q > 1) {
      CollectiveSchedule row = scheme.build(Pattern.part(spec, CollectiveOp.BROADCAST, q, bytes));
      int[] sinks = Pattern.sinks(row);
      int[] host = new int[q];
      for (int r = 0; r < p; r++) {
        for (int c = 0; c < q; c++) {
          host[c] = r * q + c;
        }
        int off = s.append(row, host);
        for (int v : sinks) {
          ends.add(off + v);
        }
      }
    }
    s.beginPhase("row swap");
    if (p > 1) {
      int[] after = ends.isEmpty() ? new int[0] : new int[] {s.step(0, 0, ends.toIntArray())};
      CollectiveSchedule col = scheme.build(Pattern.part(spec, CollectiveOp.BROADCAST, p, bytes));
      int[] host = new int[p];
      for (int c = 0; c < q; c++) {
        for (int r = 0; r < p; r++) {
          host[r] = r * q + c;
        }
        s.append(col, host, after);
      }
    }
    return s;
  }
}
