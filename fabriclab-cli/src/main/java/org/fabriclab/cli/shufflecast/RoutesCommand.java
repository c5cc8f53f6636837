package org.fabriclab.cli.shufflecast;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabriclab.shufflecast.ShufflecastRouting;
import org.fabriclab.shufflecast.ShufflecastTopology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code shufflecast routes --p P --k K --source S}: Algorithm 1 routes to every ToR (Fig. 3). */
@Command(
    name = "routes",
    mixinStandardHelpOptions = true,
    description = "Algorithm 1 route from a source ToR to every ToR (JSON keys: routes, maxHops)")
public final class RoutesCommand implements Runnable {
  @Spec CommandSpec spec;
  @Mixin ShufflecastCommand.Instance instance = new ShufflecastCommand.Instance();

  @Option(names = "--source", required = true, description = "source ToR id, 0..k·p^k-1")
  int source;

  @Override
  public void run() {
    instance.format.format();
    ShufflecastTopology t = instance.topology();
    t.requireTor("--source", source);
    ShufflecastRouting r = new ShufflecastRouting(t);
    int[][] routes = r.routes(source);
    int max = 0;
    for (int[] path : routes) {
      max = Math.max(max, path.length - 1);
    }
    PrintWriter o = spec.commandLine().getOut();
    if (!instance.format.isText()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("p", t.p());
      m.put("k", t.k());
      m.put("source", source);
      m.put("routes", routes);
      m.put("maxHops", max);
      m.put("hopBound", r.hopBound());
      m.put("relaySet", r.relaySet(source));
      instance.format.printDocument(o, m);
      return;
    }
    o.printf("%d,%d-Shufflecast, source %d %s: max %d hops (Lemma 1 bound 2k-1 = %d)%n",
        t.p(), t.k(), source, t.label(source), max, r.hopBound());
    o.printf("%-12s %-5s %s%n", "destination", "hops", "route");
    for (int d = 0; d < routes.length; d++) {
      o.printf("%-12d %-5d %s%n", d, routes[d].length - 1, ShufflecastCommand.path(routes[d]));
    }
    o.println("relay set: {" + ShufflecastCommand.ids(r.relaySet(source)) + "}");
  }
}
