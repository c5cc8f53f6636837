package org.fabriclab.gleam;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.assembly.Fabric;
import org.fabriclab.sim.assembly.FabricDescription;
import org.fabriclab.sim.assembly.TransportBinding;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.probe.RunProgress;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.Rocev2Transport;
import org.fabriclab.units.Time;

/**
 * An {@link HplWorkload} at packet level: the engine's RoCEv2 RC (go-back-N, an ACK per 4 packets,
 * 1024 B payload + 64 B headers) at every host, ECMP per flow, 16 MiB port buffers, no ECN marking.
 * Ring-long: one RC QP per transfer (QPN = transfer index, so its ECMP path is the flow-level
 * one), a transfer posted the moment its last dependency's receiver holds every byte. Gleam: every
 * multicast a group with its tables from {@link HplTrees} (one {@link GleamSwitchElement} per switch
 * carrying all groups, Alg. 1-3 per packet), receiver QPs created as in {@link PacketBcast} (the
 * same engine workaround); a group is done when every receiver has every packet in order.
 * Optional uniform loss on every switch port ({@link NetworkConfig#withLoss}), or loss on arrival at
 * given switches ({@link ArrivalLoss}).
 *
 * <p>Cost: O(packets × hops) events for unicast, O(packets × tree links) for Gleam; nothing is
 * allocated per packet beyond the engine's pool.
 */
public final class HplPacketRun {
  /** Simulated-time cap. */
  public static final long TIME_CAP_PS = Time.ms(60_000);

  private HplPacketRun() {}

  public static HplResult run(Topology topo, HplWorkload w, double loss, long seed) {
    return run(topo, w, loss, seed, null);
  }

  /**
   * As {@link #run(Topology, HplWorkload, double, long)}; with {@code lossyNodes} not null the loss
   * is instead per packet <em>arriving</em> at those switches ({@link ArrivalLoss}, Fig. 15/16's
   * "discarding packets in the middle switches"), every other switch lossless.
   */
  public static HplResult run(Topology topo, HplWorkload w, double loss, long seed, int[] lossyNodes) {
    return run(topo, w, loss, seed, lossyNodes, Progress.NONE);
  }

  /**
   * As {@link #run(Topology, HplWorkload, double, long, int[])}, reporting the sources' data packets
   * (first transmissions and retransmissions, of the first transmissions' total) to {@code progress}.
   */
  public static HplResult run(Topology topo, HplWorkload w, double loss, long seed, int[] lossyNodes,
      Progress progress) {
    long t0 = System.nanoTime();
    NetworkConfig nc = new NetworkConfig(16L << 20, Long.MAX_VALUE, NetworkConfig.Routing.ECMP_PER_FLOW, seed);
    if (loss > 0 && lossyNodes == null) {
      nc = nc.withLoss(loss);
    }
    RcConfig rc = RcConfig.defaults();
    TransportBinding<Rocev2Transport> roce = TransportBinding.of("rocev2", (n, nic) -> new Rocev2Transport(n, rc, nic));
    Fabric fabric = FabricDescription.on(topo).config(nc).packetCapacity(1 << 14).transport(roce).build().assemble();
    Simulator sim = fabric.simulator();
    Network net = fabric.network();
    Rocev2Transport tr = fabric.transport(roce);
    int n = w.size();
    int[] sendQp = new int[n];
    long[] doneAt = new long[n];
    Arrays.fill(doneAt, -1);
    int[] wait = new int[n];
    List<IntArrayList> dependents = new ArrayList<>(n);
    for (int t = 0; t < n; t++) {
      dependents.add(new IntArrayList(2));
    }
    for (int t = 0; t < n; t++) {
      var d = w.deps(t);
      wait[t] = d.size();
      for (int k = 0; k < d.size(); k++) {
        dependents.get(d.getInt(k)).add(t);
      }
    }
    long[] finished = {0};
    int[] doneCount = {0};
    // transfer completion: start the dependents whose last dependency it was
    java.util.function.IntConsumer[] self = new java.util.function.IntConsumer[1];
    java.util.function.IntConsumer complete = t -> {
      doneAt[t] = sim.now();
      finished[0] = Math.max(finished[0], sim.now());
      doneCount[0]++;
      IntArrayList d = dependents.get(t);
      for (int k = 0; k < d.size(); k++) {
        int later = d.getInt(k);
        if (--wait[later] == 0) {
          if (w.barrier(later)) {
            self[0].accept(later); // no bytes: done at once
          } else {
            tr.postSend(sendQp[later], w.bytes(later), later);
          }
        }
      }
    };
    self[0] = complete;
    if (!w.gleam()) {
      for (int t = 0; t < n; t++) {
        if (w.barrier(t)) {
          sendQp[t] = -1;
          tr.createQp(topo.server(0), topo.server(1)); // keeps QPN = transfer index; never used
          continue;
        }
        int q = tr.createQp(topo.server(w.src(t)), topo.server(w.dsts(t)[0]));
        if (q != t) {
          throw new IllegalStateException("QPN " + q + " for transfer " + t);
        }
        sendQp[t] = q;
      }
      tr.setCompletions((qpn, wrId, now) -> complete.accept((int) wrId));
    } else {
      setUpGleam(topo, w, fabric, roce, sendQp, complete);
    }
    if (lossyNodes != null && loss > 0) {
      for (int m : lossyNodes) {
        net.setElement(m, new ArrivalLoss(net.element(m), loss, seed, m));
      }
    }
    for (int t = 0; t < n; t++) {
      if (wait[t] == 0 && !w.barrier(t)) {
        tr.postSend(sendQp[t], w.bytes(t), t);
      }
    }
    long packets = 0;
    for (int t = 0; t < n; t++) {
      packets += (w.bytes(t) + rc.payloadBytes() - 1) / rc.payloadBytes() * (w.gleam() ? 3 * w.dsts(t).length : 6);
    }
    long budget = 10_000_000L + 4 * packets;
    long sourcePackets = 0;
    for (int t = 0; t < n; t++) {
      sourcePackets += (w.bytes(t) + rc.payloadBytes() - 1) / rc.payloadBytes();
    }
    long total = sourcePackets;
    progress.begin("HPL " + w.scale() + "x" + w.scale() + " packets sent", total);
    RunProgress.run(sim, TIME_CAP_PS, budget, progress, () -> Math.min(total, tr.dataPackets()));
    progress.end();
    if (doneCount[0] < n) {
      throw new InvalidParameterException("--loss", loss, "the HPL run did not finish within "
          + TIME_CAP_PS / Time.PS_PER_MS + " ms of simulated time or " + budget
          + " events: use a lower loss rate");
    }
    long pbEnd = 0;
    for (int t = 0; t < n; t++) {
      if (w.phase(t) == 0) {
        pbEnd = Math.max(pbEnd, doneAt[t]);
      }
    }
    return new HplResult(w.gleam() ? "gleam" : "ring-long", "packet", w.scale(), w.messageBytes(),
        finished[0], pbEnd, n, tr.dataPackets(), w.sourceBytes(), w.deliveredBytes(), tr.dataPackets() - sourcePackets,
        sim.events(), (System.nanoTime() - t0) / 1e9);
  }

  private static void setUpGleam(Topology topo, HplWorkload w, Fabric fabric, TransportBinding<Rocev2Transport> roce,
      int[] sendQp, java.util.function.IntConsumer complete) {
    Rocev2Transport tr = fabric.transport(roce);
    HplTrees trees = HplTrees.register(topo, w);
    int n = w.size();
    int[] receiversLeft = new int[n];
    for (int t = 0; t < n; t++) {
      if (w.barrier(t)) {
        sendQp[t] = -1;
        continue;
      }
      int src = topo.server(w.src(t));
      int[] d = w.dsts(t);
      int sq = tr.createQp(src, topo.server(d[0]));
      check(sq, trees.qpBase[t]);
      sendQp[t] = sq;
      for (int k = 0; k < d.length; k++) {
        // receive-only: its peer is the GroupIP; feedback goes towards the source's Gleam switch
        int q = tr.createReceiveQp(topo.server(d[k]), src);
        check(q, trees.qpBase[t] + 1 + k);
        tr.postReceive(q, w.bytes(t), t);
      }
      receiversLeft[t] = d.length;
    }
    List<GleamSwitchElement> elements = new ArrayList<>();
    fabric.bind(GleamSwitchBinding.of(trees.registration::table, roce, Time.us(50), new QpGroupIndex(), elements));
    for (int t = 0; t < n; t++) {
      if (w.barrier(t)) {
        continue;
      }
      int groupIp = GleamAddresses.groupIp(t);
      int src = topo.server(w.src(t));
      int members = w.dsts(t).length;
      for (GleamSwitchElement el : elements) {
        if (trees.registration.table(el.node()).slot(groupIp) >= 0) {
          el.bindQp(trees.qpBase[t], groupIp, true, src);
          for (int k = 0; k < members; k++) {
            el.bindQp(trees.qpBase[t] + 1 + k, groupIp, false, src);
          }
        }
      }
    }
    // a transfer completes when its last receiver holds the whole message
    tr.setCompletions((qpn, wrId, now) -> {
      if (tr.isReceiveOnly(qpn) && --receiversLeft[(int) wrId] == 0) {
        complete.accept((int) wrId);
      }
    });
  }

  private static void check(int got, int want) {
    if (got != want) {
      throw new IllegalStateException("QPN " + got + ", expected " + want);
    }
  }

}
