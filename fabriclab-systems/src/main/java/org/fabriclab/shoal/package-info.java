/**
 * Shoal: a rack fabric of fast circuit switches in a two-stage Clos with a static round-robin
 * schedule, detour (Valiant) routing of fixed-size cells and one-hop backpressure (seed {@code
 * 003_b196c7dae7adec63.txt}, NSDI 2019). From the paper to the classes:
 *
 * <table>
 *   <caption>Paper → classes</caption>
 *   <tr><th>paper</th><th>what</th><th>class</th></tr>
 *   <tr><td>§3, §6.1, §7.1</td><td>one rack's parameters (512 nodes, 100 Gb/s = 4 × 25 Gb/s
 *       channels, 23.25 ns slots, 2.75 ns guard, 64 B cells)</td>
 *       <td>{@link org.fabriclab.shoal.ShoalConfig}</td></tr>
 *   <tr><td>§3.2, Fig. 2</td><td>the two-stage Clos of circuit switches</td>
 *       <td>{@link org.fabriclab.shoal.ClosFabric}</td></tr>
 *   <tr><td>§3.2 Fig. 3, §3.4, Appendix A</td><td>the static fabric schedule and its epoch</td>
 *       <td>{@link org.fabriclab.shoal.FabricSchedule}</td></tr>
 *   <tr><td>§3.2, Fig. 4</td><td>contention-free per-switch schedules</td>
 *       <td>{@link org.fabriclab.shoal.SwitchSchedules}</td></tr>
 *   <tr><td>Fig. 5</td><td>the 8 B cell header</td><td>{@link org.fabriclab.shoal.CellHeader}</td></tr>
 *   <tr><td>§3.3 (§3.3.1–§3.3.4)</td><td>the node stack: detour routing, virtual links Q_ij and
 *       ready queues R_ij, one-hop backpressure, bounded queues, on the slot engine</td>
 *       <td>{@link org.fabriclab.shoal.ShoalSimulator}, {@link org.fabriclab.shoal.ShoalSlotLoop},
 *       {@link org.fabriclab.shoal.ShoalSources}, {@link org.fabriclab.shoal.ShoalLinks},
 *       {@link org.fabriclab.shoal.ShoalLinkStore}, {@link org.fabriclab.shoal.ShoalPairs},
 *       {@link org.fabriclab.shoal.ShoalFlows}</td></tr>
 *   <tr><td>§3.5, Fig. 16</td><td>cell reordering and reassembly</td>
 *       <td>{@link org.fabriclab.shoal.ReorderTracker}</td></tr>
 *   <tr><td>§3.5, Table 1</td><td>failure detection and the failed slots per component</td>
 *       <td>{@link org.fabriclab.shoal.ShoalFailures}, {@link org.fabriclab.shoal.FailedSlots}</td></tr>
 *   <tr><td>Appendix D</td><td>cell corruption</td><td>{@link org.fabriclab.shoal.CellCorruption}</td></tr>
 *   <tr><td>§5, Fig. 11</td><td>power and cost against a packet-switched Clos</td>
 *       <td>{@link org.fabriclab.shoal.ShoalPowerCost}</td></tr>
 *   <tr><td>§6.2, §7</td><td>workloads (incast, permutation, Poisson of Pareto sizes, the skewed
 *       variant) and metrics (destination throughput, short-flow FCT tails, long-flow goodput)</td>
 *       <td>{@link org.fabriclab.shoal.ShoalWorkloads}, {@link org.fabriclab.shoal.ShoalMetrics}</td></tr>
 *   <tr><td>§7.2 "Fairness"</td><td>max-min fair rates, the fairness experiment's reference (the
 *       subflows of the virtual mesh, filled by the engine's {@code sim.flow} progressive filling)</td>
 *       <td>{@link org.fabriclab.shoal.MaxMinWaterFilling}</td></tr>
 *   <tr><td>§7.3</td><td>the packet-switched and torus baselines on the other engines; their
 *       tails; where a short flow's time goes</td>
 *       <td>{@link org.fabriclab.shoal.ShoalBaselines}, {@link org.fabriclab.shoal.Fig15Tails},
 *       {@link org.fabriclab.shoal.ShoalFctBreakdown}</td></tr>
 *   <tr><td>§6.2 Fig. 9, 10</td><td>the 8-node prototype</td>
 *       <td>{@link org.fabriclab.shoal.ShoalPrototypeFigures}</td></tr>
 *   <tr><td>§7 Fig. 12–18</td><td>the 512-node rack figures; Fig. 15 and 16 under Poisson load</td>
 *       <td>{@link org.fabriclab.shoal.ShoalRackFigures}, {@link org.fabriclab.shoal.ShoalPoissonFigure},
 *       {@link org.fabriclab.shoal.ShoalExperiments}, {@link org.fabriclab.shoal.ShoalParallel}</td></tr>
 *   <tr><td>all of the above</td><td>{@code fabriclab reproduce shoal}</td>
 *       <td>{@link org.fabriclab.shoal.ShoalReproduction}</td></tr>
 * </table>
 */
package org.fabriclab.shoal;
