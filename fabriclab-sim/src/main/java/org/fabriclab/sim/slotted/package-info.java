/**
 * A slot-synchronous engine for circuit-switched fabrics with static schedules (DESIGN.md,
 * {@code slotted}; used by Shoal, seed 003 §3). Time advances one slot at a time; a model touches
 * only the queues that are non-empty and the events due in the slot, empty cells stay implicit.
 * Everything lives in primitive arrays: {@link org.fabriclab.sim.slotted.CellQueues} (many FIFO
 * queues of int cell handles over one pool), {@link org.fabriclab.sim.slotted.SlotEventWheel}
 * (events due a bounded number of slots ahead) and {@link org.fabriclab.sim.slotted.NodeBitSet}
 * (which queues of a schedule column have work); {@link org.fabriclab.sim.slotted.SlotTriggers}
 * starts flows when others end and resolves fixed-delay steps between them (a collective's DAG).
 * No allocation once the pools have grown.
 */
package org.fabriclab.sim.slotted;
