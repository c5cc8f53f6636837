package org.fabriclab.shufflecast;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.progress.Progress;
import org.fabriclab.rng.RandomStreams;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.GroupResult;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.MembershipChange;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Result;
import org.fabriclab.shufflecast.ShufflecastMulticastRun.Scenario;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.probe.ByteSeries;
import org.fabriclab.sim.probe.RunProgress;
import org.fabriclab.sim.transport.norm.NormMulticast;
import org.fabriclab.sim.transport.norm.NormReceivers;

/**
 * The {@link ShufflecastMulticastRun.Sender#NORM} run: groups carried reliably by
 * {@link NormMulticast} while members join and leave and a relay may fail (seed
 * 000_9b2589b0d55d7b52.txt §III-B: application-directed ToR-to-server rules, §III-C1: Algorithm 2,
 * §IV-C: NORM above the fabric, §VI-B(b)).
 *
 * <p>Timeline (decisions): group g is requested at its request time; the controller updates the
 * rules (0.6 ms on the Shufflecast fabric, §VI-B(a)) and the sender starts when they are in place.
 * A join or leave at time T tells the sender at T (the application joins the session) and the
 * ToR rules change at T + the update latency: a joiner receives from then on and NACKs what it
 * missed; a leaver may still receive until then and ignores it. A relay failure at T stops the
 * ToR at T (it neither receives nor relays multicast, its servers drop out of their sessions); the
 * controller learns of it at once (decision: detection time is not modelled) and installs
 * Algorithm 2's rules on every touched ToR in parallel at T + 0.6 ms; NORM repairs what was lost
 * meanwhile. The failed ToR must not host a source (its splitter is the source's only way out).
 *
 * <p>{@code lossRate}: over the members that belong to their group from start to end, the share of
 * the source's multicast transmissions (data, repairs, flushes) that did not reach them. O(events)
 * of the engine; memory O(members × segments / 8).
 */
final class NormRun {
  private final MulticastFabric fabric;
  private final Network net;
  private final Simulator sim;
  private final int[] sources;
  private final int[][] initial;
  private final long bytes;
  private final long[] requestPs;
  private final Scenario sc;
  private final double lineBps;
  private final int tors;
  private final int serversPerTor;
  private final boolean feedbackPriority;

  /** @param feedbackPriority flag NORM's feedback for the ports' strict-priority class */
  NormRun(MulticastFabric fabric, Network net, int[] sources, int[][] initial, long bytes,
      long[] requestPs, Scenario sc, double lineBps, int tors, int serversPerTor,
      boolean feedbackPriority) {
    this.feedbackPriority = feedbackPriority;
    this.fabric = fabric;
    this.net = net;
    this.sim = net.simulator();
    this.sources = sources;
    this.initial = initial;
    this.bytes = bytes;
    this.requestPs = requestPs;
    this.sc = sc;
    this.lineBps = lineBps;
    this.tors = tors;
    this.serversPerTor = serversPerTor;
  }

  Result run(Progress progress) {
    int g = sources.length;
    int servers = tors * serversPerTor;
    List<MembershipChange> changes = sc.changes();
    // every server that is ever a member, initial members first
    int[][] ever = new int[g][];
    boolean[][] atStart = new boolean[g][];
    int[][] slot = new int[g][servers];
    for (int i = 0; i < g; i++) {
      Arrays.fill(slot[i], -1);
      int[] list = Arrays.copyOf(initial[i], initial[i].length + changes.size());
      int n = initial[i].length;
      for (int j = 0; j < n; j++) {
        slot[i][list[j]] = j;
      }
      for (MembershipChange c : changes) {
        InvalidParameterException.requireRange("--join/--leave group", c.group(), 0, g - 1);
        InvalidParameterException.requireRange("--join/--leave server", c.server(), 0, servers - 1);
        if (c.atNs() * 1000 < requestPs[c.group()]) {
          throw new InvalidParameterException("--join/--leave",
              "--join/--leave at " + c.atNs() + " ns is before group " + c.group() + " is requested");
        }
        if (c.group() == i && c.server() == sources[i]) {
          throw new InvalidParameterException("--join/--leave",
              "--join/--leave names server " + c.server() + ", the source of group " + i);
        }
        if (c.group() == i && !c.join() && slot[i][c.server()] < 0) {
          throw new InvalidParameterException("--join/--leave",
              "--leave: server " + c.server() + " is not a member of group " + i);
        }
        if (c.group() == i && slot[i][c.server()] < 0) {
          slot[i][c.server()] = n;
          list[n++] = c.server();
        }
      }
      ever[i] = Arrays.copyOf(list, n);
      atStart[i] = new boolean[n];
      Arrays.fill(atStart[i], 0, initial[i].length, true);
    }
    int fail = sc.failRelay();
    if (fail >= 0) {
      InvalidParameterException.requireRange("--fail-relay", fail, 0, tors - 1);
      for (int src : sources) {
        if (src / serversPerTor == fail) {
          throw new InvalidParameterException("--fail-relay",
              "--fail-relay " + fail + ": ToR " + fail + " hosts source server " + src
                  + "; fail a ToR without a source");
        }
      }
    }
    NormMulticast norm = new NormMulticast(net, sources, ever,  atStart, bytes,
        ShufflecastMulticastRun.PAYLOAD_BYTES, ShufflecastMulticastRun.WIRE_BYTES, lineBps,
        new RandomStreams(1).stream("shufflecast.norm.pacing"), feedbackPriority);
    ByteSeries series = new ByteSeries(g, sc.seriesBinNs() * 1000);
    norm.recordInto(series);
    boolean[][] member = new boolean[g][];
    boolean[][] changed = new boolean[g][];
    long[] startPs = new long[g];
    boolean[] started = new boolean[g];
    for (int i = 0; i < g; i++) {
      member[i] = atStart[i].clone();
      changed[i] = new boolean[ever[i].length];
    }
    int install = sim.register((grp, unused) -> {
      fabric.install(grp + 1, sources[grp], current(ever[grp], member[grp]));
      if (!started[grp]) {
        started[grp] = true;
        startPs[grp] = sim.now();
        norm.start(grp);
      }
    });
    int request = sim.register((grp, unused) -> {
      long ps = fabric.update(grp + 1, sources[grp], new int[0], current(ever[grp], member[grp]));
      sim.schedule(sim.now() + ps, install, grp, 0);
    });
    int change = sim.register((idx, unused) -> {
      MembershipChange c = changes.get(idx);
      int grp = c.group();
      int j = slot[grp][c.server()];
      if (j < 0 || member[grp][j] == c.join()) {
        return; // the source itself, or nothing to change
      }
      int[] before = current(ever[grp], member[grp]);
      member[grp][j] = c.join();
      changed[grp][j] = true;
      long ps = fabric.update(grp + 1, sources[grp], before, current(ever[grp], member[grp]));
      if (c.join()) {
        norm.join(grp, j);
      } else {
        norm.leave(grp, j);
      }
      sim.schedule(sim.now() + ps, install, grp, 0);
    });
    RelayFailureRecovery.Outcome[] recovery = new RelayFailureRecovery.Outcome[1];
    int recovered = sim.register((a, b) -> ((SplitterFabric) fabric).installRules(recovery[0].rules()));
    int failure = sim.register((tor, unused) -> {
      recovery[0] = ((SplitterFabric) fabric).fail(tor);
      for (int i = 0; i < g; i++) {
        for (int j = 0; j < ever[i].length; j++) {
          if (ever[i][j] / serversPerTor == tor) {
            norm.leave(i, j);
            changed[i][j] = true;
          }
        }
      }
      sim.schedule(sim.now() + SplitterFabric.ruleUpdatePs(), recovered, 0, 0);
    });
    for (int i = 0; i < g; i++) {
      sim.schedule(requestPs[i], request, i, 0);
    }
    for (int i = 0; i < changes.size(); i++) {
      sim.schedule(changes.get(i).atNs() * 1000, change, i, 0);
    }
    if (fail >= 0) {
      sim.schedule(sc.failAtNs() * 1000, failure, fail, 0);
    }
    progress.begin("multicast (NORM), bytes delivered", ShufflecastMulticastRun.expectedBytes(ever, bytes), Progress.Unit.BYTES);
    NormReceivers rx = norm.receivers();
    RunProgress.run(sim, Long.MAX_VALUE, progress, () -> {
      long d = 0;
      for (int i = 0; i < g; i++) {
        for (int j = 0; j < ever[i].length; j++) {
          d += rx.uniqueBytes(norm.receiver(i, j));
        }
      }
      return d;
    });
    progress.end();
    return result(norm, series, ever, changed, startPs, recovery[0]);
  }

  private static int[] current(int[] ever, boolean[] member) {
    int n = 0;
    int[] out = new int[ever.length];
    for (int j = 0; j < ever.length; j++) {
      if (member[j]) {
        out[n++] = ever[j];
      }
    }
    return Arrays.copyOf(out, n);
  }

  private Result result(NormMulticast norm, ByteSeries series, int[][] ever, boolean[][] changed, long[] startPs,
      RelayFailureRecovery.Outcome recovery) {
    List<GroupResult> out = new ArrayList<>();
    double sent = 0;
    double missed = 0;
    for (int i = 0; i < sources.length; i++) {
      int n = ever[i].length;
      long[] uniq = new long[n];
      long[] arr = new long[n];
      long[] dup = new long[n];
      long end = 0;
      long min = Long.MAX_VALUE;
      double sum = 0;
      int counted = 0;
      long tx = norm.dataSent(i) + norm.repairs(i) + norm.flushes(i);
      for (int j = 0; j < n; j++) {
        int r = norm.receiver(i, j);
        NormReceivers rx = norm.receivers();
        uniq[j] = rx.uniqueBytes(r);
        arr[j] = rx.arrivals(r);
        dup[j] = rx.duplicates(r);
        if (rx.isActive(r)) {
          end = Math.max(end, rx.completePs(r) < 0 ? sim.now() : rx.completePs(r));
          min = Math.min(min, uniq[j]);
          sum += uniq[j];
          counted++;
        }
        if (!changed[i][j] && rx.isActive(r)) {
          sent += tx;
          missed += Math.max(0, tx - arr[j]);
        }
      }
      double mean = counted == 0 ? 0 : sum / counted;
      double gbps = end > startPs[i] ? mean * 8 / ((end - startPs[i]) / 1e12) / 1e9 : 0;
      out.add(new GroupResult(sources[i], ever[i], bytes, requestPs[i] / 1000, startPs[i] / 1000,
          end / 1000, gbps, counted == 0 ? 0 : min, 0, uniq, arr, dup, tx, norm.repairs(i)));
    }
    long[] portDrops = new long[tors];
    long[] portBytes = new long[tors];
    ShufflecastMulticastRun.splitterPorts(fabric, net, portDrops, portBytes);
    long packets = norm.segments();
    return new Result(out, sent == 0 ? 0 : missed / sent, net.accounting().droppedPackets(), net.accounting(),
        packets, portDrops, portBytes, sc.seriesBinNs(), series.toArrays(), recovery);
  }
}
