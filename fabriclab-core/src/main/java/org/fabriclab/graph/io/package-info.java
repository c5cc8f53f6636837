/**
 * Topology files, both ways: the fabriclab JSON edge list ({@link
 * org.fabriclab.graph.io.JsonEdgeList}), GraphML ({@link org.fabriclab.graph.io.GraphMl}) and
 * Graphviz DOT export ({@link org.fabriclab.graph.io.Dot}); {@link
 * org.fabriclab.graph.io.TopologyFiles} writes atomically and detects the format on import. Every
 * cable is written once with the ports of both ends, so importing an export gives back an equal
 * {@link org.fabriclab.graph.Topology}. Formats are documented in {@code docs/formats.md}.
 */
package org.fabriclab.graph.io;
