package org.fabriclab.cli.run;

import java.nio.file.Path;
import java.util.Map;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.io.ImportDefaults;
import org.fabriclab.graph.io.TopologyFiles;

/**
 * Reads a topology file of a spec entry with its import defaults ({@code servers-per-switch},
 * {@code link-gbps}, {@code link-delay-ns}; see {@link ImportDefaults}).
 */
final class TopologyImport {
  private TopologyImport() {}

  static Topology read(Path file, Map<String, String> params) {
    String s = params.get("topology.servers-per-switch");
    String g = params.get("topology.link-gbps");
    String d = params.get("topology.link-delay-ns");
    return TopologyFiles.read(file, ImportDefaults.of(s == null ? null : Integer.valueOf(s),
        g == null ? null : Double.valueOf(g), d == null ? null : Long.valueOf(d)));
  }
}
