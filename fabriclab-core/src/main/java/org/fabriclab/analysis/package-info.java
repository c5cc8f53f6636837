/**
 * Graph analyses on a {@link org.fabriclab.graph.Topology}'s CSR arrays, each returning a record
 * that renders as a {@link org.fabriclab.table.Table}: server- and switch-pair hop histograms
 * (path lengths of Flat-tree, seed 001 §3.2), degrees, weakly connected components, ECMP
 * shortest-path sets, k-shortest paths and a one-row summary. The BFS is our own; JGraphT is
 * used only for Yen's k-shortest paths.
 */
package org.fabriclab.analysis;
