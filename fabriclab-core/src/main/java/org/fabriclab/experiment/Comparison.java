package org.fabriclab.experiment;

/**
 * One measured value beside the paper's. Differences are reported and explained, never hidden.
 *
 * @param item where the paper states it ("Fig. 3", "§VI-A(b)", "Table I")
 * @param metric what is compared ("active ports, 8 ToRs, IP multicast")
 * @param paper the paper's value as it states it ("22", "1.55–1.85×"), or "—" if it gives none
 * @param measured our value as text (with unit)
 * @param agrees whether ours matches the paper's within the stated precision
 * @param note why they differ, or how ours was obtained; may be empty
 */
public record Comparison(
    String item, String metric, String paper, String measured, boolean agrees, String note) {}
