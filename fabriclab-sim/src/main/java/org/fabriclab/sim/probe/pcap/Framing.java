package org.fabriclab.sim.probe.pcap;

import java.util.function.IntToLongFunction;
import org.fabriclab.sim.transport.tcp.TcpConfig;

/**
 * What a capture needs to know of the transports beyond the packets' fields: TCP counts sequence
 * numbers in segments, a capture in bytes, so it needs the segment size, the header bytes a packet's
 * size includes and (for the last ACK of a flow, whose byte number is the flow's size plus one)
 * each flow's bytes.
 *
 * @param tcpMssBytes payload of a full TCP segment
 * @param tcpHeaderBytes header bytes in every TCP packet's size (a control packet is header only)
 * @param tcpFlowBytes bytes of TCP flow {@code f}, or null when unknown (ACK numbers then stop at
 *     whole segments)
 */
public record Framing(int tcpMssBytes, int tcpHeaderBytes, IntToLongFunction tcpFlowBytes) {
  public Framing {
    if (tcpMssBytes < 1 || tcpHeaderBytes < 0) {
      throw new IllegalArgumentException("TCP framing " + tcpMssBytes + " + " + tcpHeaderBytes + " B");
    }
  }

  /** The framing of TCP settings {@code c}, flow sizes from {@code flowBytes} (may be null). */
  public static Framing of(TcpConfig c, IntToLongFunction flowBytes) {
    return new Framing(c.mssBytes(), c.headerBytes(), flowBytes);
  }

  /** The framing of the benchmark's TCP settings ({@link TcpConfig#benchmark}), flow sizes unknown. */
  public static Framing defaults() {
    return of(TcpConfig.benchmark(false), null);
  }
}
