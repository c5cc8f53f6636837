package org.fabriclab.sim.parallel;

import java.util.function.BooleanSupplier;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.CutSink;
import org.fabriclab.sim.net.Network;

/**
 * The conservative, synchronous window loop of a partitioned packet run: one {@link Network} (with
 * its own {@link Simulator}, packet pool and accounting) per logical process of a {@link Partition},
 * all run in windows {@code [T, T + lookahead)}: every LP runs its events of the window, a
 * barrier, and the next window starts at the earliest pending event anywhere (idle time is
 * skipped). A packet that leaves over a cut link during the window goes into the mailbox of the
 * pair (sender, receiver) with its arrival time, which the lookahead puts at or after the window's
 * end; at the start of the next window each LP imports its mailboxes in sender order, then each
 * mailbox in the order sent (double-buffered: LPs write one set of mailboxes while the other set is
 * read).
 *
 * <p>Determinism: each LP's events run in (time, LP-local sequence) order, its imports get their
 * sequence numbers in an order fixed by the partition, and the window bounds and the stop test are
 * computed from the LPs' state alone; which thread runs which LP, and how many threads there are,
 * never enters. So a run gives the same result, byte for byte, at any thread count. It is not the
 * order of the sequential engine: there, simultaneous events at different LPs are ordered by one
 * global insertion counter; here only within an LP (ties across LPs are independent events of
 * different nodes, whose order cannot change anything but the order of later ties). A run with one
 * LP is the sequential engine.
 *
 * <p>The stop test ({@code done}, e.g. "every flow completed") is evaluated at the barrier, so a
 * run ends at the end of the window in which it became true; the LPs may have run other events of
 * that window (at most a lookahead of simulated time) after the moment the sequential engine would
 * have stopped.
 */
public final class WindowedRun {
  private final Partition part;
  private final Topology topo;
  private final Network[] nets;
  private final Simulator[] sims;
  private final int parts;
  private final Mailbox[][][] box; // [parity][from][to]
  private final long[] minPosted; // per sender LP: the earliest arrival it posted this window
  private final long[] report; // per LP at the barrier: earliest pending event or posted arrival
  private final boolean[] stopped; // per LP: a model called Simulator.stop() in this window
  private int parity;
  private long end;
  private long untilPs;
  private boolean finished;
  private long windows;
  private Throwable failure;
  private BooleanSupplier done;
  private Runnable atBarrier;

  /**
   * Joins the LPs' networks: {@code nets[lp]} simulates LP {@code lp} of {@code part} (every
   * network built from the partition's topology, each with its own simulator and pool).
   */
  public WindowedRun(Partition part, Network[] nets) {
    if (nets.length != part.parts()) {
      throw new IllegalArgumentException(nets.length + " networks for " + part.parts() + " LPs");
    }
    this.part = part;
    this.topo = part.topology();
    this.nets = nets.clone();
    parts = nets.length;
    sims = new Simulator[parts];
    box = new Mailbox[2][parts][parts];
    for (int s = 0; s < parts; s++) {
      sims[s] = nets[s].simulator();
      for (int d = 0; d < parts; d++) {
        if (s != d) {
          box[0][s][d] = new Mailbox();
          box[1][s][d] = new Mailbox();
        }
      }
    }
    minPosted = new long[parts];
    java.util.Arrays.fill(minPosted, Long.MAX_VALUE);
    report = new long[parts];
    stopped = new boolean[parts];
    if (parts > 1) {
      boolean[] cut = part.cutLinks();
      for (int s = 0; s < parts; s++) {
        nets[s].setCut(cut, new Outbox(s));
      }
    }
  }

  /** The sink of LP {@code from}: puts what crosses the cut into this window's mailboxes. */
  private final class Outbox implements CutSink {
    private final int from;

    Outbox(int from) {
      this.from = from;
    }

    @Override
    public void depart(int p, int link, long arrivalPs) {
      int to = part.lp(topo.target(link));
      requireAfterWindow(arrivalPs, link);
      box[parity][from][to].putPacket(nets[from].packets(), p, link, arrivalPs);
      if (arrivalPs < minPosted[from]) {
        minPosted[from] = arrivalPs;
      }
    }

    @Override
    public void pause(int link, int on, long atPs) {
      int to = part.lp(topo.source(link));
      requireAfterWindow(atPs, link);
      box[parity][from][to].putPause(link, on, atPs);
      if (atPs < minPosted[from]) {
        minPosted[from] = atPs;
      }
    }
  }

  private void requireAfterWindow(long atPs, int link) {
    if (atPs < end) {
      throw new IllegalStateException("link " + link + ": a crossing at " + atPs
          + " ps inside the window ending at " + end + " ps (the lookahead is wrong)");
    }
  }

  /**
   * Runs with {@code threads} threads (at most one per LP is used) until no event is left, the
   * next one is later than {@code untilPs}, or {@code done} holds at a barrier ({@code done} and
   * {@code atBarrier}, e.g. progress, run alone, between windows); returns the simulated time
   * reached (the end of the last window run).
   */
  public long run(int threads, long untilPs, BooleanSupplier done, Runnable atBarrier) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1, got " + threads);
    }
    this.untilPs = untilPs;
    this.done = done;
    this.atBarrier = atBarrier;
    finished = false;
    failure = null;
    long first = Long.MAX_VALUE;
    for (Simulator s : sims) {
      first = Math.min(first, s.nextEventTime());
    }
    if (first == Long.MAX_VALUE || first > untilPs || done.getAsBoolean()) {
      return first == Long.MAX_VALUE ? 0 : Math.min(first, untilPs);
    }
    setWindow(first);
    int t = Math.min(threads, parts);
    SpinBarrier barrier = new SpinBarrier(t);
    Thread[] workers = new Thread[t - 1];
    for (int i = 1; i < t; i++) {
      int id = i;
      workers[i - 1] = new Thread(() -> loop(id, t, barrier), "fabriclab-lp-" + i);
      workers[i - 1].setDaemon(true);
      workers[i - 1].start();
    }
    loop(0, t, barrier);
    for (Thread w : workers) {
      try {
        w.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new FabriclabException("interrupted while the partitioned run's threads finished");
      }
    }
    if (failure instanceof RuntimeException r) {
      throw r;
    }
    if (failure instanceof Error e) {
      throw e;
    }
    return end;
  }

  private void setWindow(long from) {
    long la = part.lookaheadPs();
    long e = la >= Long.MAX_VALUE - from ? Long.MAX_VALUE : from + la;
    end = untilPs == Long.MAX_VALUE ? e : Math.min(e, untilPs + 1);
  }

  /** The SPMD body of thread {@code id} of {@code t}: LPs id, id + t, id + 2t, … */
  private void loop(int id, int t, SpinBarrier barrier) {
    Runnable action = this::betweenWindows;
    while (true) {
      try {
        for (int lp = id; lp < parts; lp += t) {
          importInto(lp, parity ^ 1);
        }
        for (int lp = id; lp < parts; lp += t) {
          stopped[lp] = sims[lp].runBefore(end) == Simulator.StopReason.STOPPED;
          report[lp] = Math.min(sims[lp].nextEventTime(), minPosted[lp]);
          minPosted[lp] = Long.MAX_VALUE;
        }
      } catch (Throwable e) {
        synchronized (this) {
          if (failure == null) {
            failure = e;
          }
        }
      }
      barrier.await(action);
      if (finished) {
        break;
      }
    }
    for (int lp = id; lp < parts; lp += t) { // what was posted in the last window stays in flight
      importInto(lp, parity ^ 1);
    }
  }

  private void importInto(int lp, int par) {
    for (int s = 0; s < parts; s++) {
      if (s != lp) {
        Mailbox b = box[par][s][lp];
        if (b.entries() > 0) {
          b.deliverTo(nets[lp]);
        }
      }
    }
  }

  /** The barrier action: the stop test and the next window (one thread, the others waiting). */
  private void betweenWindows() {
    try {
      nextWindow();
    } catch (Throwable e) {
      if (failure == null) {
        failure = e;
      }
      finished = true;
    }
  }

  private void nextWindow() {
    windows++;
    parity ^= 1;
    long m = Long.MAX_VALUE;
    boolean stop = failure != null;
    for (int lp = 0; lp < parts; lp++) {
      m = Math.min(m, report[lp]);
      stop |= stopped[lp];
    }
    if (!stop && atBarrier != null) {
      atBarrier.run();
    }
    if (stop || m == Long.MAX_VALUE || m > untilPs || done.getAsBoolean()) {
      finished = true;
      return;
    }
    setWindow(Math.max(end, m));
  }

  /** Windows run so far. */
  public long windows() {
    return windows;
  }

  /** The LPs' simulators. */
  public Simulator simulator(int lp) {
    return sims[lp];
  }

  public Partition partition() {
    return part;
  }
}
