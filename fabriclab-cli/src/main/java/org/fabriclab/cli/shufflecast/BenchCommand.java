package org.fabriclab.cli.shufflecast;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.shufflecast.FailureAnalysis;
import org.fabriclab.shufflecast.RelayRules;
import org.fabriclab.shufflecast.ShufflecastRouting;
import org.fabriclab.shufflecast.ShufflecastTopology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code shufflecast bench}: wall-clock time of the large analyses: complete
 * Algorithm 1 relay tables and the single-relay-failure analysis with Algorithm 2 recovery over
 * every (failed relay, source) pair, for 4,4- and 8,3-Shufflecast by default.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "time complete routing tables and the all-pairs single-failure analysis")
public final class BenchCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--instances", split = ",", defaultValue = "4:4,8:3",
      description = "p:k instances (default: ${DEFAULT-VALUE})")
  String[] instances;

  @Option(names = "--threads", description = "threads for the failure analysis (default: all cores)")
  Integer threads;

  @Override
  public void run() {
    PrintWriter o = spec.commandLine().getOut();
    int th = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    InvalidParameterException.requireRange("--threads", th, 1, 1024);
    // every instance is checked (and its topology built) before anything is printed
    List<ShufflecastTopology> tops = new ArrayList<>();
    for (String in : instances) {
      tops.add(parseInstance(in));
    }
    o.printf("%-8s %-6s %-18s %-28s %s%n", "instance", "ToRs", "routing tables (s)",
        "failure pairs with recovery", "time (s)");
    for (ShufflecastTopology t : tops) {
      long t0 = System.nanoTime();
      RelayRules rules = new ShufflecastRouting(t).rules();
      double routing = (System.nanoTime() - t0) / 1e9;
      long t1 = System.nanoTime();
      FailureAnalysis fa = new FailureAnalysis(t, rules);
      AtomicLong restored = new AtomicLong();
      ForkJoinPool pool = new ForkJoinPool(th);
      try {
        pool.submit(() -> IntStream.range(0, t.tors()).parallel().forEach(x -> {
          FailureAnalysis.Impact im = fa.impact(x);
          long ok = 0;
          for (int s = 0; s < t.tors(); s++) {
            ok += s != x && im.unreachableAfter()[s] == 0 ? 1 : 0;
          }
          restored.addAndGet(ok);
        })).get();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      } finally {
        pool.shutdown();
      }
      double failure = (System.nanoTime() - t1) / 1e9;
      long pairs = (long) t.tors() * (t.tors() - 1);
      o.printf(Locale.ROOT, "%-8s %-6d %-18.3f %-28s %.3f%n", t.p() + "," + t.k(), t.tors(), routing,
          restored.get() + "/" + pairs + " restored", failure);
    }
    o.printf("threads: %d%n", th);
  }

  /** {@code p:k} with ASCII digits only; a one-line error naming --instances otherwise. */
  static ShufflecastTopology parseInstance(String in) {
    String[] f = in.strip().split(":", -1);
    if (f.length != 2 || !digits(f[0].strip()) || !digits(f[1].strip())) {
      throw new InvalidParameterException("--instances", "'" + in + "'",
          "each instance is p:k with decimal p in 2..256 and k in 1..16, e.g. 4:4,8:3");
    }
    return new ShufflecastTopology(Integer.parseInt(f[0].strip()), Integer.parseInt(f[1].strip()));
  }

  private static boolean digits(String s) {
    if (s.isEmpty() || s.length() > 6) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }
}
