/**
 * Group communication as one model on both engines. A collective ({@link
 * org.fabriclab.sim.collective.CollectiveOp}, {@link org.fabriclab.sim.collective.CollectiveSpec})
 * is built by a named {@link org.fabriclab.sim.collective.CollectiveScheme} into a {@link
 * org.fabriclab.sim.collective.CollectiveSchedule} — a DAG of transfers, multicasts and local
 * steps over ranks — which a {@link org.fabriclab.sim.collective.Placement} puts on hosts and
 * {@link org.fabriclab.sim.collective.PacketCollective} or {@link
 * org.fabriclab.sim.collective.FlowCollective} runs, giving a {@link
 * org.fabriclab.sim.collective.CollectiveResult} (JCT, algbw and busbw as nccl-tests defines
 * them, bytes on the wire, each rank's end). At packet level, multicasts and aggregations run in
 * the fabric ({@code PacketGroups}) on the trees the flow engine uses.
 */
package org.fabriclab.sim.collective;
