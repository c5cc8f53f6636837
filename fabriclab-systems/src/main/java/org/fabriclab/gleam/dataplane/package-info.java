/**
 * Gleam (seed 002) as a collective scheme: {@link org.fabriclab.gleam.dataplane.GleamScheme}
 * ({@code gleam}: broadcast and allgather as multicasts) and its packet-level binding {@link
 * org.fabriclab.gleam.dataplane.GleamCarrier} (§3.3 Alg. 1 forwarding and header rewrite, §3.4 Alg.
 * 2/3 ACK aggregation and NACK filtering, §3.5 CNP filtering, Appendix A's registration for the
 * trees), built on the switch element and tables of {@code org.fabriclab.gleam}.
 */
package org.fabriclab.gleam.dataplane;
