/**
 * Shufflecast on the collective layer (seed 000_9b2589b0d55d7b52.txt): {@link
 * org.fabriclab.shufflecast.dataplane.SplitterScheme}, the scheme {@code splitter} (broadcast,
 * allgather) whose multicasts travel through the source ToR's and the relay ToRs' optical
 * splitters (§III-A1, Algorithm 1 §III-A3, static rules §III-B1); {@link
 * org.fabriclab.shufflecast.dataplane.SplitterCarrier}, its packet-level carrier (the relay ToR
 * element, passive splitters, the unreliable line-rate sender of §VI-A(a) Fig. 6(a)); {@link
 * org.fabriclab.shufflecast.dataplane.SplitterTrees}, the links a multicast lights and its last
 * packet's latency, for the flow engine and the wire-byte counts; {@link
 * org.fabriclab.shufflecast.dataplane.SplitterInstance}, the p,k instance a topology is.
 */
package org.fabriclab.shufflecast.dataplane;
