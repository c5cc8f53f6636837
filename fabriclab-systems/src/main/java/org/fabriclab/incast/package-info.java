/**
 * Incast aggregation trees on BCube and FBFLY/HyperX — seed 004
 * ({@code 004_c5684c3da834fa37.txt}, Guo et al., "Managing and Aggregating Data Transfers in Data
 * Centers").
 *
 * <p>Model: {@link org.fabriclab.incast.BCubeLabels} (label arithmetic, nothing materialised),
 * {@link org.fabriclab.incast.IncastTransfer} (receiver, senders, sizes; §V-A task collapsing,
 * §V-B active dimensions), {@link org.fabriclab.incast.ShuffleTransfer} (one incast per
 * receiver), {@link org.fabriclab.incast.IncastTree} (server-level edges, Def. 1 metrics with
 * switches, links, cache servers, receiver input, α of §VI-D).
 *
 * <p>Builders ({@link org.fabriclab.incast.IncastTreeBuilder}): {@link
 * org.fabriclab.incast.ExistingMethod}, {@link org.fabriclab.incast.UnicastDrivenTreeBuilder},
 * {@link org.fabriclab.incast.RsTreeBuilder} (Def. 3, Thm. 2), {@link
 * org.fabriclab.incast.ArsTreeBuilder} (Thm. 3), {@link
 * org.fabriclab.incast.IntraStageOptimization}, {@link org.fabriclab.incast.BestRsTreeBuilder},
 * {@link org.fabriclab.incast.ExactIncastTreeBuilder}; by CLI name in {@link
 * org.fabriclab.incast.IncastMethod}. Dynamics and faults: {@link
 * org.fabriclab.incast.IncastTreeUpdater}, {@link org.fabriclab.incast.IncastFaultHandler}
 * reporting {@link org.fabriclab.incast.TreeUpdate}s. §V-C: {@link
 * org.fabriclab.incast.HyperXIncast}. Data plane: {@link
 * org.fabriclab.incast.AggregationDataPlane} with {@link org.fabriclab.incast.WordCountWorkload}
 * and {@link org.fabriclab.incast.ReduceFunction}; delays: {@link
 * org.fabriclab.incast.ShuffleDelayModel}. Reproduction: {@link
 * org.fabriclab.incast.IncastReproduction}.
 *
 * <p>Decisions where the paper is open: Fig. 3(c)'s stage-1 set is {1,2,3} (the text's {1,3,4}
 * is a misprint); Def. 3 rule 2 corrects the first differing symbol of e_{j+1}, e_{j+2}, …; ARS
 * ties go to the lowest dimension; the unicast-driven baseline draws a seeded random
 * digit-correction order per sender, and a path reaching a server that already carries the
 * transfer follows it (per-transfer forwarding state), aggregating there; the existing method uses
 * the same paths without aggregation; the exact tree is exact for α = 0 and equal sizes, where
 * Def. 1 reduces to a Steiner tree of the generalized hypercube; a failed inner server's children
 * reroute by breadth-first search to the nearest server of the remaining tree.
 */
package org.fabriclab.incast;
