package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.fabriclab.progress.Progress;
import org.fabriclab.rng.RandomStreams;
import org.junit.jupiter.api.Test;

/**
 * Golden runs of {@link ShoalSimulator}: small seeded workloads (seed 003 §7.3 Poisson/Pareto,
 * §6.2 incast) under every mechanism switch, failures and the Appendix A schedule. The golden file
 * {@code shoal/golden-runs.txt} was first produced by the simulator <em>before</em> the performance rework
 * of the slot loop (commit recorded in docs/benchmarks-shoal.md); the rework must reproduce every
 * flow's end time, the queue maxima, the cell count and the exact sequence of queue events (it
 * did, commit "one cache line per link/pair/..."; so did the third session's column-local layout:
 * hot word per link, deferred per-column inboxes, ShoalLinkStore). Regenerated once since, for
 * the deliberate model change of Eq. 2 (drain time counted in the intermediate's slots, feedback
 * in the arrival slot; see ShoalSimulator). Regenerate only for such a change: {@code -Dshoal.golden.write=path}.
 */
class ShoalGoldenTest {

  private static String sha(MessageDigest md) {
    return HexFormat.of().formatHex(md.digest()).substring(0, 24);
  }

  private static MessageDigest md() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void put(MessageDigest m, long v) {
    for (int b = 0; b < 8; b++) {
      m.update((byte) (v >>> (8 * b)));
    }
  }

  private static String run(String name, ShoalConfig cfg, double load, int flows, double fail,
      int stopAfter, long seed) {
    RandomStreams rs = new RandomStreams(seed);
    boolean[] failed = ShoalWorkloads.failNodes(cfg.nodes(), fail, rs.stream("failures"));
    ShoalFlows fl = ShoalWorkloads.poisson(cfg.nodes(), failed, load, flows, 100_000, 1.05,
        cfg.linkGbps(), false, rs.stream("poisson"));
    return simulate(name, cfg, fl, failed, stopAfter);
  }

  private static String simulate(String name, ShoalConfig cfg, ShoalFlows fl, boolean[] failed,
      int stopAfter) {
    return simulate(name, cfg, fl, failed, stopAfter, Progress.NONE);
  }

  private static String simulate(String name, ShoalConfig cfg, ShoalFlows fl, boolean[] failed,
      int stopAfter, Progress progress) {
    return simulate(name, cfg, fl, failed, stopAfter, progress, 0);
  }

  private static String simulate(String name, ShoalConfig cfg, ShoalFlows fl, boolean[] failed,
      int stopAfter, Progress progress, double corruption) {
    MessageDigest events = md();
    ShoalSimulator sim = new ShoalSimulator(cfg, fl, failed, (i, j, q, r, local, slot) -> {
      put(events, ((long) i << 48) ^ ((long) j << 32) ^ ((long) q << 16) ^ r ^ (local ? 1L << 63 : 0));
      put(events, slot);
    }).measureReordering();
    if (corruption > 0) {
      sim.corruptCells(corruption, 11);
    }
    sim.run(stopAfter, Long.MAX_VALUE, progress, 37);
    MessageDigest ends = md();
    for (int f = 0; f < fl.size(); f++) {
      put(ends, fl.endPs(f));
    }
    return name + " slots=" + sim.slot() + " completed=" + sim.completed() + " cells="
        + sim.workCounters()[0] + " maxQ=" + sim.maxQueueCells() + " maxNodeQ="
        + sim.maxNodeQueueCells() + " reorderBytes=" + sim.maxReorderBytes() + " ends=" + sha(ends)
        + " queueEvents=" + sha(events);
  }

  static List<String> runs() {
    List<String> out = new ArrayList<>();
    ShoalConfig base = new ShoalConfig(32, 8, 3, 100, 23.25, 2.75, 64, 0, false, true, true, true);
    out.add(run("all-on", base, 0.8, 700, 0, Integer.MAX_VALUE, 1));
    out.add(run("no-ready", base.withMechanisms(true, false, true), 0.8, 700, 0, Integer.MAX_VALUE, 2));
    out.add(run("no-selective", base.withMechanisms(true, true, false), 0.8, 700, 0, Integer.MAX_VALUE, 3));
    out.add(run("no-backpressure", base.withMechanisms(false, false, false), 0.6, 700, 0, Integer.MAX_VALUE, 4));
    ShoalConfig prop = new ShoalConfig(50, 10, 1, 100, 23.25, 2.75, 64, 50, true, true, true, true);
    out.add(run("propagation-failures", prop, 0.9, 700, 0.2, Integer.MAX_VALUE, 5));
    out.add(run("rack128-stop", ShoalConfig.rack512().withNodes(128), 0.5, 1200, 0, 1000, 6));
    out.add(simulate("prototype-incast", ShoalConfig.prototype(),
        ShoalWorkloads.incast(8, 7, 0, 448, null), null, Integer.MAX_VALUE));
    // Appendix D (cells resent at the head of their queue, 2% and 1% of transmissions) and
    // Appendix C (three traffic classes): their lines were written by the slot engine of main
    // 5d18e0e, before any change they guard
    RandomStreams rs = new RandomStreams(8);
    ShoalFlows pf = ShoalWorkloads.poisson(32, null, 0.8, 700, 100_000, 1.05, base.linkGbps(), false,
        rs.stream("poisson"));
    out.add(simulate("corruption", base, pf, null, Integer.MAX_VALUE, Progress.NONE, 0.02));
    int n = pf.size();
    int[] src = new int[n];
    int[] dst = new int[n];
    long[] bytes = new long[n];
    long[] start = new long[n];
    int[] cls = new int[n];
    java.util.SplittableRandom r = rs.stream("classes");
    for (int f = 0; f < n; f++) {
      src[f] = pf.src(f);
      dst[f] = pf.dst(f);
      bytes[f] = pf.bytes(f);
      start[f] = pf.startPs(f);
      cls[f] = r.nextInt(3);
    }
    out.add(simulate("classes", base, new ShoalFlows(src, dst, bytes, start, cls), null, Integer.MAX_VALUE,
        Progress.NONE, 0.01));
    return out;
  }

  private static List<String> golden() throws IOException {
    try (InputStream in = ShoalGoldenTest.class.getResourceAsStream("/shoal/golden-runs.txt")) {
      assertThat(in).as("golden file shoal/golden-runs.txt").isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
  }

  /**
   * Running in chunks of 37 slots with a progress report after each changes nothing (the golden
   * line, queue-event hash included), and the completions reported add up to the run's.
   */
  @Test
  void chunkedRunWithProgressReproducesTheGoldenRun() throws IOException {
    long[] reported = {0, 0};
    Progress counting = new Progress() {
      @Override
      public void begin(String task, long total) {
        reported[1] = total;
      }

      @Override
      public void advance(long units) {
        reported[0] += units;
      }

      @Override
      public void end() {}
    };
    RandomStreams rs = new RandomStreams(6);
    ShoalConfig cfg = ShoalConfig.rack512().withNodes(128);
    boolean[] failed = ShoalWorkloads.failNodes(cfg.nodes(), 0, rs.stream("failures"));
    ShoalFlows fl = ShoalWorkloads.poisson(cfg.nodes(), failed, 0.5, 1200, 100_000, 1.05,
        cfg.linkGbps(), false, rs.stream("poisson"));
    String got = simulate("rack128-stop", cfg, fl, failed, 1000, counting);
    assertThat(got).isEqualTo(golden().get(5));
    assertThat(reported[0]).isEqualTo(1000);
    assertThat(reported[1]).isEqualTo(1000);
  }

  @Test
  void simulatorReproducesGoldenRuns() throws IOException {
    List<String> got = runs();
    String write = System.getProperty("shoal.golden.write");
    if (write != null) {
      Files.write(Path.of(write), got, StandardCharsets.UTF_8);
    }
    assertThat(got).containsExactlyElementsOf(golden());
  }
}
