package org.fabriclab.gleam;

import static org.fabriclab.gleam.MulticastForwardingTable.G_ACK_OUT;
import static org.fabriclab.gleam.MulticastForwardingTable.G_ENTRIES;
import static org.fabriclab.gleam.MulticastForwardingTable.G_LAST_ACK;
import static org.fabriclab.gleam.MulticastForwardingTable.G_MIN_PORT;
import static org.fabriclab.gleam.MulticastForwardingTable.G_NACK_EPSN;
import static org.fabriclab.gleam.MulticastForwardingTable.G_PENDING;

/**
 * Many-to-one ACK aggregation and NACK filtering at one switch: Algorithms 2 and 3 of seed 002
 * (§3.4, Fig. 7), over the switch's {@link MulticastForwardingTable}. Applied at every switch of
 * the tree, the source's unmodified RC sees one unicast-like stream: an ACK for PSN {@code x} only
 * when every downstream receiver has acknowledged {@code x}, and a NACK for {@code e} only when
 * every receiver has acknowledged everything below {@code e} and some receiver asked for {@code e}
 * — so the smallest lost PSN is never skipped (Fig. 7).
 *
 * <p>Per feedback packet: an ACK {@code x} from port {@code i} raises entry {@code i}'s
 * {@code ack_psn} to {@code x} (Alg. 2 lines 7-9) and, when {@code i} is {@code min_port} (or none
 * is known yet) and {@code x ≥ last_ack_psn}, calls generate (line 10); a NACK {@code e} raises the
 * entry to {@code e − 1} (lines 13-14), marks a NACK pending on that entry and calls generate.
 * Generate (Alg. 3) finds the minimum {@code ack_psn} over the entries other than
 * {@code ack_out_port} (the source side), records its port as {@code min_port}, sends an ACK with
 * that PSN when it exceeds {@code last_ack_psn}, and sends NACK {@code min + 1} when an entry whose
 * {@code ack_psn = min} has a NACK pending (line 14: {@code min_psn + 1 = T.nack.ePSN}).
 *
 * <p>Departures from Alg. 2/3 as printed (each keeps the stated principle; {@code
 * GleamAckAggregationPropertyTest} checks the stream against a brute-force model):
 * <ol>
 *   <li>Alg. 3 line 7 reads {@code min_psn < Entry.ack_psn}; the text ("find the minimized
 *       ack_psn") means {@code Entry.ack_psn < min_psn}.
 *   <li>The NACK register {@code T.nack} is kept as one pending bit per entry (its ePSN is the
 *       entry's {@code ack_psn + 1}); {@link MulticastForwardingTable#nackEpsn(int)} is their
 *       minimum. With the paper's single register, a NACK for a larger PSN arriving while a smaller
 *       one is held is dropped (line 15) and, if the smaller one is later repaired, the larger loss
 *       is only recovered by the sender's timeout; and a NACK raising {@code min_port}'s entry
 *       without passing line 15 never calls generate, so a held NACK that became deliverable
 *       waits. A pending bit is cleared when the NACK is sent or the entry's ACK advances (the
 *       receiver recovered). Every NACK calls generate (Alg. 2 line 18 only on line 15's branch).
 *   <li>Alg. 2 line 10 calls generate on an ACK from {@code min_port}; before any minimum is known
 *       ({@code min_port = −1}, the paper leaves it open) any ACK calls it.
 *   <li>An ACK is sent only when its PSN exceeds {@code last_ack_psn}: Alg. 3 would repeat the
 *       last ACK, which the sender's RC discards as a duplicate anyway.
 *   <li>The entry of {@code ack_out_port} is left out of the minimum: this project registers an
 *       entry towards the master too (see {@link EnvelopeRegistration}) so that any member can
 *       become the source (Appendix B); no feedback comes from the source's side.
 *   <li>Stale feedback is ignored: a NACK {@code e} with {@code e − 1} below the entry's
 *       {@code ack_psn} (the paper would still compare it with {@code T.nack.ePSN}), or feedback
 *       from the {@code ack_out_port} itself.
 * </ol>
 * <p>Composition along a tree is not exact, and cannot be with the paper's ACK/NACK vocabulary:
 * (a) once a NACK has passed a lower switch, its receiver may recover (ACK or later NACK) while
 * that subtree's minimum does not move, so the lower switch sends nothing and the upper switch,
 * still holding the NACK, may later send it; two histories that give the upper switch identical
 * input but need different output exist ({@code twoHistoriesThatTheUpperSwitchCannotTellApart}),
 * so no per-port state there can fix it — only a new "withdraw" signal from the lower switch could
 * (e.g. a repeated ACK with a per-entry "NACK forwarded" bit), which the paper does not have.
 * (b) a lower switch's ACK and NACK are two packets; the upper switch may release its own held
 * NACK for the same PSN on the ACK and then pass the lower one: the same NACK twice. Both kinds ask
 * for the smallest expected PSN with everything below acknowledged by every receiver: a redundant
 * go-back, never a skipped loss. With one switch the stream is exact.
 * Cost: O(entries) per call of generate, O(1) otherwise; no allocation. The table keeps the
 * number of pending bits per group, so generate scans the entries for NACKs only when one is
 * pending.
 */
public final class AckAggregation {
  private static final int G = MulticastForwardingTable.G_FIELDS;
  private final MulticastForwardingTable t;
  private final int ports;
  private long acksIn;
  private long nacksIn;
  private long acksOut;
  private long nacksOut;
  private long ignored;

  public AckAggregation(MulticastForwardingTable table) {
    this.t = table;
    this.ports = table.portCount();
  }

  /** An ACK for {@code psn} of group slot {@code g} entered by {@code inPort} (Alg. 2 lines 6-11). */
  public void onAck(int g, int inPort, int psn, FeedbackSink out) {
    acksIn++;
    int k = t.entryOfPort(g, inPort);
    if (k < 0 || inPort == t.grp[G * g + G_ACK_OUT]) {
      ignored++;
      return;
    }
    int i = g * ports + k;
    if (psn > t.ackPsn[i]) {
      t.ackPsn[i] = psn;
      if (t.nackPending[i]) {
        t.nackPending[i] = false;
        t.grp[G * g + G_PENDING]--;
      }
    }
    int mp = t.grp[G * g + G_MIN_PORT];
    if ((mp < 0 || mp == inPort) && psn >= t.grp[G * g + G_LAST_ACK]) {
      generate(g, out);
    }
  }

  /** A NACK with expected PSN {@code ePsn} of group slot {@code g} entered by {@code inPort}. */
  public void onNack(int g, int inPort, int ePsn, FeedbackSink out) {
    nacksIn++;
    int k = t.entryOfPort(g, inPort);
    if (k < 0 || inPort == t.grp[G * g + G_ACK_OUT]) {
      ignored++;
      return;
    }
    int i = g * ports + k;
    if (ePsn - 1 < t.ackPsn[i]) {
      ignored++;
      return;
    }
    t.ackPsn[i] = ePsn - 1;
    if (!t.nackPending[i]) {
      t.nackPending[i] = true;
      t.grp[G * g + G_PENDING]++;
    }
    generate(g, out);
  }

  /** Algorithm 3: generate the aggregated ACK and, when deliverable, the NACK. */
  private void generate(int g, FeedbackSink out) {
    int outPort = t.grp[G * g + G_ACK_OUT];
    if (outPort < 0) {
      return; // no data seen yet: the direction to the source is unknown
    }
    int base = g * ports;
    int n = t.grp[G * g + G_ENTRIES];
    int min = Integer.MAX_VALUE;
    int minPort = -1;
    for (int k = 0; k < n; k++) {
      int i = base + k;
      if (t.entryPort[i] != outPort && t.ackPsn[i] < min) {
        min = t.ackPsn[i];
        minPort = t.entryPort[i];
      }
    }
    if (minPort < 0) {
      return;
    }
    t.grp[G * g + G_MIN_PORT] = minPort;
    if (min > t.grp[G * g + G_LAST_ACK]) {
      t.grp[G * g + G_LAST_ACK] = min;
      acksOut++;
      out.ack(g, outPort, min);
    }
    boolean nack = false;
    int held = MulticastForwardingTable.NO_NACK;
    // the table counts the pending bits per group: without any, the scan finds nothing
    for (int k = 0; k < n && t.grp[G * g + G_PENDING] > 0; k++) {
      int i = base + k;
      if (t.nackPending[i] && t.entryPort[i] != outPort) {
        if (t.ackPsn[i] == min) {
          t.nackPending[i] = false;
          t.grp[G * g + G_PENDING]--;
          nack = true;
        } else {
          held = Math.min(held, t.ackPsn[i] + 1);
        }
      }
    }
    t.grp[G * g + G_NACK_EPSN] = held;
    if (nack) {
      nacksOut++;
      out.nack(g, outPort, min + 1);
    }
  }

  public long acksIn() {
    return acksIn;
  }

  public long nacksIn() {
    return nacksIn;
  }

  public long acksOut() {
    return acksOut;
  }

  public long nacksOut() {
    return nacksOut;
  }

  /** Feedback ignored as stale or from the source side. */
  public long ignored() {
    return ignored;
  }
}
