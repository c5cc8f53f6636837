package org.fabriclab.graph.io;

import java.util.Arrays;
import java.util.Locale;
import org.fabriclab.error.InvalidParameterException;

/** Topology file formats: name (as the CLI spells it, also the extension), importable or not. */
public enum TopologyFormat {
  /** The fabriclab JSON edge list ({@link JsonEdgeList}); export and import. */
  JSON("json", true),
  /** GraphML ({@link GraphMl}); export and import. */
  GRAPHML("graphml", true),
  /** Graphviz DOT ({@link Dot}); export only. */
  DOT("dot", false);

  private final String extension;
  private final boolean readable;

  TopologyFormat(String extension, boolean readable) {
    this.extension = extension;
    this.readable = readable;
  }

  /** The lower-case name, also the file extension without the dot. */
  public String extension() {
    return extension;
  }

  /** Whether {@link TopologyFiles#read} can import this format. */
  public boolean readable() {
    return readable;
  }

  /**
   * The format called {@code name} (case-insensitive, a leading dot allowed).
   *
   * @throws InvalidParameterException listing the valid names
   */
  public static TopologyFormat fromName(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    n = n.startsWith(".") ? n.substring(1) : n;
    for (TopologyFormat f : values()) {
      if (f.extension.equals(n)) {
        return f;
      }
    }
    throw new InvalidParameterException("format", name, "valid formats: " + validNames());
  }

  /** {@code json, graphml, dot}. */
  public static String validNames() {
    return String.join(", ", Arrays.stream(values()).map(TopologyFormat::extension).toList());
  }
}
