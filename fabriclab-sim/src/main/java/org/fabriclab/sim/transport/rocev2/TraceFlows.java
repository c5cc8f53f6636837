package org.fabriclab.sim.transport.rocev2;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.FlowSegments;
import org.fabriclab.traffic.FlowTrace;

/**
 * Trace mode of a {@link Rocev2Transport}: one QP per flow of a {@link FlowTrace}, posted at the
 * flow's start time or when an application launches it, carrying the flow as work requests of at
 * most {@link #MAX_MESSAGE_BYTES} (the largest message InfiniBand lets a QP carry, 2^31 bytes; a
 * flow larger than that is what an application posts as several WRITEs or SENDs on one QP). The last message's id is the flow index, the others' carry {@link #PART} as well; the
 * flow completes when its last message does on the receiver (messages complete in order). The QP's
 * PSNs run on across its messages, unwrapped (see {@link Rocev2Transport}), up to the QP's stream
 * limit. Keeps the flows' records (completions, retransmitted packets) and progress, and stops the
 * simulator when every flow is done (unless told not to). O(1) per flow event, plus one message
 * per 2 GiB at launch.
 */
final class TraceFlows {
  /** InfiniBand RC's largest message: 2^31 bytes. */
  static final long MAX_MESSAGE_BYTES = 1L << 31;
  /** Id bit of a message that is not its flow's last. */
  static final long PART = 1L << 40;
  private final Simulator sim;
  private final Rocev2Transport transport;
  private final FlowTrace trace;
  private final FlowRecords rec;
  private final Progress progress;
  private final int[] srcNode;
  private final int[] dstNode;
  private final int startHandler;
  private final int payload;
  private long maxMessage = MAX_MESSAGE_BYTES;
  private boolean stopWhenDone = true;

  TraceFlows(Rocev2Transport transport, Network net, RcConfig cfg, FlowTrace trace, FlowRecords rec,
      Progress progress) {
    this.payload = cfg.payloadBytes();
    this.sim = net.simulator();
    this.transport = transport;
    this.trace = trace;
    this.rec = rec;
    this.progress = progress;
    FlowSegments fs = new FlowSegments(net.topology(), trace, cfg.payloadBytes(), RcQueuePairs.MAX_STREAM_PACKETS,
        "a RoCEv2 queue pair's PSN stream");
    srcNode = fs.srcNode();
    dstNode = fs.dstNode();
    // each 2 GiB message is packetised on its own: with a payload that does not divide 2^31 a
    // flow needs a few packets more than size / payload, checked here, not mid-run
    long perMessage = (MAX_MESSAGE_BYTES + payload - 1) / payload;
    for (int f = 0; f < trace.size(); f++) {
      long size = trace.sizeBytes(f);
      long rest = size % MAX_MESSAGE_BYTES;
      long packets = size / MAX_MESSAGE_BYTES * perMessage + (rest + payload - 1) / payload;
      if (packets > RcQueuePairs.MAX_STREAM_PACKETS) {
        throw new InvalidParameterException("size_bytes", size, "a RoCEv2 queue pair's PSN stream holds "
            + RcQueuePairs.MAX_STREAM_PACKETS + " packets: " + packets + " needed in messages of at most "
            + MAX_MESSAGE_BYTES + " bytes with " + payload + "-byte payloads");
      }
    }
    startHandler = sim.register((f, unused) -> start(f));
  }

  /** Messages of at most {@code bytes} (payload size .. 2^31). */
  void maxMessage(long bytes) {
    if (bytes < payload || bytes > MAX_MESSAGE_BYTES) {
      throw new IllegalArgumentException("max message " + bytes + " outside " + payload + ".." + MAX_MESSAGE_BYTES);
    }
    maxMessage = bytes;
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

  /** Starts flow {@code f} now: a new QP with the flow's messages. */
  void launch(int f) {
    int q = transport.createQp(srcNode[f], dstNode[f]);
    long rest = trace.sizeBytes(f);
    for (; rest > maxMessage; rest -= maxMessage) {
      transport.postSend(q, maxMessage, PART | f);
    }
    transport.postSend(q, rest, f);
  }

  /** The receiver holds message {@code id} (a flow's last, or a {@link #PART}) whole at {@code t}. */
  void done(long id, long t) {
    if ((id & PART) != 0) {
      return;
    }
    int f = (int) id;
    rec.complete(f, t);
    progress.advance(1);
    if (stopWhenDone && rec.completed() == trace.size()) {
      sim.stop();
    }
  }

  /** A data packet of message {@code id} was sent again. */
  void retransmitted(long id) {
    rec.addRetransmissions((int) id, 1);
  }
}
