package org.fabriclab.sim.packet;

import java.util.ArrayList;
import java.util.List;

/**
 * The one registry of packet kinds of a network, so transports and systems sharing a network never
 * collide (before, TCP's SYN and RoCEv2's DATA were both kind 0). A transport registers a block of
 * consecutive kinds with the {@link KindReceiver} that consumes them at the end host, and hands out
 * typed handles to them ({@code Rocev2Transport.kinds().ack()}): nothing outside the transport
 * counts on the block's layout. The network hands a packet delivered to a host to the receiver of
 * its kind. This is the host demultiplexer:
 * by kind to a transport or application, then by the packet's flow/QP number inside it.
 *
 * <p>Not static: each network owns its registry, so two runs never share state. Lookups are O(1)
 * array reads; registration is O(kinds).
 */
public final class PacketKinds {
  /** Receives the packets of its kinds that reach their destination host; it frees them. */
  @FunctionalInterface
  public interface KindReceiver {
    void deliver(int packet, int node);
  }

  private final List<String> names = new ArrayList<>();
  private KindReceiver[] receivers = new KindReceiver[0];

  /**
   * Registers {@code kindNames.length} consecutive kinds owned by {@code receiver} and returns the
   * first; kind {@code first + i} is named {@code owner + "." + kindNames[i]}.
   */
  public int register(String owner, KindReceiver receiver, String... kindNames) {
    if (kindNames.length == 0) {
      throw new IllegalArgumentException("no kind names");
    }
    int first = names.size();
    for (String k : kindNames) {
      names.add(owner + "." + k);
    }
    KindReceiver[] r = java.util.Arrays.copyOf(receivers, names.size());
    for (int i = first; i < r.length; i++) {
      r[i] = receiver;
    }
    receivers = r;
    return first;
  }

  /** Number of kinds registered. */
  public int size() {
    return names.size();
  }

  /** The kind's name ("tcp.SYN"). */
  public String name(int kind) {
    return names.get(kind);
  }

  /**
   * The kind named {@code name} ("rocev2.DATA"), for code that sees only the network (a probe, a
   * test); code that holds the transport takes its typed handles instead ({@code
   * Rocev2Transport.kinds()}). O(kinds).
   *
   * @throws IllegalArgumentException when no kind has that name
   */
  public int kind(String name) {
    int k = names.indexOf(name);
    if (k < 0) {
      throw new IllegalArgumentException("no packet kind " + name + " (registered: " + names + ")");
    }
    return k;
  }

  /** The receiver of {@code kind}, or null when the kind is not registered. */
  public KindReceiver receiver(int kind) {
    return kind >= 0 && kind < receivers.length ? receivers[kind] : null;
  }

  /** Replaces the receiver of an already registered kind (an application taking over a flow type). */
  public void setReceiver(int kind, KindReceiver r) {
    receivers[kind] = r;
  }
}
