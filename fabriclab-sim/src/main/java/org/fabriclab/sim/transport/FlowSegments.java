package org.fabriclab.sim.transport;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.traffic.FlowTrace;

/**
 * What every transport first derives from a trace: each flow's source and destination node and
 * its cut into packets of at most {@code payloadBytes} (the last one carrying the rest). O(flows).
 */
public final class FlowSegments {
  private final int[] srcNode;
  private final int[] dstNode;
  private final int[] packets;
  private final int[] lastPayload;

  /**
   * @param maxPackets largest packet count a flow may need (the transport's sequence space)
   * @param limitText why, for the error message ("RoCEv2 PSNs are 24 bits")
   * @throws InvalidParameterException naming {@code size_bytes} when a flow is too large
   */
  public FlowSegments(
      Topology t, FlowTrace trace, int payloadBytes, long maxPackets, String limitText) {
    int n = trace.size();
    srcNode = new int[n];
    dstNode = new int[n];
    packets = new int[n];
    lastPayload = new int[n];
    for (int f = 0; f < n; f++) {
      srcNode[f] = t.server(trace.src(f));
      dstNode[f] = t.server(trace.dst(f));
      long s = trace.sizeBytes(f);
      long k = s / payloadBytes + (s % payloadBytes != 0 ? 1 : 0); // no overflow near Long.MAX_VALUE
      if (k > maxPackets) {
        throw new InvalidParameterException(
            "size_bytes", s, limitText + ": at most " + (long) payloadBytes * maxPackets + " bytes per flow");
      }
      packets[f] = (int) k;
      lastPayload[f] = (int) (s - (k - 1) * payloadBytes);
    }
  }

  /** Source node of each flow (shared array: do not write). */
  public int[] srcNode() {
    return srcNode;
  }

  /** Destination node of each flow (shared array: do not write). */
  public int[] dstNode() {
    return dstNode;
  }

  /** Packets of each flow (shared array: do not write). */
  public int[] packets() {
    return packets;
  }

  /** Payload bytes of each flow's last packet (shared array: do not write). */
  public int[] lastPayload() {
    return lastPayload;
  }
}
