package org.fabriclab.cli.shufflecast;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.shufflecast.ConcurrentMulticast;
import org.fabriclab.shufflecast.ShufflecastRouting;
import org.fabriclab.shufflecast.ShufflecastTopology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code shufflecast concurrent --sources S1,S2,…}: max-min fair shares (Lemma 3). */
@Command(
    name = "concurrent",
    mixinStandardHelpOptions = true,
    description = "max-min fair share of line rate of concurrent one-to-all multicasts (JSON key: shares)")
public final class ConcurrentCommand implements Runnable {
  @Spec CommandSpec spec;
  @Mixin ShufflecastCommand.Instance instance = new ShufflecastCommand.Instance();

  @Option(names = "--sources", required = true, split = ",", description = "active source ToR ids")
  List<Integer> sources;

  @Override
  public void run() {
    instance.format.format();
    ShufflecastTopology t = instance.topology();
    if (sources == null || sources.isEmpty() || sources.contains(null)) {
      throw new InvalidParameterException("--sources", String.valueOf(sources),
          "a comma-separated list of one or more ToR ids in 0.." + (t.tors() - 1));
    }
    ShufflecastRouting r = new ShufflecastRouting(t);
    if (sources.stream().distinct().count() != sources.size()) {
      throw new InvalidParameterException("--sources", "--sources lists a ToR twice: " + sources);
    }
    int[][] sets = new int[sources.size()][];
    for (int i = 0; i < sets.length; i++) {
      t.requireTor("--sources", sources.get(i));
      sets[i] = r.relaySet(sources.get(i));
    }
    ConcurrentMulticast c = new ConcurrentMulticast(t.tors());
    double[] shares = c.maxMinShares(sets);
    double[] bottleneck = c.bottleneckShares(sets);
    PrintWriter o = spec.commandLine().getOut();
    Map<String, Double> sh = new LinkedHashMap<>();
    Map<String, Double> bn = new LinkedHashMap<>();
    for (int i = 0; i < sets.length; i++) {
      sh.put(Integer.toString(sources.get(i)), shares[i]);
      bn.put(Integer.toString(sources.get(i)), bottleneck[i]);
    }
    if (!instance.format.isText()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("p", t.p());
      m.put("k", t.k());
      m.put("shares", sh);
      m.put("bottleneckShares", bn);
      instance.format.printDocument(o, m);
      return;
    }
    o.printf("%d,%d-Shufflecast, %d concurrent one-to-all multicasts (max-min fair, relay"
        + " transmitters at line rate 1)%n", t.p(), t.k(), sets.length);
    o.printf("%-7s %-10s %-10s %s%n", "source", "(c, row)", "share", "relay set");
    for (int i = 0; i < sets.length; i++) {
      o.printf("%-7d %-10s %-10.6f {%s}%n", sources.get(i), t.label(sources.get(i)), shares[i],
          ShufflecastCommand.ids(sets[i]));
    }
  }
}
