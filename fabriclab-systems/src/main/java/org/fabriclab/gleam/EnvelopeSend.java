package org.fabriclab.gleam;

/**
 * One envelope packet sent during registration (seed 002, Appendix A, Fig. 17/18).
 *
 * @param node the sending node (the master host or a switch)
 * @param port its output port
 * @param departPs when its first bit leaves
 * @param seq 1-based sequence number among the envelopes this node sends on this port
 * @param total how many envelopes this node sends on this port for this input packet
 * @param memberHosts the members it carries (at most {@value EnvelopeRegistration#MAX_MEMBERS_PER_ENVELOPE})
 * @param wireBytes its size on the wire (Ethernet header and FCS included)
 */
public record EnvelopeSend(int node, int port, long departPs, int seq, int total, int[] memberHosts, int wireBytes) {
  public EnvelopeSend {
    memberHosts = memberHosts.clone();
  }

  @Override
  public int[] memberHosts() {
    return memberHosts.clone();
  }
}
