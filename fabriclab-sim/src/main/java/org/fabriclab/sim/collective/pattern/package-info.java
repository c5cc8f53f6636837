/**
 * The papers' application patterns as compositions of collectives over a chosen scheme: HPL's
 * panel broadcast and row swap ({@link org.fabriclab.sim.collective.pattern.HplPattern}, Gleam
 * paper §5.3), storage replication ({@link
 * org.fabriclab.sim.collective.pattern.ReplicationPattern}, §5.2.2) and the MapReduce shuffle
 * ({@link org.fabriclab.sim.collective.pattern.ShufflePattern}, incast paper §I). Each is one
 * {@link org.fabriclab.sim.collective.CollectiveSchedule} that both engines run.
 */
package org.fabriclab.sim.collective.pattern;
