package org.fabriclab.sim;

import java.util.LinkedHashMap;
import java.util.Map;
import org.fabriclab.sim.probe.FctSummary;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.table.Table;
import org.fabriclab.units.Time;

/**
 * What a run produced: per-flow records, per-port counters (packet engine; {@code null} for the
 * flow engine), and the run's totals.
 *
 * @param engine "packet" or "flow"
 * @param transport transport name
 * @param flows per-flow records
 * @param ports per-port counter table, or null
 * @param simulatedPs simulated time at the end
 * @param events events executed (flow engine: arrivals + departures + rate recomputations)
 * @param dataPackets data packets sent (0 for the flow engine)
 * @param controlPackets control packets sent (handshake, ACKs)
 * @param packetHops link traversals
 * @param droppedPackets packets dropped
 * @param deliveredBytes bytes delivered to hosts (headers included)
 * @param eventLoopSeconds wall time of the event loop alone
 * @param totals the packet network's totals (null for the flow engine)
 */
public record SimulationResult(String engine, String transport, FlowRecords flows, Table ports,
    long simulatedPs, long events, long dataPackets, long controlPackets, long packetHops,
    long droppedPackets, long deliveredBytes, double eventLoopSeconds, NetworkTotals totals) {

  /** Without network totals (the flow engine). */
  public SimulationResult(String engine, String transport, FlowRecords flows, Table ports,
      long simulatedPs, long events, long dataPackets, long controlPackets, long packetHops,
      long droppedPackets, long deliveredBytes, double eventLoopSeconds) {
    this(engine, transport, flows, ports, simulatedPs, events, dataPackets, controlPackets,
        packetHops, droppedPackets, deliveredBytes, eventLoopSeconds, null);
  }

  /** Goodput in Gbit/s: payload bytes of completed flows over the simulated time. */
  public double goodputGbps() {
    long b = 0;
    for (int i = 0; i < flows.flows(); i++) {
      if (flows.endPs(i) >= 0) {
        b += flows.trace().sizeBytes(i);
      }
    }
    return simulatedPs == 0 ? 0 : b * 8.0 / Time.toSeconds(simulatedPs) / 1e9;
  }

  /** The summary object (the CLI's --json output adds wallSeconds). */
  public Map<String, Object> summary() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("engine", engine);
    m.put("transport", transport);
    m.putAll(FctSummary.headline(flows));
    m.put("simulatedSeconds", Time.toSeconds(simulatedPs));
    m.put("events", events);
    m.put("eventLoopSeconds", eventLoopSeconds);
    m.put("eventsPerSecond", eventLoopSeconds > 0 ? events / eventLoopSeconds : 0.0);
    m.put("packetHopsPerSecond", eventLoopSeconds > 0 ? packetHops / eventLoopSeconds : 0.0);
    m.put("dataPackets", dataPackets);
    m.put("controlPackets", controlPackets);
    m.put("packetHops", packetHops);
    m.put("drops", droppedPackets);
    m.put("goodputGbps", goodputGbps());
    if (totals != null) {
      totals.putInto(m);
    }
    return m;
  }
}
