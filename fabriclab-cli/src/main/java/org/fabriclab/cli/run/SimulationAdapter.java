package org.fabriclab.cli.run;

import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.SimulationResult;
import org.fabriclab.sim.flow.FlowLevelSimulation;
import org.fabriclab.traffic.FlowTrace;

/**
 * The one place where experiment points (and {@code compare}) call the engines, through their
 * public entry points {@link PacketSimulation#benchmark} and {@link FlowLevelSimulation}; when
 * the engines' API changes, only this class changes. Progress goes where the caller says (a run's
 * bar shows each running point's flows done).
 */
public final class SimulationAdapter {
  /** What to simulate besides topology and trace (0 means "off / default" for the options). */
  public record Settings(String engine, String transport, int subflows, int paths, long pfcXoffBytes,
      long untilPs, long maxEvents) {}

  private SimulationAdapter() {}

  /** Runs one simulation; deterministic for a given topology, trace, settings and seed. */
  public static SimulationResult run(Topology t, FlowTrace trace, Settings s, long seed) {
    return run(t, trace, s, seed, Progress.NONE);
  }

  /** {@link #run(Topology, FlowTrace, Settings, long)}, reporting flows done on {@code progress}. */
  public static SimulationResult run(Topology t, FlowTrace trace, Settings s, long seed, Progress progress) {
    long until = s.untilPs() <= 0 ? Long.MAX_VALUE : s.untilPs();
    if (s.engine().equals("flow")) {
      return new FlowLevelSimulation(t, trace, seed, Math.max(1, s.subflows()), progress).run(until);
    }
    PacketSimulation ps = PacketSimulation.benchmark(t, trace, s.transport(), false, seed,
        s.pfcXoffBytes(), progress);
    if (s.paths() > 0) {
      ps.useKShortestPaths(s.paths(), seed);
    }
    return ps.run(until, s.maxEvents() <= 0 ? Long.MAX_VALUE : s.maxEvents());
  }
}
