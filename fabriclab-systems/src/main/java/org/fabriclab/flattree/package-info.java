/**
 * Flat-tree, a convertible Clos network (Xia and Ng, HotNets 2016;
 * /work/shared/seeds/001_5e703544cea19579.txt).
 *
 * <ul>
 *   <li>{@link org.fabriclab.flattree.ConverterSwitch}: 4- and 6-port converters and their
 *       configurations (Fig. 1), port pairings that add no hop.
 *   <li>{@link org.fabriclab.flattree.ClosLayout}, {@link org.fabriclab.flattree.FlatTree},
 *       {@link org.fabriclab.flattree.PodCoreWiring}: construction from a Clos layout (§2.2–2.5).
 *   <li>{@link org.fabriclab.flattree.FlatTreeController}, {@link org.fabriclab.flattree.FlatTreeMode},
 *       {@link org.fabriclab.flattree.LogicalNetwork}: modes, hybrid zones, logical topology and
 *       routing (§2.6).
 *   <li>{@link org.fabriclab.flattree.FlatTreeFamily}: the {@code flattree} topology family.
 *   <li>{@link org.fabriclab.flattree.FlatTreeProfiler}, {@link org.fabriclab.flattree.InPodPathLength}:
 *       §2.4/§3.2 profiling and Fig. 6.
 *   <li>{@link org.fabriclab.flattree.FlatTreeReproduction}: {@code fabriclab reproduce flattree}.
 * </ul>
 *
 * Throughput (max concurrent flow) lives in core {@code org.fabriclab.analysis}, cluster traffic in
 * core {@code org.fabriclab.traffic}.
 */
package org.fabriclab.flattree;
