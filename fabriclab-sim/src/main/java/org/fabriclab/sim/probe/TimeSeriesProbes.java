package org.fabriclab.sim.probe;

import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.table.Table;

/**
 * Time series: every {@code intervalPs} of simulated time each registered {@link Probe} is sampled
 * and its values are kept as rows {@code timeNs, series, id, value} (long format; one table for
 * every probe). Built-in probes: per-port throughput and queue occupancy ({@link #addPorts}) —
 * with the per-port maxima in {@link Network#portTable()}. Systems add their own with
 * {@link #add}. One event per tick; the ticks stop when nothing else is pending (the run is over).
 * O(sampled values) per tick.
 */
public final class TimeSeriesProbes {
  private final Simulator sim;
  private final long intervalPs;
  private final List<Probe> probes = new ArrayList<>();
  private final LongArrayList time = new LongArrayList();
  private final List<String> series = new ArrayList<>();
  private final LongArrayList ids = new LongArrayList();
  private final DoubleArrayList values = new DoubleArrayList();
  private final int tick;

  public TimeSeriesProbes(Simulator sim, long intervalPs) {
    org.fabriclab.error.InvalidParameterException.requireRange("probe interval (ps)", intervalPs,
        1_000, Long.MAX_VALUE / 4);
    this.sim = sim;
    this.intervalPs = intervalPs;
    tick = sim.register((a, b) -> tick());
  }

  /** Adds a probe; call {@link #start} once after adding them. */
  public TimeSeriesProbes add(Probe p) {
    probes.add(p);
    return this;
  }

  /**
   * Per-port probes on the links that carry traffic: {@code port.gbps} (bits sent in the interval
   * over its length) and {@code port.queueBytes} (bytes held at the tick), id = link.
   */
  public TimeSeriesProbes addPorts(Network net) {
    int m = net.topology().linkCount();
    long[] lastBytes = new long[m];
    return add((now, dt, out) -> {
      for (int e = 0; e < m; e++) {
        long b = net.bytesSent(e);
        long q = net.queueBytes(e);
        if (b == lastBytes[e] && q == 0) {
          continue;
        }
        out.value("port.gbps", e, (b - lastBytes[e]) * 8.0 / (dt / 1e12) / 1e9);
        out.value("port.queueBytes", e, q);
        lastBytes[e] = b;
      }
    });
  }

  /**
   * Per-flow throughput: {@code flow.gbps}, bits delivered to the flow's hosts in the interval
   * (data and control packets of flow numbers {@code 0..flows-1}) over its length, id = flow.
   */
  public TimeSeriesProbes addFlows(Network net, int flows) {
    net.trackFlowBytes(flows);
    long[] last = new long[flows];
    return add((now, dt, out) -> {
      for (int f = 0; f < flows; f++) {
        long b = net.flowBytesDelivered(f);
        if (b != last[f]) {
          out.value("flow.gbps", f, (b - last[f]) * 8.0 / (dt / 1e12) / 1e9);
          last[f] = b;
        }
      }
    });
  }

  /** Schedules the first tick one interval from now. */
  public void start() {
    sim.after(intervalPs, tick, 0, 0);
  }

  private void tick() {
    long now = sim.now();
    long ns = (now + 500) / 1000;
    for (Probe p : probes) {
      p.sample(now, intervalPs, (s, id, v) -> {
        time.add(ns);
        series.add(s);
        ids.add(id);
        values.add(v);
      });
    }
    if (sim.pending() > 0) {
      sim.after(intervalPs, tick, 0, 0);
    }
  }

  /** Samples so far. */
  public int samples() {
    return time.size();
  }

  /** {@code timeseries.csv}: timeNs, series, id, value. */
  public Table table() {
    Table.Builder b = Table.builder("timeseries").longColumn("timeNs").stringColumn("series")
        .longColumn("id").doubleColumn("value");
    for (int i = 0; i < time.size(); i++) {
      b.row(time.getLong(i), series.get(i), ids.getLong(i), values.getDouble(i));
    }
    return b.build();
  }
}
