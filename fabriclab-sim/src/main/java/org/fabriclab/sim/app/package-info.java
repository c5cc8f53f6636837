/**
 * Applications on the packet engine: transfers with triggers ({@link
 * org.fabriclab.sim.app.TransferGraph}, {@link org.fabriclab.sim.app.Triggers}), group flows with
 * per-receiver completion and job completion time, and group workloads.
 */
package org.fabriclab.sim.app;
