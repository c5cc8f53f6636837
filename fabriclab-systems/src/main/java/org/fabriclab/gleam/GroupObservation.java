package org.fabriclab.gleam;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.PacketKinds;
import org.fabriclab.sim.packet.Packets;
import org.fabriclab.sim.transport.rocev2.RcQueuePairs;
import org.fabriclab.sim.transport.rocev2.Rocev2Kinds;

/**
 * What the members of a {@link PacketGroup} receive: the DATA, CNP receivers of the kind registry
 * are wrapped (then the transport's own is called): per member the in-order payload bytes and PSNs
 * it accepted, and CNPs per host. Cost: O(1) per packet beyond the engine's.
 */
final class GroupObservation {
  private final RcQueuePairs qps;
  private final int members;
  private final int[] memberOfRx;
  private final long[] acceptedBytes;
  private final long[] acceptedPackets;
  private final int[] firstPsn;
  private final int[] lastPsn;
  private final long[] outOfOrder;
  private final long[] cnpsAtHost;
  private IntArrayList[] psnLog;

  /**
   * Wraps the receivers of the transport's DATA and CNP kinds ({@code kinds}) in {@code net}'s kind
   * registry.
   *
   * @param rx every group's receive QPs by member ({@code rx[j][m]})
   */
  GroupObservation(Network net, RcQueuePairs qps, Rocev2Kinds kinds, int[][] rx, int members) {
    this.qps = qps;
    this.members = members;
    memberOfRx = new int[qps.size()];
    java.util.Arrays.fill(memberOfRx, -1);
    for (int[] group : rx) {
      for (int i = 0; i < members; i++) {
        memberOfRx[group[i]] = i;
      }
    }
    acceptedBytes = new long[members];
    acceptedPackets = new long[members];
    firstPsn = new int[members];
    lastPsn = new int[members];
    java.util.Arrays.fill(firstPsn, -1);
    java.util.Arrays.fill(lastPsn, -1);
    outOfOrder = new long[members];
    cnpsAtHost = new long[net.topology().nodeCount()];
    observe(net, kinds.data(), kinds.cnp());
  }

  private void observe(Network net, int kindData, int kindCnp) {
    Packets pk = net.packets();
    PacketKinds kinds = net.kinds();
    PacketKinds.KindReceiver data = kinds.receiver(kindData);
    kinds.setReceiver(kindData, (p, node) -> {
      int q = pk.flow(p);
      int m = q < memberOfRx.length ? memberOfRx[q] : -1;
      int psn = pk.seq(p);
      int payload = pk.payload(p);
      int before = m >= 0 ? qps.expected(q) : 0;
      data.deliver(p, node);
      if (m >= 0 && qps.expected(q) == before + 1) {
        if (lastPsn[m] >= 0 && psn != lastPsn[m] + 1) {
          outOfOrder[m]++;
        }
        if (firstPsn[m] < 0) {
          firstPsn[m] = psn;
        }
        lastPsn[m] = psn;
        if (psnLog != null) {
          psnLog[m].add(psn);
        }
        acceptedPackets[m]++;
        acceptedBytes[m] += payload;
      }
    });
    PacketKinds.KindReceiver cnp = kinds.receiver(kindCnp);
    kinds.setReceiver(kindCnp, (p, node) -> {
      cnpsAtHost[node]++;
      cnp.deliver(p, node);
    });
  }

  /** See {@link PacketGroup#recordPsns}. */
  void recordPsns() {
    psnLog = new IntArrayList[members];
    for (int m = 0; m < members; m++) {
      psnLog[m] = new IntArrayList();
    }
  }

  int[] acceptedPsns(int m) {
    return psnLog[m].toIntArray();
  }

  long acceptedBytes(int m) {
    return acceptedBytes[m];
  }

  long acceptedPackets(int m) {
    return acceptedPackets[m];
  }

  int firstPsn(int m) {
    return firstPsn[m];
  }

  int lastPsn(int m) {
    return lastPsn[m];
  }

  long outOfOrder(int m) {
    return outOfOrder[m];
  }

  long cnpsAtHost(int node) {
    return cnpsAtHost[node];
  }
}
