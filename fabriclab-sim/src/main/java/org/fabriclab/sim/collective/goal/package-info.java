/**
 * The GOAL schedule format of LogGOPSim, Schedgen and ATLAHS (per-rank blocks of labelled send,
 * recv and calc operations with {@code requires} / {@code irequires} dependencies), both ways:
 * {@link org.fabriclab.sim.collective.goal.GoalReader} reads a file into a {@link
 * org.fabriclab.sim.collective.goal.GoalSchedule} (a {@link
 * org.fabriclab.sim.collective.CollectiveSchedule} plus the way back from nodes to ranks and
 * labels), {@link org.fabriclab.sim.collective.goal.GoalWriter} writes a schedule as GOAL. Times
 * are nanoseconds in the file (LogGOPSim's unit) and picoseconds in the schedule; errors are
 * {@link org.fabriclab.sim.collective.goal.GoalFormatException}s reading {@code FILE:LINE:
 * problem}.
 */
package org.fabriclab.sim.collective.goal;
