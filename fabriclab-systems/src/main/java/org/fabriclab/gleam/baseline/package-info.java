/**
 * Seed 002's baselines as data: {@link org.fabriclab.gleam.baseline.TransferSchedule}s of
 * {@link org.fabriclab.gleam.baseline.Transfer}s with dependencies (MPI_Bcast algorithms and Open
 * MPI 4.1's choice among them, HPL increasing-ring panel broadcast and long row swap, storage
 * replication), and {@link org.fabriclab.gleam.baseline.StarJctModel}, an analytic fluid model of
 * one switch with its hosts. Engines will run the same schedules as group flows with triggers.
 */
package org.fabriclab.gleam.baseline;
