/**
 * End hosts: the NIC egress scheduler (round-robin over queue pairs and flows, pacing, PFC-aware)
 * that every host-side sender can register with.
 */
package org.fabriclab.sim.host;
