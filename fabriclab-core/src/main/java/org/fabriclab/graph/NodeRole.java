package org.fabriclab.graph;

/** What a node is. Tiers (edge, aggregation, core, ToR…) are labels, not roles. */
public enum NodeRole {
  SERVER("server"),
  PACKET_SWITCH("packet-switch"),
  CIRCUIT_SWITCH("circuit-switch"),
  CONVERTER_SWITCH("converter-switch"),
  OPTICAL_SPLITTER("optical-splitter");

  private final String id;

  NodeRole(String id) {
    this.id = id;
  }

  /** The stable name used in files (GraphML, JSON, DOT). */
  public String id() {
    return id;
  }

  public boolean isSwitch() {
    return this != SERVER;
  }

  public static NodeRole fromId(String id) {
    for (NodeRole r : values()) {
      if (r.id.equals(id) || r.name().equalsIgnoreCase(id)) {
        return r;
      }
    }
    return null;
  }
}
