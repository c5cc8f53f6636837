package org.fabriclab.cli.incast;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.fabriclab.incast.ArsTreeBuilder;
import org.fabriclab.incast.BCubeLabels;
import org.fabriclab.incast.IncastEvaluation;
import org.fabriclab.incast.IncastTransfer;
import org.fabriclab.incast.IncastTreeBuilder;
import org.fabriclab.incast.IntraStageOptimization;
import org.fabriclab.incast.UnicastDrivenTreeBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab incast bench}: wall-clock scenarios of the incast trees at the paper's sizes (median of repeated
 * builds after warm-up; numbers go to docs/benchmarks-incast.md, never into tests).
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Time tree building at the paper's scales (BCube(8,5), BCube(6,9)) and the Fig. 6 sweep.")
public final class IncastBenchCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--repeat", defaultValue = "21", description = "timed builds per scenario (default: ${DEFAULT-VALUE})")
  int repeat;

  @Option(names = "--sweep", description = "also time the whole Fig. 6 sweep (40 sizes x 5 rounds x 4 methods)")
  boolean sweep;

  @Override
  public void run() {
    org.fabriclab.error.InvalidParameterException.requireRange("--repeat", repeat, 1, 100_000);
    var out = spec.commandLine().getOut();
    out.println("scenario | median ms | min ms | tree servers");
    scenario(out, "ARS, BCube(8,5), 4000 senders", new BCubeLabels(8, 5), 4000, new ArsTreeBuilder());
    scenario(out, "ARS+intra, BCube(8,5), 4000 senders", new BCubeLabels(8, 5), 4000, new IntraStageOptimization());
    scenario(out, "unicast, BCube(8,5), 4000 senders", new BCubeLabels(8, 5), 4000, new UnicastDrivenTreeBuilder(1));
    scenario(out, "ARS, BCube(6,9) (60M servers), 120 senders", new BCubeLabels(6, 9), 120, new ArsTreeBuilder());
    scenario(out, "ARS, BCube(6,9) (60M servers), 4000 senders", new BCubeLabels(6, 9), 4000, new ArsTreeBuilder());
    if (sweep) {
      long t0 = System.nanoTime();
      IncastEvaluation e = new IncastEvaluation(1);
      for (int m = 100; m <= 4000; m += 100) {
        e.random(new BCubeLabels(8, 5), m, 5, 0, "bench-fig6-" + m);
      }
      out.printf(Locale.ROOT, "Fig. 6 sweep (m=100..4000 step 100, 5 rounds, 4 methods) | %.0f ms total%n",
          (System.nanoTime() - t0) / 1e6);
    }
  }

  private void scenario(java.io.PrintWriter out, String name, BCubeLabels L, int m, IncastTreeBuilder b) {
    SplittableRandom rnd = new org.fabriclab.rng.RandomStreams(42).stream("incast-bench");
    IncastTransfer t = IncastTransfer.random(L, m, rnd);
    int size = 0;
    for (int i = 0; i < 30; i++) {
      size = b.build(t).size();
    }
    double[] ms = new double[repeat];
    for (int i = 0; i < ms.length; i++) {
      long t0 = System.nanoTime();
      b.build(t);
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    Arrays.sort(ms);
    out.printf(Locale.ROOT, "%s | %.2f | %.2f | %d%n", name, ms[ms.length / 2], ms[0], size);
  }
}
