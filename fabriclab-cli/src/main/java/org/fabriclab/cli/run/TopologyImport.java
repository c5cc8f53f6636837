package org.fabriclab.cli.run;

import java.nio.file.Path;
import java.util.Map;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.io.TopologyFiles;

/** Reads a topology file of a spec entry. */
final class TopologyImport {
  private TopologyImport() {}

  static Topology read(Path file, Map<String, String> params) {
    return TopologyFiles.read(file);
  }
}
