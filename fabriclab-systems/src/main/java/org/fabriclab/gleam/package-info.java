/**
 * Gleam, RDMA RC multicast in the fabric — seed 002 ({@code 002_7587dd88b28338de.txt}, Li et al.,
 * "Gleam: An RDMA-accelerated Multicast Protocol for Datacenter Networks").
 *
 * <p>Switch logic, engine-independent and driven packet by packet (an engine switch element only
 * has to map ports and header fields): {@link org.fabriclab.gleam.MulticastForwardingTable} (§3.3,
 * Fig. 5; byte layout {@link org.fabriclab.gleam.TableLayout}), {@link
 * org.fabriclab.gleam.OneToManyForwarding} (Alg. 1, Fig. 6; its choice of copies, {@code copies},
 * is what the packet engine's {@link org.fabriclab.gleam.GleamSwitchElement} runs) over {@link
 * org.fabriclab.gleam.CopySink} / {@link org.fabriclab.gleam.RoceHeader}, {@link
 * org.fabriclab.gleam.AckAggregation} (Alg. 2/3, Fig. 7) over {@link
 * org.fabriclab.gleam.FeedbackSink}, {@link org.fabriclab.gleam.CnpFilter} (§3.5). Control plane:
 * {@link org.fabriclab.gleam.EnvelopeRegistration} (Alg. 4, Appendix A, Fig. 17/18), as packets
 * through the engine {@link org.fabriclab.gleam.EnvelopePackets}. Loss experiments (§5.3, Fig. 15/16):
 * {@link org.fabriclab.gleam.LossExperiment}, {@link org.fabriclab.gleam.ArrivalLoss}, the ring
 * baseline {@link org.fabriclab.gleam.RingBcast}. End hosts:
 * {@link org.fabriclab.gleam.SourceSwitching} (Appendix B), {@link
 * org.fabriclab.gleam.WriteMrUpdate} (§3.3 one-to-many WRITE). Baselines as transfer schedules and
 * an analytic testbed model: {@code org.fabriclab.gleam.baseline}, {@link
 * org.fabriclab.gleam.TestbedModel}. Reproduction: {@link org.fabriclab.gleam.GleamReproduction}, §5's
 * headline claims and Table 2 in {@link org.fabriclab.gleam.HeadlineClaims}.
 * Collective scheme {@code gleam} (broadcast, allgather as multicasts over §3's data plane):
 * {@code org.fabriclab.gleam.dataplane}.
 *
 * <p>Packet-level experiments (Fig. 9-16 with loss, DCQCN, HPL on 16,384 servers) run on the
 * packet engine through {@code gleam.dataplane}; decisions where the paper is open are in each
 * class's javadoc and in {@code docs/reproduction-gleam.md}.
 */
package org.fabriclab.gleam;
