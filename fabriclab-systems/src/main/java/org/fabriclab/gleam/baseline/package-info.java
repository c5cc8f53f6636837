/**
 * Seed 002's baselines as {@link org.fabriclab.sim.collective.CollectiveSchedule}s of transfers
 * and multicasts with dependencies (MPI_Bcast algorithms and Open MPI 4.1's choice among them,
 * HPL increasing-ring panel broadcast and long row swap, storage replication), and {@link
 * org.fabriclab.gleam.baseline.StarJctModel}, an analytic fluid model of one switch with its
 * hosts. The MPI_Bcast schedules are the engine's ({@code sim.collective.host}: {@code
 * OpenMpiBcast}, {@code MpiBcastSchedules}), the star model's link sharing the engine's max-min
 * progressive filling ({@code sim.flow.MaxMinProgressiveFilling}). The packet engine runs the
 * same schedules ({@code gleam.PacketSchedule}).
 */
package org.fabriclab.gleam.baseline;
