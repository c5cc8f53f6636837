package org.fabriclab.shufflecast;

import org.fabriclab.error.InvalidParameterException;

/**
 * The optical power budget of a Shufflecast splitter link (seed 000 §II-C and Table I): a
 * splitter of fan-out p loses {@code 0.8 + 3.4·log₂p} dB (the paper's empirical formula; 34.8 dB
 * at fan-out 1,024), fibre 0.36 dB/km at 1310 nm (§IV-B), and the link works when the
 * transceiver's maximum power budget (Table I: 14.9 dB at 10 Gbps, 18 dB at 25 Gbps, 14 dB at
 * 100 Gbps) covers the sum. Every relay ToR regenerates the signal (O/E/O at each ToR), so one
 * hop is one splitter: the budget depends on p and the rate, not on k.
 *
 * <p>Decision: where Table I lists a splitter (1:2, 1:4, 1:8: 4 / 7.3 / 10.6 dB) its measured loss
 * is used, for other fan-outs the formula (which gives 4.2 / 7.6 / 11.0 dB for those three, 0.2–0.4
 * dB more than the catalogue). A fan-out that is no power of two uses the next larger splitter.
 * Connector losses are not given by the paper and are left out. O(1) per query.
 */
public final class OpticalPowerBudget {
  /** Fibre attenuation at 1310 nm, dB per km (§IV-B). */
  public static final double FIBRE_DB_PER_KM = 0.36;

  private final ComponentCatalog catalog;

  public OpticalPowerBudget(ComponentCatalog catalog) {
    this.catalog = catalog;
  }

  /** The paper's empirical splitter loss {@code 0.8 + 3.4·log₂p} dB. */
  public static double formulaLossDb(long fanout) {
    InvalidParameterException.requireRange("--p", fanout, 2, 1L << 40);
    return 0.8 + 3.4 * Math.log(fanout) / Math.log(2);
  }

  /** The splitter a fan-out of {@code p} needs: the next power of two. */
  public static long splitterFanout(long p) {
    InvalidParameterException.requireRange("--p", p, 2, 1L << 40);
    return Long.highestOneBit(p - 1) << 1;
  }

  /**
   * One splitter link.
   *
   * @param p fan-out asked for
   * @param splitter fan-out of the splitter used
   * @param rateGbps transceiver rate
   * @param splitterDb insertion loss used (Table I where listed, else the formula)
   * @param fibreDb fibre loss
   * @param budgetDb the transceiver's maximum power budget
   */
  public record Link(long p, long splitter, int rateGbps, double splitterDb, double fibreDb, double budgetDb) {
    /** Budget left, dB (negative: the link does not close). */
    public double marginDb() {
      return budgetDb - splitterDb - fibreDb;
    }

    public boolean feasible() {
      return marginDb() >= 0;
    }
  }

  /** The link of fan-out {@code p} at {@code rateGbps} over {@code fibreMetres} of fibre. */
  public Link link(long p, int rateGbps, double fibreMetres) {
    long s = splitterFanout(p);
    double loss = catalog.items().stream()
        .filter(i -> i.kind().equals("splitter") && i.size() == s).mapToDouble(ComponentCatalog.Item::db)
        .findFirst().orElse(formulaLossDb(s));
    return new Link(p, s, rateGbps, loss, FIBRE_DB_PER_KM * fibreMetres / 1000,
        catalog.transceiver(rateGbps).db());
  }

  /** The largest power-of-two fan-out whose link closes at {@code rateGbps} (0 if none). */
  public long largestFanout(int rateGbps, double fibreMetres) {
    long best = 0;
    for (long s = 2; s <= 1L << 20; s <<= 1) {
      if (link(s, rateGbps, fibreMetres).feasible()) {
        best = s;
      }
    }
    return best;
  }
}
