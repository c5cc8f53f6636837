package org.fabriclab.cli.incast;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.incast.BCubeLabels;
import org.fabriclab.incast.IncastFaultHandler;
import org.fabriclab.incast.IncastMethod;
import org.fabriclab.incast.IncastTransfer;
import org.fabriclab.incast.IncastTree;
import org.fabriclab.incast.IncastTreeUpdater;
import org.fabriclab.incast.TreeUpdate;
import org.fabriclab.table.Table;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fabriclab incast update}: one incremental change to a built tree (seed 004 §IV-C–E). */
@Command(
    name = "update",
    mixinStandardHelpOptions = true,
    description = {"Build a tree, apply one join/leave/replace/failure and report what changed.",
        "csv: one row per change (change = added|removed|detour, child, parent, path: a detour's servers",
        "a-b-c), the scalar keys as one 'summary:' line on stderr; md: the keys, then that table; JSON: the",
        "keys, added, removed, detours and the new tree."})
public final class IncastUpdateCommand implements Runnable {
  @Spec CommandSpec spec;

  @Mixin TransferOptions transfer;

  @Option(names = "--method", defaultValue = "ars", description = "tree to start from (default: ${DEFAULT-VALUE})")
  String method;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Op op;

  static final class Op {
    @Option(names = "--join", description = "a new sender joins") Long join;
    @Option(names = "--leave", description = "a sender leaves") Long leave;
    @Option(names = "--replace", description = "new receiver") Long replace;
    @Option(names = "--fail-server", description = "an inner server (or a sender) fails") Long failServer;
    @Option(names = "--fail-link", paramLabel = "SERVER/LEVEL", description = "cable of SERVER to its level switch fails") String failLink;
    @Option(names = "--fail-switch", paramLabel = "SERVER/LEVEL", description = "the level-LEVEL switch of SERVER fails") String failSwitch;
  }

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @Override
  public void run() {
    format.format();
    BCubeLabels L = transfer.labels();
    IncastTransfer t = transfer.transfer(L);
    IncastTree tree = IncastMethod.parse(method).builder(null, L.dims(), transfer.seed, 0).build(t);
    TreeUpdate u;
    if (op.join != null) {
      u = IncastTreeUpdater.join(tree, t, L.requireServer("--join", op.join));
    } else if (op.leave != null) {
      u = IncastTreeUpdater.leave(tree, t, L.requireServer("--leave", op.leave));
    } else if (op.replace != null) {
      u = IncastTreeUpdater.replaceReceiver(tree, t, L.requireServer("--replace", op.replace));
    } else if (op.failServer != null) {
      u = IncastFaultHandler.failServer(tree, t, L.requireServer("--fail-server", op.failServer), 0);
    } else if (op.failLink != null) {
      int[] sl = serverLevel(L, op.failLink, "--fail-link");
      u = IncastFaultHandler.failLink(tree, t, sl[0], sl[1]);
    } else {
      int[] sl = serverLevel(L, op.failSwitch, "--fail-switch");
      u = IncastFaultHandler.failSwitch(tree, t, sl[0], sl[1]);
    }
    double before = u.before().metrics(0).cost();
    double after = u.after().metrics(0).cost() + IncastFaultHandler.detourCost(u, 0);
    var out = spec.commandLine().getOut();
    if (!format.isText()) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("operation", u.operation());
      j.put("costBefore", before);
      j.put("costAfter", after);
      j.put("resentTraffic", u.resentTraffic());
      j.put("reusedEdges", u.reusedEdges());
      if (!format.isJson()) {
        format.printTable(out, spec.commandLine().getErr(), j, changeTable(u));
        return;
      }
      j.put("added", u.added());
      j.put("removed", u.removed());
      j.put("detours", u.detours());
      j.put("tree", TreeView.toMap(u.after(), 0, true));
      format.printDocument(out, j);
    } else {
      out.printf(Locale.ROOT, "%s: cost %s -> %s, %d edges added, %d removed, %d reused, %d detours, resent %s%n",
          u.operation(), TreeView.fmt(before), TreeView.fmt(after), u.added().size(), u.removed().size(),
          u.reusedEdges(), u.detours().size(), TreeView.fmt(u.resentTraffic()));
      for (int[] e : u.added()) {
        out.println("  + " + e[0] + "->" + e[1]);
      }
      for (int[] e : u.removed()) {
        out.println("  - " + e[0] + "->" + e[1]);
      }
      for (int[] d : u.detours()) {
        out.println("  detour " + java.util.Arrays.toString(d));
      }
    }
  }

  /**
   * One row per change: {@code added} and {@code removed} edges (child, parent), then each detour as
   * {@code detour} from its first to its last server with the whole path as {@code a-b-c}.
   */
  private static Table changeTable(TreeUpdate u) {
    Table.Builder b = Table.builder("changes").stringColumn("change").longColumn("child").longColumn("parent")
        .stringColumn("path");
    for (int[] e : u.added()) {
      b.row("added", e[0], e[1], null);
    }
    for (int[] e : u.removed()) {
      b.row("removed", e[0], e[1], null);
    }
    for (int[] d : u.detours()) {
      StringBuilder p = new StringBuilder();
      for (int v : d) {
        p.append(p.length() == 0 ? "" : "-").append(v);
      }
      b.row("detour", d[0], d[d.length - 1], p.toString());
    }
    return b.build();
  }

  private static int[] serverLevel(BCubeLabels L, String s, String name) {
    String[] p = s.split("/");
    try {
      if (p.length == 2) {
        int server = L.requireServer(name, Long.parseLong(p[0].trim()));
        int level = (int) InvalidParameterException.requireRange(name + " level", Long.parseLong(p[1].trim()), 0, L.k());
        return new int[] {server, level};
      }
    } catch (NumberFormatException e) {
      // fall through
    }
    throw new InvalidParameterException(name, s, "SERVER/LEVEL");
  }
}
