package org.fabriclab.cli.shufflecast;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabriclab.shufflecast.RelayRules;
import org.fabriclab.shufflecast.ShufflecastRouting;
import org.fabriclab.shufflecast.ShufflecastTopology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code shufflecast relays --p P --k K}: every source's relay set and every ToR's rule count. */
@Command(
    name = "relays",
    mixinStandardHelpOptions = true,
    description = "relay set of every source and static rules per ToR (JSON keys: relaySets, rulesPerTor)")
public final class RelaysCommand implements Runnable {
  @Spec CommandSpec spec;
  @Mixin ShufflecastCommand.Instance instance = new ShufflecastCommand.Instance();

  @Override
  public void run() {
    instance.format.format();
    ShufflecastTopology t = instance.topology();
    RelayRules rules = new ShufflecastRouting(t).rules();
    int n = t.tors();
    int[][] sets = new int[n][];
    for (int s = 0; s < n; s++) {
      sets[s] = rules.relays(s);
    }
    int[] perTor = rules.counts();
    PrintWriter o = spec.commandLine().getOut();
    if (!instance.format.isText()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("p", t.p());
      m.put("k", t.k());
      m.put("tors", n);
      m.put("relaySets", sets);
      m.put("rulesPerTor", perTor);
      instance.format.printDocument(o, m);
      return;
    }
    o.printf("%d,%d-Shufflecast: %d ToRs, %d relays per source, rules per ToR: %s (k·p^(k-1) = %d)%n",
        t.p(), t.k(), n, sets[0].length,
        java.util.Arrays.stream(perTor).distinct().sorted().mapToObj(Integer::toString)
            .reduce((a, b) -> a + "," + b).orElse(""),
        t.k() * t.pow(t.k() - 1));
    o.printf("%-7s %-10s %-6s %s%n", "source", "(c, row)", "rules", "relay set");
    for (int s = 0; s < n; s++) {
      o.printf("%-7d %-10s %-6d {%s}%n", s, t.label(s), perTor[s], ShufflecastCommand.ids(sets[s]));
    }
  }
}
