package org.fabriclab.graph.io;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.fabriclab.graph.Topology;

/**
 * A topology read from a file, with the attributes of the file it did not use (a networkx
 * graph's {@code weight} or {@code color}, Topology Zoo's coordinates), each list in the order the
 * names first appear in the file. An attribute is used when the reader takes a value from it
 * (role, labels, ports, capacity, delay, one-way flag, family, name, units; see {@code
 * docs/formats.md}).
 *
 * @param topology the topology
 * @param ignoredGraphAttributes graph attributes the reader did not use
 * @param ignoredNodeAttributes node attributes the reader did not use
 * @param ignoredEdgeAttributes edge (link) attributes the reader did not use
 */
public record ImportedTopology(
    Topology topology,
    List<String> ignoredGraphAttributes,
    List<String> ignoredNodeAttributes,
    List<String> ignoredEdgeAttributes) {
  public ImportedTopology {
    ignoredGraphAttributes = List.copyOf(ignoredGraphAttributes);
    ignoredNodeAttributes = List.copyOf(ignoredNodeAttributes);
    ignoredEdgeAttributes = List.copyOf(ignoredEdgeAttributes);
  }

  /** A topology whose file had nothing to ignore. */
  static ImportedTopology of(Topology t) {
    return new ImportedTopology(t, List.of(), List.of(), List.of());
  }

  /**
   * One line for people, empty when nothing was ignored: {@code topology file net.graphml:
   * ignored edge attributes weight, color; node attributes label}.
   */
  public Optional<String> ignoredLine(String file) {
    List<String> parts = new ArrayList<>();
    add(parts, "edge", ignoredEdgeAttributes);
    add(parts, "node", ignoredNodeAttributes);
    add(parts, "graph", ignoredGraphAttributes);
    if (parts.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of("topology file " + file + ": ignored " + String.join("; ", parts));
  }

  private static void add(List<String> parts, String what, List<String> names) {
    if (!names.isEmpty()) {
      parts.add(what + " attribute" + (names.size() == 1 ? " " : "s ") + String.join(", ", names));
    }
  }

  /**
   * The name of a topology whose file gives none: the file's name without its directory and
   * extension ({@code data/abilene.graphml} is {@code abilene}); {@code imported} when that is
   * empty.
   */
  static String nameOf(String source) {
    String s = source == null ? "" : source;
    s = s.substring(Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\')) + 1);
    int dot = s.lastIndexOf('.');
    if (dot > 0) {
      s = s.substring(0, dot);
    }
    return s.isBlank() ? "imported" : s;
  }

  /** The attribute names a reader meets and uses, by kind; O(1) per name. */
  static final class Notes {
    private final Set<String> graphSeen = new LinkedHashSet<>();
    private final Set<String> nodeSeen = new LinkedHashSet<>();
    private final Set<String> edgeSeen = new LinkedHashSet<>();
    private final Set<String> used = new LinkedHashSet<>();

    void graph(String name) {
      graphSeen.add(name);
    }

    void node(String name) {
      nodeSeen.add(name);
    }

    void edge(String name) {
      edgeSeen.add(name);
    }

    /** Marks {@code name} used for {@code kind} ("graph", "node" or "edge"). */
    void use(String kind, String name) {
      used.add(kind + ':' + name);
    }

    boolean used(String kind, String name) {
      return used.contains(kind + ':' + name);
    }

    ImportedTopology result(Topology t) {
      return new ImportedTopology(t, unused("graph", graphSeen), unused("node", nodeSeen),
          unused("edge", edgeSeen));
    }

    private List<String> unused(String kind, Set<String> seen) {
      return seen.stream().filter(n -> !used(kind, n)).toList();
    }
  }
}
