package org.fabriclab.gleam;

import java.util.List;

/**
 * The outcome of one group's envelope registration (seed 002, Appendix A).
 *
 * @param groupIp the group
 * @param timePs from the master's first envelope bit to the last member confirmation at the master
 * @param envelopes every envelope packet sent, in sending order
 * @param envelopeWireBytes their total wire bytes
 * @param confirmations members that confirmed (every member but the master)
 * @param treeSwitches switches that built a table for the group, ascending
 */
public record Registration(
    int groupIp, long timePs, List<EnvelopeSend> envelopes, long envelopeWireBytes, int confirmations, int[] treeSwitches) {
  public Registration {
    envelopes = List.copyOf(envelopes);
    treeSwitches = treeSwitches.clone();
  }

  @Override
  public int[] treeSwitches() {
    return treeSwitches.clone();
  }
}
