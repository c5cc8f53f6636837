package org.fabriclab.flattree;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.fabriclab.experiment.ReproductionContext;
import org.fabriclab.progress.Progress;
import org.fabriclab.traffic.ClusterTraffic.Locality;
import org.fabriclab.traffic.ClusterTraffic.Pattern;

/**
 * Runs chosen throughput points of {@code reproduce flattree --paper-scale} one by one and appends
 * each result to a CSV file as soon as it is solved, so a run of hours leaves its finished points
 * behind when stopped; points already in the file are skipped (resume). Every point is added to the
 * batch by the reproduction's own code ({@link ThroughputExperiments#add} with the stream
 * {@code fig8/<k>/<LOCALITY>}, {@link HybridExperiment#add}), so its λ is the value the full
 * paper-scale run computes for it (same topology, random stream, solver and ε).
 *
 * <p>Usage: {@code java -cp fabriclab.jar org.fabriclab.flattree.PaperScalePoints OUT.csv THREADS
 * POINT...} with POINT one of {@code fig8/K} (the 10 solves of Fig. 8 at k, flat-tree and the
 * two-stage graphs first), {@code fig8/K/LOCALITY/TOPOLOGY} (LOCALITY strong|weak, TOPOLOGY an index
 * 0..4 of fat-tree, random graph, two-stage (Pod–Pod links), two-stage (Pod–core only), flat-tree
 * local; 5, 6: the control topologies of {@link CoreRewiredTopology}, flat-tree local with
 * rewired cores and the two-stage graph with one core cable per Pod; 7: flat-tree in global mode;
 * 5..7 are controls, not in the reproduction), {@code hybrid-a2a/K[/PCT]} (the all-to-all solves of §3.4 at k with 1000-server broadcast
 * clusters: local zone, whole local network and both zones, for 10%..90% or one PCT), {@code hybrid-control/K[/PCT]} (a
 * control, not in the reproduction: the local zone's demands on the whole local network with the global zone's
 * Pods removed, {@link PodsRemovedTopology}; all proportions or one). Points run in the
 * order given. Seed 1, as the reproduction's default.
 */
public final class PaperScalePoints {
  private static final String[] SHORT = {
    "fat-tree", "random", "two-stage-any", "two-stage-pod-core", "flat-tree-local", "flat-tree-local-cores-rewired",
    "two-stage-one-core-link-per-pod", "flat-tree-global"
  };
  private static final int[] FIG8_PRIORITY = {4, 2, 3, 0, 1};
  private static final String[] HYBRID_WHICH = {"global-zone", "local-zone", "both-zones", "whole-global", "whole-local",
    "local-zone-other-pods-removed"};

  private PaperScalePoints() {}

  /** One point: its id in the output file and the step adding it to a batch. */
  private record Point(String id, java.util.function.ToIntFunction<SolveBatch> add) {}

  public static void main(String[] args) throws IOException {
    if (args.length < 3) {
      System.err.println("usage: PaperScalePoints OUT.csv THREADS POINT... (see the class javadoc)");
      System.exit(2);
    }
    Path out = Path.of(args[0]);
    int threads;
    try {
      threads = Integer.parseInt(args[1]);
    } catch (NumberFormatException e) {
      threads = 0;
    }
    if (threads < 1 || threads > 64) {
      System.err.println("THREADS: '" + args[1] + "' must be an integer in 1..64");
      System.exit(2);
    }
    ReproductionContext ctx = new ReproductionContext(false, 1, threads, Progress.NONE, true);
    ThroughputExperiments tp = new ThroughputExperiments(ctx);
    HybridExperiment hybrid = new HybridExperiment(ctx);
    List<Point> points = new ArrayList<>();
    for (int a = 2; a < args.length; a++) {
      String msg = expand(args[a], tp, hybrid, points);
      if (msg != null) {
        System.err.println("POINT '" + args[a] + "': " + msg);
        System.exit(2);
      }
    }
    Set<String> done = new HashSet<>();
    if (Files.exists(out)) {
      for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
        done.add(line.split(",", 2)[0]);
      }
    } else {
      Files.writeString(out, "point,lambda,upperBound,solver,wallSeconds,cpuSeconds,finishedUtc\n", StandardCharsets.UTF_8);
    }
    SolveBatch batch = new SolveBatch();
    batch.insertionOrder();
    List<String> ids = new ArrayList<>();
    for (Point p : points) {
      if (done.add(p.id())) {
        int slot = p.add().applyAsInt(batch);
        while (ids.size() < slot) {
          ids.add(null);
        }
        ids.add(p.id());
      }
    }
    try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
      batch.listener((slot, r, cpu) -> {
        try {
          w.write(String.format(Locale.ROOT, "%s,%.9g,%.9g,%s,%.1f,%.1f,%s%n", ids.get(slot), r.lambda(),
              r.upperBound(), r.solver(), r.seconds(), cpu, Instant.now()));
          w.flush();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      batch.run(threads, "paper-scale points", Progress.NONE);
    }
  }

  /** Adds the points of one argument; returns an error message or null. */
  private static String expand(String arg, ThroughputExperiments tp, HybridExperiment hybrid, List<Point> points) {
    String[] f = arg.split("/");
    int k;
    try {
      k = f.length >= 2 ? Integer.parseInt(f[1]) : -1;
    } catch (NumberFormatException e) {
      k = -1;
    }
    if (k < 4 || k > 64 || k % 2 != 0) {
      return "k must be an even integer in 4..64";
    }
    int kk = k;
    if (f[0].equals("fig8") && f.length == 2) {
      for (Locality loc : AllToAllExperiment.localities()) {
        for (int i : FIG8_PRIORITY) {
          points.add(fig8(tp, kk, loc, i));
        }
      }
      return null;
    }
    if (f[0].equals("fig8") && f.length == 4) {
      Locality loc = f[2].equals("strong") ? Locality.STRONG : f[2].equals("weak") ? Locality.WEAK : null;
      int i = f[3].length() == 1 ? f[3].charAt(0) - '0' : -1;
      if (loc == null || i < 0 || i > 7) {
        return "expected fig8/K/strong|weak/0..7";
      }
      points.add(fig8(tp, kk, loc, i));
      return null;
    }
    if (f[0].equals("hybrid-a2a") && (f.length == 2 || f.length == 3)) {
      int pct = percent(f);
      if (pct < 0) {
        return "PCT must be one of 10, 20, ..., 90";
      }
      for (int x = 0; x < 9; x++) {
        if (pct > 0 && 10 * (x + 1) != pct) {
          continue;
        }
        for (int which : new int[] {1, 4, 2}) {
          int xx = x;
          points.add(new Point("hybrid/" + kk + "/" + 10 * (x + 1) + "/" + HYBRID_WHICH[which],
              b -> hybrid.add(kk, 1000, xx, which, b, tp)));
        }
      }
      return null;
    }
    if (f[0].equals("hybrid-control") && (f.length == 2 || f.length == 3)) {
      int pct = percent(f);
      if (pct < 0) {
        return "PCT must be one of 10, 20, ..., 90";
      }
      for (int x = 0; x < 9; x++) {
        if (pct == 0 || 10 * (x + 1) == pct) {
          int xx = x;
          points.add(new Point("hybrid/" + kk + "/" + 10 * (x + 1) + "/" + HYBRID_WHICH[5],
              b -> hybrid.add(kk, 1000, xx, 5, b, tp)));
        }
      }
      return null;
    }
    return "expected fig8/K, fig8/K/LOCALITY/TOPOLOGY, hybrid-a2a/K[/PCT] or hybrid-control/K[/PCT]";
  }

  /** The optional third field PCT (10, 20, ..., 90), 0 when absent, −1 when invalid. */
  private static int percent(String[] f) {
    if (f.length < 3) {
      return 0;
    }
    try {
      int pct = Integer.parseInt(f[2]);
      return pct >= 10 && pct <= 90 && pct % 10 == 0 ? pct : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static Point fig8(ThroughputExperiments tp, int k, Locality loc, int i) {
    return new Point("fig8/" + k + "/" + loc.name().toLowerCase(Locale.ROOT) + "/" + SHORT[i],
        b -> tp.add(b, i == 5 ? ThroughputExperiments.FLAT_CORES_REWIRED
            : i == 6 ? ThroughputExperiments.TWO_ONE_PER_POD : i == 7 ? "flat-tree global" : AllToAllExperiment.topology(i), k, 20,
            Pattern.ALL_TO_ALL, loc, "fig8/" + k + "/" + loc));
  }
}
