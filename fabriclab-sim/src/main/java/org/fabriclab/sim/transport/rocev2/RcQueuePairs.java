package org.fabriclab.sim.transport.rocev2;

import java.util.Arrays;
import org.fabriclab.error.InvalidParameterException;

/**
 * The reliable-connection (RC) logic of RoCEv2 queue pairs, on primitive arrays indexed by QP:
 * packet sequence numbers (PSN), cumulative ACKs coalesced every {@code ackEvery} packets,
 * go-back-N: a receiver accepts only the expected PSN, answers the first out-of-order packet with
 * one NACK naming the expected PSN (further ones are dropped silently until the gap fills), and the
 * sender restarts from the NACKed PSN. Pure state: the transport moves packets. Gleam's multicast
 * extends exactly these transitions (ACK aggregation, NACK filtering). O(1) per call.
 *
 * <p>Layout: one interleaved record of {@link #STRIDE} ints per QP in a single array, so the PSN
 * fields one packet reads or writes share a cache line (with ~2 M QPs, one array per field cost
 * a miss per field). Slots 0..7 hold this class's state; slots {@link #OWNER} ..
 * {@code STRIDE - 1} belong to the owning transport ({@link Rocev2Transport} keeps its per-QP ints
 * there, next to the PSNs they are read with). Initially 0.
 */
public final class RcQueuePairs {
  /** Receiver verdicts for a data packet. */
  public static final int ACCEPT = 0;
  public static final int ACCEPT_AND_ACK = 1;
  public static final int NACK = 2;
  public static final int DROP = 3;
  public static final int DUPLICATE_ACK = 4;

  /** Ints per QP record. */
  static final int STRIDE = 16;
  /** First record slot owned by the transport. */
  static final int OWNER = 8;
  private static final int SND_NXT = 0;
  private static final int LENGTH = 1;
  private static final int SND_UNA = 2;
  private static final int MAX_SENT = 3;
  private static final int E_PSN = 4;
  private static final int SINCE_ACK = 5;
  private static final int NACK_OUT = 6;

  /** The records: QP {@code q}'s at {@code q * STRIDE}; the array is replaced when it grows. */
  int[] rec;
  private final int ackEvery;
  private int count;

  /** @param packets each QP's message length in packets */
  public RcQueuePairs(int[] packets, int ackEvery) {
    int n = packets.length;
    rec = new int[Math.max(16, n) * STRIDE];
    for (int q = 0; q < n; q++) {
      rec[q * STRIDE + LENGTH] = packets[q];
    }
    this.ackEvery = ackEvery;
    count = n;
  }

  /** Queue pairs in the table. */
  public int size() {
    return count;
  }

  /** Makes room for {@code more} queue pairs beyond the current ones, so adding them never grows the table. */
  public void reserve(int more) {
    long need = ((long) count + more) * STRIDE;
    if (need > rec.length && need <= Integer.MAX_VALUE - 8) {
      rec = Arrays.copyOf(rec, (int) need);
    }
  }

  /** Adds a queue pair with an empty message (length 0); returns its number. Amortised O(1). */
  public int add() {
    if ((long) (count + 1) * STRIDE > rec.length) {
      long c = Math.min((long) count * 2 * STRIDE, Integer.MAX_VALUE - 8);
      if (c < (long) (count + 1) * STRIDE) {
        throw new InvalidParameterException("queue pairs", count + 1L,
            "valid range 0.." + (Integer.MAX_VALUE - 8) / STRIDE);
      }
      rec = Arrays.copyOf(rec, (int) (c / STRIDE * STRIDE));
    }
    return count++;
  }

  /** Packets a queue pair carries in all: its PSNs, unwrapped, stay below 2^30. */
  public static final int MAX_STREAM_PACKETS = Integer.MAX_VALUE / 2;

  /** A new work request appends {@code packets} PSNs to queue pair {@code q}'s stream. */
  public void extend(int q, int packets) {
    int i = q * STRIDE + LENGTH;
    if (packets < 0 || (long) rec[i] + packets > MAX_STREAM_PACKETS) {
      throw new InvalidParameterException("packets", packets,
          "a queue pair carries at most " + MAX_STREAM_PACKETS + " packets in all");
    }
    rec[i] += packets;
  }

  public int length(int q) {
    return rec[q * STRIDE + LENGTH];
  }

  /** Next PSN the sender would transmit, or -1 when everything up to the end is sent. */
  public int nextPsn(int q) {
    int b = q * STRIDE;
    int nxt = rec[b + SND_NXT];
    return nxt < rec[b + LENGTH] ? nxt : -1;
  }

  /** The sender transmits {@link #nextPsn}; returns true when it is a retransmission. */
  public boolean sent(int q) {
    int b = q * STRIDE;
    int psn = rec[b + SND_NXT]++;
    if (psn < rec[b + MAX_SENT]) {
      return true;
    }
    rec[b + MAX_SENT] = psn + 1;
    return false;
  }

  public int sndUna(int q) {
    return rec[q * STRIDE + SND_UNA];
  }

  /** Cumulative ACK: every PSN below {@code psn} arrived. */
  public void onAck(int q, int psn) {
    int b = q * STRIDE;
    if (psn > rec[b + SND_UNA]) {
      rec[b + SND_UNA] = psn;
      if (rec[b + SND_NXT] < psn) {
        rec[b + SND_NXT] = psn;
      }
    }
  }

  /** NACK naming the receiver's expected PSN: acknowledges below it and goes back to it. */
  public void onNack(int q, int psn) {
    onAck(q, psn);
    int b = q * STRIDE;
    rec[b + SND_NXT] = Math.max(rec[b + SND_UNA], psn);
  }

  /** Go-back-0: the sender resumes at {@code psn}, even below its first unacknowledged PSN. */
  public void goBackTo(int q, int psn) {
    rec[q * STRIDE + SND_NXT] = psn;
  }

  /** Go-back-0 receiver: forget what arrived of the current message; expect {@code psn} again. */
  public void rewindReceiver(int q, int psn) {
    int b = q * STRIDE;
    rec[b + E_PSN] = psn;
    rec[b + SINCE_ACK] = 0;
  }

  /** Timeout: go back to the first unacknowledged PSN. */
  public void onTimeout(int q) {
    int b = q * STRIDE;
    rec[b + SND_NXT] = rec[b + SND_UNA];
  }

  /** All packets acknowledged. */
  public boolean senderDone(int q) {
    int b = q * STRIDE;
    return rec[b + SND_UNA] >= rec[b + LENGTH];
  }

  /** Receiver side: restarts the coalescing count (an ACK was sent for another reason). */
  public void resetAckCount(int q) {
    rec[q * STRIDE + SINCE_ACK] = 0;
  }

  /** The receiver's expected PSN (= packets received in order). */
  public int expected(int q) {
    return rec[q * STRIDE + E_PSN];
  }

  /** Receiver side: the verdict for data packet {@code psn}. */
  public int onData(int q, int psn) {
    int[] r = rec;
    int b = q * STRIDE;
    int e = r[b + E_PSN];
    if (psn == e) {
      r[b + E_PSN] = e + 1;
      r[b + NACK_OUT] = 0;
      if (++r[b + SINCE_ACK] >= ackEvery || e + 1 == r[b + LENGTH]) {
        r[b + SINCE_ACK] = 0;
        return ACCEPT_AND_ACK;
      }
      return ACCEPT;
    }
    if (psn < e) {
      return DUPLICATE_ACK;
    }
    if (r[b + NACK_OUT] != 0) {
      return DROP;
    }
    r[b + NACK_OUT] = 1;
    return NACK;
  }
}
