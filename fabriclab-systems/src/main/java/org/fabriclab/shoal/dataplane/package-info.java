/**
 * Shoal (seed 003) as a collective scheme: {@link org.fabriclab.shoal.dataplane.ShoalScheme}
 * ({@code shoal}: the direct schedule of each operation, {@link
 * org.fabriclab.shoal.dataplane.DirectSchedules}) run by {@link
 * org.fabriclab.shoal.dataplane.ShoalCollective} as cell flows on the slot engine of {@code
 * org.fabriclab.shoal} (§3.3.1 detour forwarding, §3.3.2 Eq. 1–2 backpressure, §3.3.3 Eq. 4–6),
 * on the rack of {@link org.fabriclab.shoal.ShoalFamily} (§3.2, §7.1).
 */
package org.fabriclab.shoal.dataplane;
