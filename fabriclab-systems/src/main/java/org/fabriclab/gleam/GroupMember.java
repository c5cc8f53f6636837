package org.fabriclab.gleam;

/**
 * A multicast member's connection state as the master collects it (seed 002, Appendix A): its host
 * (topology node; its IP is {@link GleamAddresses#hostIp(int)}) and the QPN of the RC QP it created
 * for the group with the GroupIP as virtual destination (§3.3 "Establishing QPs").
 */
public record GroupMember(int host, int qpn) {
  public int ip() {
    return GleamAddresses.hostIp(host);
  }
}
