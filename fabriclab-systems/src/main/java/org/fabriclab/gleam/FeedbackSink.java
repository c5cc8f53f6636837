package org.fabriclab.gleam;

/**
 * Receives the feedback a Gleam switch generates towards the source (Alg. 3): aggregated ACKs and
 * filtered NACKs, both sent through the group's {@code ack_out_port}. When that port's entry is
 * connected (the source is attached to this switch), the engine adapter rewrites the packet's
 * destination IP/QPN to the source's QP, taken from that entry (§3.2: "L1 changes the
 * connection-related states in the ACK header to match the S's QP").
 */
public interface FeedbackSink {
  /** An aggregated ACK acknowledging every PSN up to {@code psn}. */
  void ack(int group, int outPort, int psn);

  /** A NACK asking for retransmission from {@code expectedPsn} (go-back-N). */
  void nack(int group, int outPort, int expectedPsn);
}
