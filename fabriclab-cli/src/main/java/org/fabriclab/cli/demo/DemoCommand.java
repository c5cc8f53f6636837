package org.fabriclab.cli.demo;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.fabriclab.cli.collective.GroupDemo;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.io.RunFolder;
import org.fabriclab.table.TableWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab demo}: the main job on built-in defaults, the group comparison of {@link
 * GroupDemo} (a broadcast, an allreduce and an incast with every applicable scheme on a fat-tree
 * and a BCube), written under {@code results/demo/} with plots, a summary and {@code report.html}.
 * {@code demo topo} is the topology tour.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    versionProvider = org.fabriclab.cli.VersionProvider.class,
    subcommands = TopologyTourCommand.class,
    description = {
      "Which fabric and scheme is fastest for a group workload? Runs a 1->63 broadcast, a 64-rank allreduce",
      "and a 32->1 incast with every scheme that applies (unicast fan-out, binomial tree, pipelined chain,",
      "scatter+allgather, Open MPI's rule, IP multicast, Gleam, ring, NCCL's double binary tree, Rabenseifner,",
      "recursive doubling, switch aggregation, Shufflecast's splitters, aggregation trees, Shoal's cell flows)",
      "on a fat-tree k=8, the 4,2-Shufflecast fabric, a BCube(4,2) and a 128-node Shoal rack (slot engine),",
      "and writes tables, plots, summary.md and report.html under results/demo/.",
      "'fabriclab demo topo' is the topology tour (seven fabrics for 128 servers)."
    })
public final class DemoCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/demo",
      description = "output folder (default: ${DEFAULT-VALUE})")
  Path out;

  @Option(names = "--engine", defaultValue = "flow",
      description = "flow (seconds) or packet (every scheme at packet level, about a minute) (default: ${DEFAULT-VALUE})")
  String engine;

  @Option(names = "--seed", defaultValue = "1", description = "seed (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--quick", description = "small messages only (1 MiB), for a first look in seconds")
  boolean quick;

  @Option(names = "--force", description = "write into a non-empty folder fabriclab did not write (its files are kept)")
  boolean force;

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @picocli.CommandLine.Mixin org.fabriclab.cli.ProgressOption progress = new org.fabriclab.cli.ProgressOption();

  @Override
  public void run() {
    if (seed < 0) {
      throw new InvalidParameterException("--seed", seed, "must be >= 0");
    }
    if (!engine.equals("flow") && !engine.equals("packet")) {
      throw new InvalidParameterException("--engine", engine, "valid: flow, packet");
    }
    TableWriter.Format f = format.format();
    long[] sizes = quick ? new long[] {1 << 20} : new long[] {1 << 20, 64L << 20};
    GroupDemo demo = new GroupDemo(sizes, engine, seed);
    PrintWriter err = spec.commandLine().getErr();
    long t0 = System.nanoTime();
    try (RunFolder folder = OutputFiles.runFolder(out, force, "--out")) {
      Path stage = folder.staging();
      demo.run(stage, progress.log(err));
      org.fabriclab.cli.report.FolderReport.write(stage, "fabriclab demo: group communication",
          "A broadcast, an allreduce and an incast with every scheme that applies, on a fat-tree and a BCube.");
      folder.commit();
    }
    PrintWriter o = spec.commandLine().getOut();
    o.print(format.render(demo.table()));
    if (f == TableWriter.Format.TEXT) {
      o.println();
    }
    o.flush();
    PrintWriter status = f == TableWriter.Format.TEXT ? o : err;
    status.printf(java.util.Locale.ROOT, "wrote %s/{summary.md,report.html,<op>-runs.csv,<op>-busbw.png,...} in %.1f s%n",
        out, (System.nanoTime() - t0) / 1e9);
    status.println("next: fabriclab collective --help (your own op, sizes, schemes and fabrics side by side);"
        + " fabriclab demo --engine packet; fabriclab demo topo");
    status.flush();
  }
}
