package org.fabriclab.cli.run;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.graph.Topology;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.traffic.TraceCsv;

/**
 * The checks of a simulate point that depend on its topology's server count (incast senders,
 * trace host ids, hosts a workload needs), made while the sweep expands, before any point runs and
 * before anything is written, so that a run does not fail at its first point with a spec error.
 * Each topology of the spec is built once for its server count (family parameters with the spec's
 * fixed seed, else seed 1: the server count does not depend on the seed); each trace is read once.
 */
final class PointChecks {
  private final ExperimentSpec spec;
  private final Map<String, Integer> traceHosts = new HashMap<>();

  PointChecks(ExperimentSpec spec) {
    this.spec = spec;
  }

  /** The servers of a topology of an entry, built or read once for the check. */
  static int servers(ExperimentSpec.TopologyEntry e, Map<String, String> combo) {
    return topology(e, combo).serverCount();
  }

  /** A topology of an entry, built or read for the checks (errors blame the entry). */
  static Topology topology(ExperimentSpec.TopologyEntry e, Map<String, String> combo) {
    try {
      Topology t;
      if (e.file() != null) {
        t = TopologyImport.read(e.file(), combo);
      } else {
        Map<String, String> raw = new java.util.LinkedHashMap<>();
        combo.forEach((k, v) -> raw.put(k.substring("topology.".length()), v));
        raw.putIfAbsent("seed", "1");
        t = org.fabriclab.topology.TopologyFamilies.load().build(e.family(), raw);
      }
      return t;
    } catch (FabriclabException ex) {
      throw e.node().error(ex.getMessage());
    }
  }

  /**
   * Checks the workload of point coordinates {@code p} (blanked) on a topology with
   * {@code servers} servers, described as {@code topology} in messages.
   */
  void workload(Map<String, String> p, int servers, String topology) {
    String type = p.get("workload.type");
    if (servers < 2) {
      throw axis("workload.type").error("simulate.workload.type = " + type + " needs at least 2 servers, but "
          + topology + " has " + servers);
    }
    switch (type) {
      case "incast" -> {
        long senders = Long.parseLong(p.get("workload.senders"));
        if (senders > servers - 1) {
          throw axis("workload.senders").error("simulate.workload.senders = " + senders + " on " + topology
              + " (" + servers + " servers): valid range 1.." + (servers - 1));
        }
      }
      case "alltoall" -> {
        if (servers > 46_341) {
          throw axis("workload.type").error("simulate.workload.type = alltoall on " + topology + " ("
              + servers + " servers) would make " + (long) servers * (servers - 1)
              + " flows: valid range of servers 2..46341");
        }
      }
      case "trace" -> {
        String file = p.get("workload.trace");
        int max = traceHosts.computeIfAbsent(file, f -> maxHost(f));
        if (max >= servers) {
          throw axis("workload.trace").error("simulate.workload.trace " + file + " names host " + max
              + " but " + topology + " has " + servers + " servers (valid hosts 0.." + (servers - 1) + ")");
        }
      }
      default -> {
        // poisson and permutation need 2 servers, checked above
      }
    }
  }

  private int maxHost(String file) {
    FlowTrace t;
    try {
      t = TraceCsv.read(Path.of(file), Integer.MAX_VALUE);
    } catch (FabriclabException e) {
      throw axis("workload.trace").error("simulate.workload.trace: " + e.getMessage());
    }
    int max = -1;
    for (int i = 0; i < t.size(); i++) {
      max = Math.max(max, Math.max(t.src(i), t.dst(i)));
    }
    return max;
  }

  private SpecNode axis(String key) {
    for (ExperimentSpec.Axis a : spec.settings()) {
      if (a.key().equals(key)) {
        return a.node();
      }
    }
    throw new IllegalStateException("no setting " + key);
  }

  /** A topology combination for messages: {@code fattree k=4 link-gbps=40}. */
  static String describe(ExperimentSpec.TopologyEntry e, Map<String, String> combo) {
    StringBuilder b = new StringBuilder(e.label());
    combo.forEach((k, v) -> b.append(' ').append(k.substring("topology.".length())).append('=').append(v));
    return b.toString();
  }

  /** Refuses a family topology whose estimated build exceeds the heap, as the build would. */
  static void size(org.fabriclab.topology.TopologyFamilies families, String family,
      org.fabriclab.topology.Params params) {
    org.fabriclab.topology.TopologyFamilies.checkSize(families.get(family), params,
        org.fabriclab.units.HeapBudget.maxHeapBytes());
  }

}
