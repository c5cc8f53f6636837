package org.fabriclab.gleam;

import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.flow.FlowLevelSimulation;
import org.fabriclab.sim.flow.FluidTransfers;
import org.fabriclab.sim.net.EcmpTable;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.units.Time;

/**
 * An {@link HplWorkload} on the flow-level (fluid) engine ({@link FluidTransfers}): a unicast on
 * its hashed ECMP path — the packet engine's own choice for the QP, {@link
 * FlowLevelSimulation#path} with the QPN as flow id — and a Gleam multicast on its registered tree
 * ({@link HplTrees}), every tree link once, at the max-min fair rate of its bottleneck.
 *
 * <p>Model, chosen to match what the packet engine does without loss: a transfer's wire bytes are
 * its payload plus 64 B of RoCE headers per 1024 B packet ({@link RcConfig#defaults()}); it
 * completes {@code h·delay + (h − 1)·(one packet's serialisation)} after its fluid drain, {@code h}
 * the links from the source to its farthest receiver (the last packet's store-and-forward); its
 * dependents start then (the packet run starts them at the receiver's completion). Not modelled:
 * ACK traffic on reverse links (it shares no data link direction here), DCQCN, loss, queueing
 * delay. Cost: {@link FluidTransfers} per event O(active) + one batched refill.
 */
public final class HplFlowRun {
  /** Rate-update window as a fraction of the shortest transfer's line-rate time (see {@link #quantumPs}). */
  public static final double QUANTUM_FRACTION = Double.parseDouble(System.getProperty("fabriclab.hplQuantum", "0.02"));

  private HplFlowRun() {}

  /**
   * The {@link FluidTransfers} quantum: {@link #QUANTUM_FRACTION} (2 %) of the shortest transfer's
   * payload time at the line rate (paper size 128×128: the roll's 475 KB shares, 19 µs → 380 ns).
   * Each transfer's start or bandwidth release moves by less than that per dependency step; the
   * exact engine (quantum 0) needs ~4 M refills of a 16 k-flow component at 128×128.
   */
  static long quantumPs(HplWorkload w, long bps) {
    long min = Long.MAX_VALUE;
    for (int t = 0; t < w.size(); t++) {
      if (!w.barrier(t)) {
        min = Math.min(min, w.bytes(t));
      }
    }
    return (long) (QUANTUM_FRACTION * org.fabriclab.units.Time.serialization(min, bps));
  }

  public static HplResult run(Topology topo, HplWorkload w, long seed) {
    return run(topo, w, seed, w.gleam() ? "gleam" : "ring-long");
  }

  /** As {@link #run(Topology, HplWorkload, long)}, the result labelled {@code method}. */
  public static HplResult run(Topology topo, HplWorkload w, long seed, String method) {
    long t0 = System.nanoTime();
    RcConfig rc = RcConfig.defaults();
    FluidTransfers ft = new FluidTransfers(topo);
    HplTrees trees = w.gleam() ? HplTrees.register(topo, w) : null;
    EcmpTable ecmp = w.gleam() ? null : new EcmpTable(topo);
    long pkt = rc.payloadBytes() + rc.headerBytes();
    long srcPackets = 0;
    for (int t = 0; t < w.size(); t++) {
      if (w.barrier(t)) {
        ft.add(new int[0], 0, 0, 0);
        continue;
      }
      int[] links;
      int hops;
      if (trees != null) {
        links = trees.links[t];
        hops = trees.depth[t];
      } else {
        links = FlowLevelSimulation.path(topo, ecmp, t, topo.server(w.src(t)), topo.server(w.dsts(t)[0]), seed);
        hops = links.length;
      }
      long packets = (w.bytes(t) + rc.payloadBytes() - 1) / rc.payloadBytes();
      long wire = w.bytes(t) + packets * rc.headerBytes();
      srcPackets += packets;
      long extra = hops * topo.delayPs(links[0])
          + (hops - 1) * Time.serialization(pkt, topo.capacityBps(links[0]));
      ft.add(links, wire, 0, extra);
    }
    for (int t = 0; t < w.size(); t++) {
      var d = w.deps(t);
      for (int k = 0; k < d.size(); k++) {
        ft.after(t, d.getInt(k));
      }
    }
    FluidTransfers.Result r = ft.run(Progress.NONE, quantumPs(w, topo.capacityBps(0)));
    long pbEnd = 0;
    for (int t = 0; t < w.size(); t++) {
      if (w.phase(t) == 0) {
        pbEnd = Math.max(pbEnd, r.completionPs()[t]);
      }
    }
    return new HplResult(method, "flow", w.scale(), w.messageBytes(),
        r.makespanPs(), pbEnd, w.size(), srcPackets, w.sourceBytes(), w.deliveredBytes(), 0, r.events(),
        (System.nanoTime() - t0) / 1e9);
  }
}
