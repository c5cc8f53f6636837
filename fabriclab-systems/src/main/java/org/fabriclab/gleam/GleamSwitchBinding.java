package org.fabriclab.gleam;

import java.util.List;
import java.util.function.IntFunction;
import org.fabriclab.sim.assembly.ElementBinding;
import org.fabriclab.sim.assembly.TransportBinding;
import org.fabriclab.sim.transport.rocev2.Rocev2Transport;

/**
 * Gleam's switches as a binding of a fabric description ({@code sim.assembly}, docs/design-notes.md
 * "Assembly"): a {@link GleamSwitchElement} on every switch the control plane gave a table (seed
 * 002, §3.3-§3.5), forwarding the packets of the RoCEv2 transport {@code roce} and taking its
 * packet kinds from that transport's handles. The tables come from a registration that may have
 * run on the very fabric (Fig. 9's registration by packets), so the binding is usually applied to
 * the built fabric ({@code Fabric.bind}). One element per node, in node order; O(nodes).
 */
public final class GleamSwitchBinding {
  private GleamSwitchBinding() {}

  /**
   * @param tables each node's table, or null for a node that runs no Gleam switch
   *     ({@code EnvelopeRegistration::table})
   * @param roce the fabric's RoCEv2 transport
   * @param cnpAgingPs the CNP filter's aging period
   * @param index the QPN → group index the fabric's Gleam switches share
   * @param made receives every element made, in node order (to bind its QPs)
   */
  public static ElementBinding of(IntFunction<MulticastForwardingTable> tables,
      TransportBinding<Rocev2Transport> roce, long cnpAgingPs, QpGroupIndex index,
      List<GleamSwitchElement> made) {
    return new ElementBinding((t, u) -> tables.apply(u) != null, (f, u) -> {
      Rocev2Transport tr = f.transport(roce);
      GleamSwitchElement el = new GleamSwitchElement(f.topology(), u, tables.apply(u), tr.kinds(),
          tr.config().headerBytes(), cnpAgingPs, index);
      made.add(el);
      return el;
    });
  }
}
