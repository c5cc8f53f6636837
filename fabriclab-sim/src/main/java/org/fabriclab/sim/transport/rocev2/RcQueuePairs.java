package org.fabriclab.sim.transport.rocev2;

/**
 * The reliable-connection (RC) logic of RoCEv2 queue pairs, on primitive arrays indexed by QP:
 * packet sequence numbers (PSN), cumulative ACKs coalesced every {@code ackEvery} packets,
 * go-back-N: a receiver accepts only the expected PSN, answers the first out-of-order packet with
 * one NACK naming the expected PSN (further ones are dropped silently until the gap fills), and the
 * sender restarts from the NACKed PSN. Pure state: the transport moves packets. Gleam's multicast
 * extends exactly these transitions (ACK aggregation, NACK filtering). O(1) per call.
 */
public final class RcQueuePairs {
  /** Receiver verdicts for a data packet. */
  public static final int ACCEPT = 0;
  public static final int ACCEPT_AND_ACK = 1;
  public static final int NACK = 2;
  public static final int DROP = 3;
  public static final int DUPLICATE_ACK = 4;

  private int[] length;
  private int[] sndNxt;
  private int[] sndUna;
  private int[] maxSent;
  private int[] ePsn;
  private int[] sinceAck;
  private boolean[] nackOutstanding;
  private final int ackEvery;
  private int count;

  /** @param packets each QP's message length in packets */
  public RcQueuePairs(int[] packets, int ackEvery) {
    int n = packets.length;
    length = packets.clone();
    sndNxt = new int[n];
    sndUna = new int[n];
    maxSent = new int[n];
    ePsn = new int[n];
    sinceAck = new int[n];
    nackOutstanding = new boolean[n];
    this.ackEvery = ackEvery;
    count = n;
  }

  /** Queue pairs in the table. */
  public int size() {
    return count;
  }

  /** Adds a queue pair with an empty message (length 0); returns its number. Amortised O(1). */
  public int add() {
    if (count == length.length) {
      int c = Math.max(16, count * 2);
      length = java.util.Arrays.copyOf(length, c);
      sndNxt = java.util.Arrays.copyOf(sndNxt, c);
      sndUna = java.util.Arrays.copyOf(sndUna, c);
      maxSent = java.util.Arrays.copyOf(maxSent, c);
      ePsn = java.util.Arrays.copyOf(ePsn, c);
      sinceAck = java.util.Arrays.copyOf(sinceAck, c);
      nackOutstanding = java.util.Arrays.copyOf(nackOutstanding, c);
    }
    return count++;
  }

  /** A new work request appends {@code packets} PSNs to queue pair {@code q}'s stream. */
  public void extend(int q, int packets) {
    if (packets < 0 || (long) length[q] + packets > Integer.MAX_VALUE / 2) {
      throw new org.fabriclab.error.InvalidParameterException("packets", packets,
          "a queue pair carries at most " + Integer.MAX_VALUE / 2 + " packets in all");
    }
    length[q] += packets;
  }

  public int length(int q) {
    return length[q];
  }

  /** Next PSN the sender would transmit, or -1 when everything up to the end is sent. */
  public int nextPsn(int q) {
    return sndNxt[q] < length[q] ? sndNxt[q] : -1;
  }

  /** The sender transmits {@link #nextPsn}; returns true when it is a retransmission. */
  public boolean sent(int q) {
    int psn = sndNxt[q]++;
    if (psn < maxSent[q]) {
      return true;
    }
    maxSent[q] = psn + 1;
    return false;
  }

  public int sndUna(int q) {
    return sndUna[q];
  }

  /** Cumulative ACK: every PSN below {@code psn} arrived. */
  public void onAck(int q, int psn) {
    if (psn > sndUna[q]) {
      sndUna[q] = psn;
      if (sndNxt[q] < psn) {
        sndNxt[q] = psn;
      }
    }
  }

  /** NACK naming the receiver's expected PSN: acknowledges below it and goes back to it. */
  public void onNack(int q, int psn) {
    onAck(q, psn);
    sndNxt[q] = Math.max(sndUna[q], psn);
  }

  /** Go-back-0: the sender resumes at {@code psn}, even below its first unacknowledged PSN. */
  public void goBackTo(int q, int psn) {
    sndNxt[q] = psn;
  }

  /** Go-back-0 receiver: forget what arrived of the current message; expect {@code psn} again. */
  public void rewindReceiver(int q, int psn) {
    ePsn[q] = psn;
    sinceAck[q] = 0;
  }

  /** Timeout: go back to the first unacknowledged PSN. */
  public void onTimeout(int q) {
    sndNxt[q] = sndUna[q];
  }

  /** All packets acknowledged. */
  public boolean senderDone(int q) {
    return sndUna[q] >= length[q];
  }

  /** Receiver side: restarts the coalescing count (an ACK was sent for another reason). */
  public void resetAckCount(int q) {
    sinceAck[q] = 0;
  }

  /** The receiver's expected PSN (= packets received in order). */
  public int expected(int q) {
    return ePsn[q];
  }

  /** Receiver side: the verdict for data packet {@code psn}. */
  public int onData(int q, int psn) {
    int e = ePsn[q];
    if (psn == e) {
      ePsn[q] = e + 1;
      nackOutstanding[q] = false;
      if (++sinceAck[q] >= ackEvery || e + 1 == length[q]) {
        sinceAck[q] = 0;
        return ACCEPT_AND_ACK;
      }
      return ACCEPT;
    }
    if (psn < e) {
      return DUPLICATE_ACK;
    }
    if (nackOutstanding[q]) {
      return DROP;
    }
    nackOutstanding[q] = true;
    return NACK;
  }
}
