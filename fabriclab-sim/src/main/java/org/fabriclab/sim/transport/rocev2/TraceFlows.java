package org.fabriclab.sim.transport.rocev2;

import org.fabriclab.progress.Progress;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.FlowSegments;
import org.fabriclab.traffic.FlowTrace;

/**
 * Trace mode of a {@link Rocev2Transport}: one QP and one message (work request id = flow index)
 * per flow of a {@link FlowTrace}, posted at the flow's start time or when an application launches
 * it; the flow completes when its message does on the receiver. Keeps the flows' records
 * (completions, retransmitted packets) and progress, and stops the simulator when every flow is
 * done (unless told not to). O(1) per flow event.
 */
final class TraceFlows {
  private final Simulator sim;
  private final Rocev2Transport transport;
  private final FlowTrace trace;
  private final FlowRecords rec;
  private final Progress progress;
  private final int[] srcNode;
  private final int[] dstNode;
  private final int startHandler;
  private boolean stopWhenDone = true;

  TraceFlows(Rocev2Transport transport, Network net, RcConfig cfg, FlowTrace trace, FlowRecords rec,
      Progress progress) {
    this.sim = net.simulator();
    this.transport = transport;
    this.trace = trace;
    this.rec = rec;
    this.progress = progress;
    FlowSegments fs = new FlowSegments(net.topology(), trace, cfg.payloadBytes(), 1 << 24,
        "RoCEv2 PSNs are 24 bits");
    srcNode = fs.srcNode();
    dstNode = fs.dstNode();
    startHandler = sim.register((f, unused) -> start(f));
  }

  void setStopWhenDone(boolean stop) {
    stopWhenDone = stop;
  }

  /** Schedules the first flow's start; each start schedules the next (trace order). */
  void begin() {
    progress.begin("flows", trace.size());
    if (trace.size() > 0) {
      sim.schedule(Math.multiplyExact(trace.startNs(0), 1000L), startHandler, 0, 0);
    }
  }

  private void start(int f) {
    if (f + 1 < trace.size()) {
      sim.schedule(Math.multiplyExact(trace.startNs(f + 1), 1000L), startHandler, f + 1, 0);
    }
    launch(f);
  }

  /** Starts flow {@code f} now: a new QP with one message. */
  void launch(int f) {
    transport.postSend(transport.createQp(srcNode[f], dstNode[f]), trace.sizeBytes(f), f);
  }

  /** The receiver holds flow {@code f}'s whole message at {@code t}. */
  void done(int f, long t) {
    rec.complete(f, t);
    progress.advance(1);
    if (stopWhenDone && rec.completed() == trace.size()) {
      sim.stop();
    }
  }

  /** A data packet of flow {@code f} was sent again. */
  void retransmitted(int f) {
    rec.addRetransmissions(f, 1);
  }
}
