package org.fabriclab.sim.probe.pcap;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Locale;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.sim.engine.Simulator;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.PacketTap;
import org.fabriclab.sim.packet.Packets;

/**
 * A packet capture of a run: a {@link PacketTap} on a {@link Network} that writes each packet the
 * {@link CaptureFilter} keeps as a pcapng Enhanced Packet Block ({@link PcapngWriter}) with real
 * headers ({@link HeaderSynthesis}). Every output port (directed link) that carries a kept packet
 * is one capture interface, named {@code NODE:PORT} as the filter names it and added at its first
 * packet; a packet crossing several captured links appears once per link. A packet is stamped when
 * its last bit reaches the link's far end (as a capture at the receiving interface would see it),
 * in simulated picoseconds since the run's start ({@code if_tsresol} 12; the epoch is time 0).
 * Packets dropped at a queue or lost on a link never arrive and are not captured.
 *
 * <p>Per kept packet: the headers built into one reused array and copied into the writer's reused
 * buffer, O(1) and no allocation; a packet the filter drops costs the filter's test.
 */
public final class PacketCapture implements PacketTap {
  /** if_tsresol of every interface: picoseconds. */
  public static final int TSRESOL_PS = 12;

  private final Simulator sim;
  private final Packets pk;
  private final Topology topo;
  private final int[] targets;
  private final CaptureFilter filter;
  private final HeaderSynthesis headers;
  private final PcapngWriter writer;
  private final int[] iface;
  private long captured;

  /** Starts a capture of {@code net} into {@code out} (the filter bound to its topology here). */
  public PacketCapture(Network net, CaptureFilter filter, Framing framing, OutputStream out) {
    this.sim = net.simulator();
    this.pk = net.packets();
    this.topo = net.topology();
    this.targets = topo.csrTargets();
    this.filter = filter.bind(topo);
    this.headers = new HeaderSynthesis(pk, net.kinds(), framing);
    iface = new int[topo.linkCount()];
    Arrays.fill(iface, -1);
    try {
      writer = new PcapngWriter(out, "fabriclab (simulated packets, timestamps in simulated time)");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void arrived(int p, int link) {
    if (!filter.matches(pk, p, link)) {
      return;
    }
    try {
      int id = iface[link];
      if (id < 0) {
        id = addInterface(link);
      }
      int to = targets[link];
      int from = topo.source(link);
      int cap = headers.build(p, from, to);
      writer.packet(id, sim.now(), headers.frame, cap, headers.origLen);
      captured++;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private int addInterface(int link) throws IOException {
    int u = topo.source(link);
    int v = targets[link];
    String name = u + ":" + topo.port(link);
    String description = String.format(Locale.ROOT, "output port %d of node %d (%s) to node %d (%s)",
        topo.port(link), u, describe(u), v, describe(v));
    int id = writer.addInterface(HeaderSynthesis.SNAPLEN, name, description, TSRESOL_PS);
    iface[link] = id;
    return id;
  }

  private String describe(int node) {
    if (topo.isServer(node)) {
      int i = Arrays.binarySearch(topo.servers(), node);
      return "server " + i + ", " + HeaderSynthesis.ipText(node);
    }
    return topo.role(node).name().toLowerCase(Locale.ROOT).replace('_', ' ') + ", "
        + HeaderSynthesis.ipText(node);
  }

  /** Packets written so far. */
  public long packets() {
    return captured;
  }

  /** Capture interfaces (links that carried a kept packet) so far. */
  public int interfaces() {
    return writer.interfaces();
  }

  /**
   * Ends the capture: flushes what is buffered.
   *
   * @throws InvalidParameterException naming {@code --pcap-filter} when a filter was given and kept
   *     no packet of the run
   */
  public void finish() {
    try {
      writer.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (captured == 0 && !filter.keepsEverything()) {
      throw new InvalidParameterException("--pcap-filter", "--pcap-filter '" + filter
          + "' matched no packet of the run (no capture written): check the flow numbers, hosts and ports");
    }
  }
}
