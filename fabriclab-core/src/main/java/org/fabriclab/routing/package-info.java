/**
 * Path sets shared by analyses and engines: ECMP shortest-path sets with next-hop ports
 * ({@link org.fabriclab.routing.EcmpPaths}) and Yen's k-shortest loopless paths through JGraphT
 * ({@link org.fabriclab.routing.KShortestPaths}), as {@link org.fabriclab.routing.Path}s of node
 * and link ids.
 */
package org.fabriclab.routing;
