package org.fabriclab.cli.flattree;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Locale;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.flattree.ClosLayout;
import org.fabriclab.flattree.FlatTree;
import org.fabriclab.flattree.FlatTreeProfiler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fabriclab flattree …}: commands of the Flat-tree system (seed 001). */
@Command(
    name = "flattree",
    mixinStandardHelpOptions = true,
    description = "Flat-tree (HotNets 2016): convertible Clos. Topologies: 'fabriclab topo flattree'.",
    subcommands = {FlatTreeCommand.Profile.class})
public final class FlatTreeCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code fabriclab flattree profile --k K}: the m, n profiling of §2.4/§3.2 (Fig. 5). */
  @Command(
      name = "profile",
      mixinStandardHelpOptions = true,
      description = {
        "Profile m (6-port) and n (4-port converters per edge switch) on the grid of step k/8:",
        "average server-pair path length of the global mode (Flat-tree §2.4, §3.2, Fig. 5)."
      })
  static final class Profile implements Runnable {
    @Spec CommandSpec spec;

    @Option(names = "--k", required = true, description = "fat-tree parameter, even, 4..64")
    int k;

    @Option(names = "--threads", paramLabel = "N", description = "BFS threads (default: all cores)")
    Integer threads;

    @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

    @Override
    public void run() {
      format.format();
      if (k > 64) {
        throw new InvalidParameterException("--k", k, "must be even, 4..64 for profiling");
      }
      ClosLayout.fatTree(k);
      int th = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
      if (th < 1 || th > 1024) {
        throw new InvalidParameterException("--threads", th, "valid range 1..1024");
      }
      FlatTreeProfiler.Profile p = new FlatTreeProfiler(k, th).run();
      PrintWriter out = spec.commandLine().getOut();
      if (!format.isText() && !format.isJson()) {
        // csv / md: one row per (m, n) point, the path length empty when disconnected
        org.fabriclab.table.Table.Builder t = org.fabriclab.table.Table.builder("flattree-profile")
            .longColumn("k").longColumn("m").longColumn("n").doubleColumn("avgPathLengthHops");
        for (FlatTreeProfiler.Point pt : p.points()) {
          t.row((long) k, (long) pt.m(), (long) pt.n(),
              Double.isFinite(pt.averagePathLength()) ? pt.averagePathLength() : null);
        }
        out.print(format.render(t.build()));
        return;
      }
      if (format.isJson()) {
        ObjectMapper om = new ObjectMapper();
        ObjectNode o = om.createObjectNode();
        o.put("k", k);
        ArrayNode pts = o.putArray("points");
        for (FlatTreeProfiler.Point pt : p.points()) {
          ObjectNode x = pts.addObject().put("m", pt.m()).put("n", pt.n());
          if (Double.isFinite(pt.averagePathLength())) {
            x.put("avgPathLength", pt.averagePathLength());
          } else {
            x.putNull("avgPathLength");
          }
        }
        o.putObject("best").put("m", p.best().m()).put("n", p.best().n())
            .put("avgPathLength", p.best().averagePathLength());
        o.putObject("paperChoice").put("m", FlatTree.defaultM(k)).put("n", FlatTree.defaultN(k));
        out.println(o.toString());
        return;
      }
      out.printf(Locale.ROOT, "%4s %4s %14s%n", "m", "n", "avgPathLength");
      for (FlatTreeProfiler.Point pt : p.points()) {
        String v = Double.isFinite(pt.averagePathLength())
            ? String.format(Locale.ROOT, "%.5f", pt.averagePathLength()) : "disconnected";
        out.printf(Locale.ROOT, "%4d %4d %14s%n", pt.m(), pt.n(), v);
      }
      out.printf(Locale.ROOT, "best: m=%d n=%d (%.5f hops); paper's choice m=k/8=%d n=2k/8=%d%n",
          p.best().m(), p.best().n(), p.best().averagePathLength(), FlatTree.defaultM(k), FlatTree.defaultN(k));
    }
  }
}
