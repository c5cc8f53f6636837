/**
 * Applications as {@link org.fabriclab.sim.collective.CollectiveSchedule}s: generated group
 * workloads ({@link org.fabriclab.sim.app.GroupWorkloads}, each group a phase whose transfers wait
 * for a step lasting until its arrival) and per-phase completion and job completion time ({@link
 * org.fabriclab.sim.app.PhaseTimes}). The collective executors run them.
 */
package org.fabriclab.sim.app;
