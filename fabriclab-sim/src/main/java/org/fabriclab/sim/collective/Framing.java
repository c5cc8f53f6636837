package org.fabriclab.sim.collective;

import org.fabriclab.error.InvalidParameterException;

/**
 * How a message becomes packets, the same on both engines: {@code payloadBytes} per packet plus
 * {@code headerBytes} of headers each. The default is the RoCEv2 transport's (1024 B payload, 64
 * B of Ethernet, IP, UDP, BTH and ICRC), so a flow-level run carries the bytes a packet-level run
 * puts on the wire.
 */
public record Framing(int payloadBytes, int headerBytes) {
  public Framing {
    InvalidParameterException.requireRange("payloadBytes", payloadBytes, 1, 1 << 20);
    InvalidParameterException.requireRange("headerBytes", headerBytes, 0, 1 << 20);
  }

  /** RoCEv2's defaults: 1024 + 64 bytes. */
  public static Framing rocev2() {
    return new Framing(1024, 64);
  }

  /** Packets of a message of {@code bytes}. */
  public long packets(long bytes) {
    return (bytes + payloadBytes - 1) / payloadBytes;
  }

  /** Bytes on the wire of a message of {@code bytes}: payload plus one header per packet. */
  public long wireBytes(long bytes) {
    return bytes + packets(bytes) * headerBytes;
  }

  /** Bytes on the wire of the message's largest packet. */
  public long packetWireBytes(long bytes) {
    return Math.min(bytes, payloadBytes) + headerBytes;
  }
}
