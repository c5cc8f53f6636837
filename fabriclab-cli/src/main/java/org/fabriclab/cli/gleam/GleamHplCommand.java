package org.fabriclab.cli.gleam;

import java.util.LinkedHashMap;
import java.util.Map;
import org.fabriclab.cli.report.ProgressReporter;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.gleam.HplExperiment;
import org.fabriclab.gleam.HplFabric;
import org.fabriclab.gleam.HplResult;
import org.fabriclab.gleam.HplWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab gleam hpl}: the HPL pattern of seed 002 §5.3 (Fig. 14) on the paper's
 * 16,384-server fabric ({@link HplFabric}), one run ({@link HplExperiment}).
 */
@Command(
    name = "hpl",
    mixinStandardHelpOptions = true,
    description = {
      "HPL on the 16,384-server 3-tier Clos (64-port switches, 200 Gb/s, Gleam paper §5.3, Fig. 14):",
      "an N x N grid; panel broadcast along rows, then row swap (centralised) along columns;",
      "gleam = one multicast per row/column, ring-long = HPL's increasing ring + long (spread-roll).",
      "--bytes defaults to the model input that makes Gleam's 8x8 JCT 5.17 ms (60,751,872 B per phase).",
      "Example: fabriclab gleam hpl --scale 8 --method gleam --engine flow --json"
    })
public final class GleamHplCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--scale", required = true, paramLabel = "N", description = "grid N x N, N in 2..128 (N² <= 16384 servers)")
  String scaleText;

  @Option(names = "--method", defaultValue = "gleam", description = "gleam|ring-long (default: ${DEFAULT-VALUE})")
  String method;

  @Option(names = "--engine", defaultValue = "flow", description = "packet|flow (default: ${DEFAULT-VALUE}; packet is slow above 16x16 at the default size)")
  String engine;

  @Option(names = "--no-progress", description = "no progress bar or progress log lines (packet engine: the bar counts the sources' data packets)")
  boolean noProgress;

  @Option(names = "--loss", defaultValue = "0", description = "packet loss rate on every link in [0, 1); packet engine only (default: ${DEFAULT-VALUE})")
  String lossText;

  @Option(names = "--bytes", paramLabel = "BYTES", description = "panel (= swapped rows) bytes per phase, 1..2147483648 (default: the calibrated 60751872)")
  String bytesText;

  @Option(names = "--seed", defaultValue = "1", description = "seed of ECMP hashing and loss, 0..2^63-1 (default: ${DEFAULT-VALUE})")
  String seedText;

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @Override
  public void run() {
    format.format();
    int servers = HplFabric.servers(HplFabric.PAPER_PORTS, HplFabric.PAPER_PODS);
    int maxScale = (int) Math.sqrt(servers);
    int scale = (int) Args.longIn("--scale", scaleText, 2, maxScale, "an N x N grid needs N² <= " + servers + " servers");
    double loss = Args.doubleIn("--loss", lossText, 0, 1, true);
    long bytes = bytesText == null ? HplWorkload.PAPER_CALIBRATED_BYTES
        : Args.longIn("--bytes", bytesText, 1, 1L << 31);
    long seed = Args.longIn("--seed", seedText, 0, Long.MAX_VALUE);
    if (!HplWorkload.METHODS.contains(method)) {
      throw new InvalidParameterException("--method", method, "one of gleam, ring-long");
    }
    if (!HplExperiment.ENGINES.contains(engine)) {
      throw new InvalidParameterException("--engine", engine, "one of packet, flow");
    }
    HplExperiment.validate(scale, method, engine, loss, servers, bytes);
    org.fabriclab.graph.Topology fabric = HplFabric.paper();
    if (engine.equals("packet")) {
      announce(fabric, new HplWorkload(scale, method, bytes));
    }
    HplResult r = HplExperiment.run(fabric, scale, method, engine, loss, seed, bytes,
        ProgressReporter.create(!noProgress, spec.commandLine().getErr()));
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("scale", scale);
    m.put("method", method);
    m.put("engine", engine);
    m.put("fabric", "3-tier Clos, 64-port switches, 16 pods, 16384 servers, 200 Gb/s, 1 us links");
    m.put("messageBytes", bytes);
    m.put("messageBytesIsModelInput", bytesText == null);
    m.put("loss", loss);
    m.put("seed", seed);
    m.put("jctMs", r.jctMs());
    m.put("panelBroadcastMs", r.pbMs());
    m.put("rowSwapMs", r.rsMs());
    m.put("transfers", r.transfers());
    m.put("sourcePackets", r.sourcePackets());
    m.put("sourcePayloadBytes", r.sourcePayloadBytes());
    m.put("deliveredPayloadBytes", r.deliveredPayloadBytes());
    m.put("retransmittedPackets", r.retransmittedPackets());
    m.put("events", r.events());
    m.put("wallSeconds", r.wallSeconds());
    var out = spec.commandLine().getOut();
    if (!format.isText()) {
      format.printDocument(out, m);
    } else {
      out.printf(java.util.Locale.ROOT, "HPL %dx%d %s (%s engine): JCT %.3f ms (PB %.3f + RS %.3f), %d transfers%n",
          scale, scale, method, engine, r.jctMs(), r.pbMs(), r.rsMs(), r.transfers());
      out.println("paper (Fig. 14): Gleam 5.17 ms at every scale; ring+long 13.7 ms (8x8) .. 19.4 ms (128x128)");
    }
  }

  /** Says before a long packet-level run how long it takes ({@link org.fabriclab.cli.WorkEstimate}), on stderr. */
  private void announce(org.fabriclab.graph.Topology fabric, HplWorkload w) {
    int[] hostOfRank = new int[w.scale() * w.scale()];
    java.util.Arrays.setAll(hostOfRank, h -> h); // the grid on servers 0..N²-1
    double hops = org.fabriclab.cli.WorkEstimate.packetHops(fabric, new org.fabriclab.sim.net.EcmpTable(fabric),
        w.schedule(), hostOfRank);
    String line = org.fabriclab.cli.WorkEstimate.announcement(hops, "--engine flow gives the JCT in about a minute");
    if (line != null) {
      var err = spec.commandLine().getErr();
      err.println(line);
      err.flush();
    }
  }
}
