package org.fabriclab.gleam.baseline;

import org.fabriclab.sim.collective.CollectiveSchedule;

/**
 * Storage data replication of one IO (seed 002, §5.2.2, Fig. 12/13): the client (rank 0) writes
 * {@code ioBytes} to {@code replicas} servers (ranks 1..replicas). Three-unicast replication sends
 * one copy per server over separate RC connections; one-copy writing (the ideal baseline) writes
 * one server only; Gleam sends one copy to the group, preceded by its per-request MR-update
 * message ({@code mrUpdateBytes}, see {@code WriteMrUpdate}; 0 to leave it out). O(replicas).
 */
public final class StorageReplication {
  private StorageReplication() {}

  public static CollectiveSchedule unicasts(int replicas, long ioBytes) {
    check(replicas, ioBytes);
    CollectiveSchedule b = new CollectiveSchedule(replicas + 1).named(replicas + "-unicasts");
    for (int s = 1; s <= replicas; s++) {
      b.transfer(0, s, ioBytes);
    }
    return b;
  }

  public static CollectiveSchedule oneCopy(long ioBytes) {
    check(1, ioBytes);
    CollectiveSchedule b = new CollectiveSchedule(2).named("one-copy");
    b.transfer(0, 1, ioBytes);
    return b;
  }

  public static CollectiveSchedule gleam(int replicas, long ioBytes, long mrUpdateBytes) {
    check(replicas, ioBytes);
    CollectiveSchedule b = new CollectiveSchedule(replicas + 1).named("gleam");
    int[] servers = new int[replicas];
    for (int s = 1; s <= replicas; s++) {
      servers[s - 1] = s;
    }
    if (mrUpdateBytes > 0) {
      int u = b.multicast(0, servers, mrUpdateBytes);
      b.multicast(0, servers, ioBytes, u);
    } else {
      b.multicast(0, servers, ioBytes);
    }
    return b;
  }

  private static void check(int replicas, long ioBytes) {
    if (replicas < 1 || ioBytes <= 0) {
      throw new IllegalArgumentException("replicas >= 1 and ioBytes > 0");
    }
  }
}
