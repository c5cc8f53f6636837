/**
 * Graph analyses on a {@link org.fabriclab.graph.Topology}'s CSR arrays, each returning a record
 * that renders as a {@link org.fabriclab.table.Table}: server- and switch-pair hop histograms
 * (path lengths of Flat-tree, seed 001 §3.2), degrees, weakly connected components and a one-row
 * summary. The BFS is our own. Path sets (ECMP, k-shortest) live in {@link org.fabriclab.routing}.
 */
package org.fabriclab.analysis;
