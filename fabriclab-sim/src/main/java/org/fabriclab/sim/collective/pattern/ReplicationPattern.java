package org.fabriclab.sim.collective.pattern;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.collective.CollectiveOp;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.collective.CollectiveScheme;
import org.fabriclab.sim.collective.CollectiveSpec;

/**
 * Storage data replication (Gleam paper, seed 002 §5.2.2, Fig. 12/13): a client (rank 0) writes
 * one IO of {@code S} to {@code R} storage servers (ranks 1..R), as a broadcast of the chosen
 * scheme: {@code flat} is the paper's three-unicast replication ({@code R·S} on the client's
 * uplink), {@code ipmulticast} and {@code gleam} send one copy ({@code S}), {@code chain} is
 * chain replication. Decisions: one IO (closed loop of one); no per-request control message (the
 * Gleam MR update of §3.4 belongs to the Gleam model). O(R + the scheme's nodes).
 */
public final class ReplicationPattern implements Pattern {
  private final int replicas;

  /** {@code replicas} ≥ 1 servers. */
  public ReplicationPattern(int replicas) {
    InvalidParameterException.requireRange("replicas", replicas, 1, 1 << 20);
    this.replicas = replicas;
  }

  @Override
  public CollectiveOp op() {
    return CollectiveOp.REPLICATE;
  }

  @Override
  public CollectiveOp partOp() {
    return CollectiveOp.BROADCAST;
  }

  @Override
  public int ranks() {
    return replicas + 1;
  }

  @Override
  public CollectiveSpec partSpec(CollectiveSpec spec) {
    return Pattern.part(spec, CollectiveOp.BROADCAST, replicas + 1, spec.sizeBytes());
  }

  @Override
  public CollectiveSchedule compose(CollectiveScheme scheme, CollectiveSpec spec) {
    CollectiveSchedule s = new CollectiveSchedule(replicas + 1).named("replicate " + scheme.name());
    s.beginPhase("write");
    int[] identity = new int[replicas + 1];
    java.util.Arrays.setAll(identity, i -> i);
    s.append(scheme.build(partSpec(spec)), identity);
    return s;
  }
}
