package org.fabriclab.sim.assembly;

import org.fabriclab.sim.host.NicScheduler;
import org.fabriclab.sim.net.Network;

/**
 * A transport of a fabric: {@code factory} builds it on the network with the hosts' shared NIC
 * schedulers, and it registers its own packet kinds there. The binding object is also the typed
 * key under which the built fabric hands the transport back ({@link Fabric#transport}), so a
 * caller gets a {@code Rocev2Transport} (and its kind handles) without a cast or a name lookup.
 *
 * @param <T> the transport's type
 */
public final class TransportBinding<T> {
  /** Builds the transport on a network. */
  @FunctionalInterface
  public interface Factory<T> {
    T create(Network net, NicScheduler nics);
  }

  private final String name;
  private final Factory<T> factory;

  private TransportBinding(String name, Factory<T> factory) {
    this.name = name;
    this.factory = factory;
  }

  /** A transport named {@code name} (for messages) built by {@code factory}. */
  public static <T> TransportBinding<T> of(String name, Factory<T> factory) {
    return new TransportBinding<>(name, factory);
  }

  public String name() {
    return name;
  }

  T create(Network net, NicScheduler nics) {
    return factory.create(net, nics);
  }

  @Override
  public String toString() {
    return "transport " + name;
  }
}
