package org.fabriclab.gleam;

import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;

/**
 * Seed 002 §5.3, Fig. 14: the HPL pattern ({@link HplWorkload}) of an {@code N×N} grid on the
 * paper's 16,384-server fabric ({@link HplFabric}), with Gleam or with HPL's increasing ring +
 * long, on the packet engine ({@link HplPacketRun}) or the flow-level engine ({@link HplFlowRun}).
 * Validates every option before any work (one-line errors naming the option and its range).
 */
public final class HplExperiment {
  public static final List<String> ENGINES = List.of("packet", "flow");
  /** The paper's scales (Fig. 14). */
  private static final int[] PAPER_SCALES = {8, 16, 32, 64, 128};

  private HplExperiment() {}

  /** N of the paper's scales 8×8 … 128×128 (a copy). */
  public static int[] paperScales() {
    return PAPER_SCALES.clone();
  }

  /** Checks the options against a fabric of {@code servers} servers. */
  public static void validate(int scale, String method, String engine, double loss, int servers, long bytes) {
    if (!HplWorkload.METHODS.contains(method)) {
      throw new InvalidParameterException("--method", method, "gleam or ring-long");
    }
    if (!ENGINES.contains(engine)) {
      throw new InvalidParameterException("--engine", engine, "packet or flow");
    }
    int max = (int) Math.floor(Math.sqrt(servers));
    if (scale < 2 || (long) scale * scale > servers) {
      throw new InvalidParameterException("--scale", scale, "valid range 2.." + max
          + " (an N x N grid needs N² <= " + servers + " servers)");
    }
    if (!(loss >= 0 && loss < 1)) {
      throw new InvalidParameterException("--loss", loss, "valid range [0, 1)");
    }
    if (loss > 0 && engine.equals("flow")) {
      throw new InvalidParameterException("--loss", loss, "the flow engine has no loss: use --engine packet or --loss 0");
    }
    InvalidParameterException.requireRange("--bytes", bytes, 1, PacketBcast.MAX_BYTES);
  }

  /** Runs on the paper's fabric with the calibrated message size. */
  public static HplResult run(int scale, String method, String engine, double loss, long seed) {
    validate(scale, method, engine, loss, HplFabric.servers(HplFabric.PAPER_PORTS, HplFabric.PAPER_PODS),
        HplWorkload.PAPER_CALIBRATED_BYTES);
    return run(HplFabric.paper(), scale, method, engine, loss, seed, HplWorkload.PAPER_CALIBRATED_BYTES);
  }

  /** Runs on any fabric whose servers are single-homed (the grid on servers {@code 0..N²−1}). */
  public static HplResult run(Topology topo, int scale, String method, String engine, double loss, long seed,
      long bytes) {
    return run(topo, scale, method, engine, loss, seed, bytes, Progress.NONE);
  }

  /** As {@link #run(Topology, int, String, String, double, long, long)}; the packet engine reports progress. */
  public static HplResult run(Topology topo, int scale, String method, String engine, double loss, long seed,
      long bytes, Progress progress) {
    validate(scale, method, engine, loss, topo.serverCount(), bytes);
    HplWorkload w = new HplWorkload(scale, method, bytes);
    return engine.equals("flow") ? HplFlowRun.run(topo, w, seed)
        : HplPacketRun.run(topo, w, loss, seed, null, progress);
  }
}
