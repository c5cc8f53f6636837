package org.fabriclab.cli.incast;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.incast.Aggregation;
import org.fabriclab.incast.BCubeLabels;
import org.fabriclab.incast.IncastMethod;
import org.fabriclab.incast.IncastTransfer;
import org.fabriclab.incast.IncastTree;
import org.fabriclab.incast.RoutingSequence;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fabriclab incast tree}: builds one incast tree (seed 004 §IV) and prints it. */
@Command(
    name = "tree",
    mixinStandardHelpOptions = true,
    description = {"Build an incast aggregation tree on BCube(n,k) and print stages, edges, cost, links.",
        "csv: one row per edge (child,parent,stage,switchLevel,switch,traffic), the scalar keys as one",
        "'summary:' line on stderr; md: the keys, then the edge table; JSON: the keys and edges[…]."})
public final class IncastTreeCommand implements Runnable {
  @Spec CommandSpec spec;

  @Mixin TransferOptions transfer;

  @Option(names = "--method", defaultValue = "ars+intra",
      description = "existing|unicast|rs|ars|ars+intra|best-rs|exact (default: ${DEFAULT-VALUE})")
  String method;

  @Option(names = "--sequence", paramLabel = "E1,E2,..", description = "routing sequence for rs (and ars+intra over it): the dimension corrected at stage 1, 2, ..., e.g. 1,0 (the paper's 10)")
  String sequence;

  @Option(names = "--alpha", defaultValue = "0", description = "aggregation ratio 0..1 (default: ${DEFAULT-VALUE})")
  double alpha;

  @Option(names = "--link-gbps", description = "also report the shuffle + reduce delay (Table I model) at this cable bandwidth")
  Double linkGbps;

  @Option(names = "--reduce-mbps", description = "receiver reduce rate in MB/s for the delay; only with --link-gbps (default: 1)")
  Double reduceMBps;

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @Override
  public void run() {
    format.format();
    Aggregation.requireAlpha(alpha);
    if (reduceMBps != null && linkGbps == null) {
      throw new InvalidParameterException("--reduce-mbps", "--reduce-mbps needs --link-gbps (it only enters the delay)");
    }
    if (linkGbps != null && !(linkGbps > 0 && Double.isFinite(linkGbps))) {
      throw new InvalidParameterException("--link-gbps", linkGbps, "must be finite and > 0");
    }
    double reduce = reduceMBps == null ? 1.0 : reduceMBps;
    if (!(reduce > 0 && Double.isFinite(reduce))) {
      throw new InvalidParameterException("--reduce-mbps", reduce, "must be finite and > 0");
    }
    BCubeLabels L = transfer.labels();
    IncastMethod m = IncastMethod.parse(method);
    int[] seq = sequence == null ? null : RoutingSequence.parse(sequence, L.dims());
    IncastTransfer t = transfer.transfer(L);
    IncastTree tree = m.builder(seq, L.dims(), transfer.seed, alpha).build(t);
    var out = spec.commandLine().getOut();
    org.fabriclab.incast.ShuffleDelayModel delay =
        linkGbps == null ? null : new org.fabriclab.incast.ShuffleDelayModel(linkGbps, reduce);
    if (!format.isText()) {
      var map = TreeView.toMap(tree, alpha, format.isJson());
      if (delay != null) {
        map.put("shuffleSeconds", delay.shuffleSeconds(tree, alpha));
        map.put("shuffleAndReduceSeconds", delay.totalSeconds(tree, alpha));
      }
      if (format.isJson()) {
        format.printDocument(out, map);
      } else {
        format.printTable(out, spec.commandLine().getErr(), map, TreeView.edgeTable(tree, alpha));
      }
    } else {
      TreeView.text(tree, alpha, out);
      if (delay != null) {
        out.printf(java.util.Locale.ROOT, "delay: shuffle %.3f s, shuffle + reduce %.3f s%n",
            delay.shuffleSeconds(tree, alpha), delay.totalSeconds(tree, alpha));
      }
    }
  }
}
