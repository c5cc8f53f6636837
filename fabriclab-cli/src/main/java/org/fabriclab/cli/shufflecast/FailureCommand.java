package org.fabriclab.cli.shufflecast;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.shufflecast.MulticastDelivery;
import org.fabriclab.shufflecast.RelayFailureRecovery;
import org.fabriclab.shufflecast.RelayRules;
import org.fabriclab.shufflecast.ShufflecastRouting;
import org.fabriclab.shufflecast.ShufflecastTopology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code shufflecast failure --failed F[,F2…] [--recover]}: what every source reaches when the
 * given relays fail, following the installed rules; with {@code --recover} after Algorithm 2.
 */
@Command(
    name = "failure",
    mixinStandardHelpOptions = true,
    description = {
      "reachability of every source with failed relays, optionally after Algorithm 2 recovery",
      "(JSON keys: failed, sources = [{source, unreachable, maxHops}], allReachable; with",
      "--recover also before, ruleChanges, steps)"
    })
public final class FailureCommand implements Runnable {
  @Spec CommandSpec spec;
  @Mixin ShufflecastCommand.Instance instance = new ShufflecastCommand.Instance();

  @Option(names = "--failed", required = true, split = ",", description = "failed ToR ids")
  int[] failed;

  @Option(names = "--recover", description = "apply Algorithm 2 for every failed relay")
  boolean recover;

  @Override
  public void run() {
    instance.format.format();
    ShufflecastTopology t = instance.topology();
    if (java.util.Arrays.stream(failed).distinct().count() != failed.length) {
      throw new InvalidParameterException("--failed", "--failed lists a ToR twice: "
          + java.util.Arrays.toString(failed));
    }
    int n = t.tors();
    RelayRules healthy = new ShufflecastRouting(t).rules();
    RelayFailureRecovery.Outcome out = new RelayFailureRecovery(t, healthy).recover(failed);
    boolean[] down = out.failedMask(n);
    List<Map<String, Object>> before = report(t, healthy, down);
    List<Map<String, Object>> after = recover ? report(t, out.rules(), down) : before;
    boolean all = true;
    for (Map<String, Object> m : after) {
      if (!down[(Integer) m.get("source")] && ((int[]) m.get("unreachable")).length > 0) {
        all = false;
      }
    }
    PrintWriter o = spec.commandLine().getOut();
    if (!instance.format.isText()) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("p", t.p());
      j.put("k", t.k());
      j.put("failed", out.failed());
      j.put("recovered", recover);
      j.put("sources", after);
      j.put("allReachable", all);
      if (recover) {
        j.put("before", before);
        Map<String, Object> changes = new LinkedHashMap<>();
        for (RelayFailureRecovery.Change c : out.changes()) {
          Map<String, Object> cm = new LinkedHashMap<>();
          cm.put("activated", c.activated());
          cm.put("deactivated", c.deactivated());
          changes.put(Integer.toString(c.tor()), cm);
        }
        j.put("ruleChanges", changes);
        j.put("steps", out.steps());
      }
      instance.format.printDocument(o, j);
      return;
    }
    o.printf("%d,%d-Shufflecast, failed relays {%s}, %s%n", t.p(), t.k(),
        ShufflecastCommand.ids(out.failed()), recover ? "after Algorithm 2 recovery" : "no recovery");
    if (recover) {
      for (RelayFailureRecovery.Step s : out.steps()) {
        if (s.mirrorFailed() < 0) {
          o.printf("  relay %d: every mirrored relay failed, its rules are lost%n", s.failed());
        } else {
          o.printf("  relay %d: rules -> mirror %d; precedent %d -> %d for sources {%s}%n",
              s.failed(), s.mirrorFailed(), s.precedent(), s.mirrorPrecedent(),
              ShufflecastCommand.ids(s.movedSources()));
        }
      }
    }
    o.printf("%-7s %-8s %-12s %-13s %s%n", "source", "maxHops", "unreachable",
        recover ? "before (lost)" : "", "unreachable ToRs");
    for (int i = 0; i < n; i++) {
      int[] un = (int[]) after.get(i).get("unreachable");
      int[] unBefore = (int[]) before.get(i).get("unreachable");
      o.printf("%-7d %-8s %-12d %-13s %s%n", i, down[i] ? "failed" : after.get(i).get("maxHops"),
          un.length, recover ? Integer.toString(unBefore.length) : "",
          un.length == 0 ? "" : "{" + ShufflecastCommand.ids(un) + "}");
    }
    o.println(all
        ? "every working source reaches every working ToR"
        : "some working sources cannot reach every working ToR (listed above)");
  }

  private static List<Map<String, Object>> report(ShufflecastTopology t, RelayRules rules, boolean[] down) {
    MulticastDelivery d = new MulticastDelivery(t);
    List<Map<String, Object>> out = new ArrayList<>();
    for (int s = 0; s < t.tors(); s++) {
      MulticastDelivery.Reach r = d.follow(rules, s, down);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("source", s);
      m.put("unreachable", r.unreachable());
      m.put("maxHops", r.maxHops());
      out.add(m);
    }
    return out;
  }
}
