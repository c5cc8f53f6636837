package org.fabriclab.shufflecast;

import org.fabriclab.progress.Progress;
import org.fabriclab.sim.collective.CollectiveSchedule;
import org.fabriclab.sim.flow.FluidTransfers;

/**
 * Reading time of one 1:N broadcast on the §V testbed (seed 000_9b2589b0d55d7b52.txt §V, §VI-C)
 * on the flow-level engine ({@link FluidTransfers}), for transfers too large for the packet
 * engine in the reproduction's time budget (Fig. 8(b)'s TPC-H tables of up to 6.2 GB).
 *
 * <p>Resources (each 10 Gb/s, the testbed's links): every server's uplink and downlink; on the
 * comparison network the core is non-blocking and each ToR's uplink carries its servers' rate, so
 * no other link can bind; on Shufflecast each relay's splitter transmitter. Bytes on the wire are
 * the payload × 1500/1460 (the packet runs' framing), so fluid and packet times compare.
 * <ul>
 *   <li>Shufflecast: one multicast transfer over the source's uplink, the splitter transmitters
 *       of its relay set (Algorithm 1) and the members' downlinks, started after the controller's
 *       0.6 ms rule update (§VI-B(a));
 *   <li>HTTP: one unicast transfer from the source to each member, all at once (they share the
 *       source's uplink);
 *   <li>Cornet / MPI_Bcast: the transfers of the same {@link CollectiveSchedule} the packet engine
 *       runs, each on its sender's uplink and receiver's downlink; a step (Cornet's locate cost)
 *       is a barrier of its duration.
 * </ul>
 * What the fluid model leaves out and the packet runs have: TCP slow start and ACK clocking,
 * queueing, the ≈ µs of propagation per hop. Reading time is from the request to the last member
 * holding the object. O(transfers) memory; the engine's cost is O(events × active transfers).
 */
final class FluidBroadcast {
  /** Wire bytes per payload byte. */
  static final double WIRE_PER_PAYLOAD =
      (double) ShufflecastMulticastRun.WIRE_BYTES / ShufflecastMulticastRun.PAYLOAD_BYTES;
  private static final double LINE_BYTES_PER_PS = 10e9 / 8e12;

  private FluidBroadcast() {}

  private static long wire(long payload) {
    return (long) Math.ceil(payload * WIRE_PER_PAYLOAD);
  }

  private static FluidTransfers network(int servers, int splitters) {
    double[] cap = new double[2 * servers + splitters];
    java.util.Arrays.fill(cap, LINE_BYTES_PER_PS);
    return new FluidTransfers(cap);
  }

  /** Shufflecast on the 2,2 testbed: reading time (ps) of {@code bytes} from server 0 to {@code members}. */
  static long shufflecastPs(long bytes, int[] members) {
    int servers = 16;
    int[] relays = new ShufflecastRouting(new ShufflecastTopology(2, 2)).relaySet(0);
    FluidTransfers ft = network(servers, 8);
    int[] links = new int[1 + relays.length + members.length];
    links[0] = 0;
    for (int i = 0; i < relays.length; i++) {
      links[1 + i] = 2 * servers + relays[i];
    }
    for (int j = 0; j < members.length; j++) {
      links[1 + relays.length + j] = servers + members[j];
    }
    ft.add(links, wire(bytes), SplitterFabric.ruleUpdatePs(), 0);
    return ft.run(Progress.NONE).makespanPs();
  }

  /** HTTP (repeated unicast) from server 0: reading time, ps. */
  static long httpPs(long bytes, int[] members) {
    int servers = 16;
    FluidTransfers ft = network(servers, 0);
    for (int m : members) {
      ft.add(new int[] {0, servers + m}, wire(bytes), 0, 0);
    }
    return ft.run(Progress.NONE).makespanPs();
  }

  /**
   * A schedule's reading time, ps: rank r is server {@code host[r]} (rank 0 the source); its
   * transfers and steps only.
   */
  static long planPs(CollectiveSchedule plan, int[] host) {
    int servers = 16;
    FluidTransfers ft = network(servers, 0);
    int[] id = new int[plan.size()];
    for (int t = 0; t < plan.size(); t++) {
      if (plan.kind(t) == CollectiveSchedule.Kind.STEP) {
        id[t] = ft.add(new int[0], 0, 0, plan.durationPs(t));
      } else if (plan.kind(t) == CollectiveSchedule.Kind.TRANSFER) {
        int[] links = {host[plan.rank(t)], servers + host[plan.receiver(t)]};
        id[t] = ft.add(links, wire(plan.bytes(t)), 0, 0);
      } else {
        throw new IllegalArgumentException("a fluid plan of unicasts has no " + plan.kind(t));
      }
      for (int i = 0; i < plan.dependencyCount(t); i++) {
        ft.after(id[t], id[plan.dependency(t, i)]);
      }
    }
    return ft.run(Progress.NONE).makespanPs();
  }
}
