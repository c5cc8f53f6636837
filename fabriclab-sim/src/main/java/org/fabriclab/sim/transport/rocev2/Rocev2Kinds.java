package org.fabriclab.sim.transport.rocev2;

/**
 * The packet kinds of one {@link Rocev2Transport} on its network, as typed handles
 * ({@link Rocev2Transport#kinds()}): an element that recognises or generates the transport's
 * packets (a switch's ACK, NACK or CNP) takes each kind from here, never by name nor by its offset
 * from DATA. Several RoCEv2 transports on one network each have their own.
 */
public record Rocev2Kinds(int data, int ack, int nack, int cnp) {
  /** Whether {@code kind} is one of this transport's kinds. */
  public boolean contains(int kind) {
    return kind == data || kind == ack || kind == nack || kind == cnp;
  }
}
