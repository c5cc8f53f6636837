/**
 * Shufflecast: an optical-splitter multicast fabric beside an optical circuit-switched core (seed
 * {@code 000_9b2589b0d55d7b52.txt}, IEEE/ACM ToN 2022). From the paper to the classes:
 *
 * <table>
 *   <caption>Paper → classes</caption>
 *   <tr><th>paper</th><th>what</th><th>class</th></tr>
 *   <tr><td>§III-A1, Fig. 2, Fig. 9</td><td>p,k-Shufflecast topology: k columns of p^k ToRs, 1:p
 *       splitters to the next column</td><td>{@link org.fabriclab.shufflecast.ShufflecastTopology},
 *       registry adapter {@link org.fabriclab.shufflecast.ShufflecastFamily}</td></tr>
 *   <tr><td>§III-A1</td><td>ToR counts that are not k·p^k</td>
 *       <td>{@link org.fabriclab.shufflecast.ArbitraryTorCount}</td></tr>
 *   <tr><td>§III-A3, Algorithm 1, Fig. 3, Lemma 1, Appendix A</td><td>multicast-aware routing
 *       (next-hop relay computation; at most 2k − 1 hops)</td>
 *       <td>{@link org.fabriclab.shufflecast.ShufflecastRouting}</td></tr>
 *   <tr><td>§III-A4, Lemma 3, Lemma 4, Fig. 6(d), Fig. 7(c)</td><td>concurrent one-to-all
 *       multicasts sharing relays: max-min shares</td>
 *       <td>{@link org.fabriclab.shufflecast.ConcurrentMulticast}</td></tr>
 *   <tr><td>§III-B, §III-B1</td><td>ToR-to-ToR relay rules (k·p^(k−1) per ToR) and where a
 *       multicast goes under them</td><td>{@link org.fabriclab.shufflecast.RelayRules},
 *       {@link org.fabriclab.shufflecast.MulticastDelivery}</td></tr>
 *   <tr><td>§III-B, §III-C2, §VI-B(a)</td><td>the centralised controller and its latency</td>
 *       <td>{@link org.fabriclab.shufflecast.ShufflecastController}</td></tr>
 *   <tr><td>§III-C1, Algorithm 2, Fig. 4, Fig. 5, §VI-C Fig. 7(a)(b)</td><td>single relay failure
 *       and its recovery; p mirrored relays failing at once</td>
 *       <td>{@link org.fabriclab.shufflecast.RelayFailureRecovery},
 *       {@link org.fabriclab.shufflecast.FailureAnalysis},
 *       {@link org.fabriclab.shufflecast.MirroredRelayFailures}</td></tr>
 *   <tr><td>§II-B Fig. 1, §VI-A(a)(b)(c) Fig. 6(b)(c), Table I</td><td>ports, transceivers, power,
 *       cost and latency of overlay, IP multicast and Shufflecast</td>
 *       <td>{@link org.fabriclab.shufflecast.PowerCostModel},
 *       {@link org.fabriclab.shufflecast.ComponentCatalog}</td></tr>
 *   <tr><td>§II-C, Table I</td><td>optical power budget of a splitter link</td>
 *       <td>{@link org.fabriclab.shufflecast.OpticalPowerBudget}</td></tr>
 *   <tr><td>§IV-A, Appendix B, Fig. 10</td><td>unused ToR ports</td>
 *       <td>{@link org.fabriclab.shufflecast.UnusedPortAnalysis}</td></tr>
 *   <tr><td>§III-A3, §III-B, §V</td><td>the data plane: relay-rule ToRs over the engine's passive
 *       splitters; the §V testbed and its IP-multicast comparison network</td>
 *       <td>{@link org.fabriclab.shufflecast.ShufflecastRelayElement},
 *       {@link org.fabriclab.shufflecast.SplitterFabric},
 *       {@link org.fabriclab.shufflecast.IpMulticastFabric},
 *       {@link org.fabriclab.shufflecast.MulticastFabric},
 *       {@link org.fabriclab.shufflecast.ShufflecastMulticastRun}</td></tr>
 *   <tr><td>§VI-A(a), Fig. 6(a)</td><td>1:15 multicast at line rate and the application-layer
 *       baselines (MPI_Bcast, Spark-Cornet)</td>
 *       <td>{@link org.fabriclab.shufflecast.PacedRun},
 *       {@link org.fabriclab.shufflecast.Fig6aBaselines},
 *       {@link org.fabriclab.shufflecast.OverlayBroadcastRun},
 *       {@link org.fabriclab.shufflecast.MpiBcastPlan}, {@link org.fabriclab.shufflecast.CornetPlan},
 *       {@link org.fabriclab.shufflecast.BroadcastPlan}</td></tr>
 *   <tr><td>§VI-B(b), Fig. 6(d)(e)</td><td>reliable multicast (NORM with a loss-driven rate control
 *       standing in for TFMCC), joins, leaves and a relay failure during a transfer</td>
 *       <td>{@link org.fabriclab.shufflecast.NormRun},
 *       {@link org.fabriclab.shufflecast.LossFeedbackRate},
 *       {@link org.fabriclab.shufflecast.Fig6Experiments},
 *       {@link org.fabriclab.shufflecast.DataPlaneExperiments}</td></tr>
 *   <tr><td>§VI-D, Fig. 8(a)(b)(d)</td><td>LDA, TPC-H and Paxos as communication models</td>
 *       <td>{@link org.fabriclab.shufflecast.Fig8Experiments},
 *       {@link org.fabriclab.shufflecast.TpchBroadcasts},
 *       {@link org.fabriclab.shufflecast.FluidBroadcast},
 *       {@link org.fabriclab.shufflecast.PaxosLatency}</td></tr>
 *   <tr><td>all of the above</td><td>{@code fabriclab reproduce shufflecast}</td>
 *       <td>{@link org.fabriclab.shufflecast.ShufflecastReproduction} with
 *       {@link org.fabriclab.shufflecast.RoutingExperiments},
 *       {@link org.fabriclab.shufflecast.FailureExperiments},
 *       {@link org.fabriclab.shufflecast.CostExperiments},
 *       {@link org.fabriclab.shufflecast.DiscussionExperiments},
 *       {@link org.fabriclab.shufflecast.QuickSkips}</td></tr>
 * </table>
 *
 * <p>On the collective layer (broadcast and allgather over the splitters, beside every other
 * scheme and fabric) Shufflecast is {@link org.fabriclab.shufflecast.dataplane}.
 */
package org.fabriclab.shufflecast;
