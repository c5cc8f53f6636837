package org.fabriclab.sim;

import java.util.Map;
import org.fabriclab.sim.net.Accounting;
import org.fabriclab.sim.net.Network;

/**
 * A packet-level run's network totals for the summary: the conservation terms in bytes
 * ({@code injected + copied + generated = delivered + absorbed + dropped + inFlight}), packets
 * dropped, ECN marks (and trims), and the largest queue any port held.
 */
public record NetworkTotals(long injectedBytes, long copiedBytes, long generatedBytes,
    long deliveredBytes, long absorbedBytes, long droppedBytes, long inFlightBytes, long drops,
    long marks, long maxQueueBytes) {

  /** The totals of {@code net} now. */
  public static NetworkTotals of(Network net) {
    Accounting a = net.accounting();
    return new NetworkTotals(a.injectedBytes(), a.copiedBytes(), a.generatedBytes(),
        a.deliveredBytes(), a.absorbedBytes(), a.droppedBytes(), a.inFlightBytes(),
        net.totalDrops(), net.totalMarks(), net.maxQueueBytes());
  }

  void putInto(Map<String, Object> m) {
    m.put("injectedBytes", injectedBytes);
    m.put("copiedBytes", copiedBytes);
    m.put("generatedBytes", generatedBytes);
    m.put("deliveredBytes", deliveredBytes);
    m.put("absorbedBytes", absorbedBytes);
    m.put("droppedBytes", droppedBytes);
    m.put("inFlightBytes", inFlightBytes);
    m.put("drops", drops);
    m.put("marks", marks);
    m.put("maxQueueBytes", maxQueueBytes);
  }
}
