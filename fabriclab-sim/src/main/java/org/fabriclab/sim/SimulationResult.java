package org.fabriclab.sim;

import java.util.LinkedHashMap;
import java.util.Map;
import org.fabriclab.sim.probe.FctSummary;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.table.Table;
import org.fabriclab.units.Time;

/**
 * What a run produced: per-flow records, per-port counters (packet engine; {@code null} for the
 * flow engine), and the run's totals. The flow engine has no packets: its packet counters are 0 in
 * the record and do not exist for readers ({@link #countsPackets()} is false; {@link #summary()}
 * writes them as null), as a missing value is n/a, an empty CSV cell or JSON null everywhere.
 *
 * @param engine "packet" or "flow"
 * @param transport transport name
 * @param flows per-flow records
 * @param ports per-port counter table, or null
 * @param simulatedPs simulated time at the end
 * @param events events executed (flow engine: arrivals + departures + rate recomputations)
 * @param dataPackets data packets sent (0 for the flow engine: not measured)
 * @param controlPackets control packets sent (handshake, ACKs; 0 for the flow engine: not measured)
 * @param packetHops link traversals (0 for the flow engine: not measured)
 * @param droppedPackets packets dropped (0 for the flow engine: not measured)
 * @param deliveredBytes packet engine: bytes of every packet delivered to a host, headers and
 *     control packets included; flow engine: payload bytes the flows delivered by the end of the
 *     run, i.e. the sizes of completed flows plus, for each unfinished flow, what it had sent
 *     (rounded down to a whole byte; the fluid model has no headers)
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

  /**
   * Whether the run counted packets: true for the packet engine, false for the flow engine, whose
   * {@code dataPackets}, {@code controlPackets}, {@code packetHops} and {@code droppedPackets} do
   * not exist (readers report them as missing, never as 0).
   */
  public boolean countsPackets() {
    return !engine.equals("flow");
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

  /**
   * The summary object (the CLI's --json output adds wallSeconds). For the flow engine the packet
   * counters and {@code packetHopsPerSecond} are null (not measured) and {@code deliveredBytes}
   * is the flows' delivered payload; the packet engine's {@code deliveredBytes} comes with its
   * network totals.
   */
  public Map<String, Object> summary() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("engine", engine);
    m.put("transport", transport);
    m.putAll(FctSummary.headline(flows));
    m.put("simulatedSeconds", Time.toSeconds(simulatedPs));
    m.put("events", events);
    m.put("eventLoopSeconds", eventLoopSeconds);
    m.put("eventsPerSecond", eventLoopSeconds > 0 ? events / eventLoopSeconds : 0.0);
    boolean packets = countsPackets();
    m.put("packetHopsPerSecond", !packets ? null : eventLoopSeconds > 0 ? packetHops / eventLoopSeconds : 0.0);
    m.put("dataPackets", packets ? dataPackets : null);
    m.put("controlPackets", packets ? controlPackets : null);
    m.put("packetHops", packets ? packetHops : null);
    m.put("drops", packets ? droppedPackets : null);
    m.put("goodputGbps", goodputGbps());
    if (!packets) {
      m.put("deliveredBytes", deliveredBytes);
    }
    if (totals != null) {
      totals.putInto(m);
    }
    return m;
  }
}
