package org.fabriclab.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntToLongFunction;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.probe.pcap.CaptureFile;
import org.fabriclab.sim.probe.pcap.CaptureFilter;
import org.fabriclab.sim.probe.pcap.Framing;
import org.fabriclab.sim.transport.TransportSpec;
import picocli.CommandLine.Option;

/**
 * {@code --pcap FILE} and {@code --pcap-filter EXPR} as a picocli mixin for the commands that run
 * the packet engine: a pcapng capture of the run (docs/formats.md), written only when the run ends
 * and the filter kept a packet.
 */
public final class PcapOptions {
  @Option(names = "--pcap", paramLabel = "FILE", description = "packet engine: write the run's packets as a pcapng"
      + " capture (Ethernet/IPv4, TCP or UDP, RoCEv2 BTH; simulated timestamps) to FILE, one interface per output"
      + " port, each packet at its arrival over the port's link; see docs/formats.md")
  Path file;

  @Option(names = "--pcap-filter", paramLabel = "EXPR", description = "with --pcap: keep only packets of flows,"
      + " hosts or ports, e.g. 'flow=0-3 host=5 port=17:0,17:*' (flow numbers, server indices, NODE:PORT as in"
      + " ports.csv; kinds combine with and, values with or); repeatable; a filter that keeps nothing is an error")
  List<String> filters;

  /** True when {@code --pcap} is given. */
  public boolean enabled() {
    return file != null;
  }

  /**
   * Checks the options before any run: {@code --pcap-filter} needs {@code --pcap}, the filter's
   * syntax, the file's path.
   */
  public void validate() {
    if (file == null && filters != null) {
      throw new InvalidParameterException("--pcap-filter", "--pcap-filter needs --pcap FILE");
    }
    if (file != null) {
      capture(Framing.defaults());
    }
  }

  /** Refuses {@code --pcap} and {@code --pcap-filter} where there is nothing to capture: "--pcap needs {@code what}". */
  public void refuse(String what) {
    if (file != null || filters != null) {
      String given = file != null ? "--pcap" : "--pcap-filter";
      throw new InvalidParameterException(given, given + " needs " + what);
    }
  }

  /**
   * Runs {@code run}, capturing the network it hands its argument when {@code --pcap} is given
   * (otherwise the argument does nothing); returns what the run returned.
   */
  public <T> T record(Framing framing, Function<Consumer<Network>, T> run) {
    if (file == null) {
      return run.apply(net -> { });
    }
    return capture(framing).record(run);
  }

  private CaptureFile capture(Framing framing) {
    String text = filters == null ? "" : String.join(" ", filters);
    return new CaptureFile(file, CaptureFilter.parse(text), framing);
  }

  /** The framing of {@code spec}'s TCP settings (the defaults for other transports), flow sizes from {@code flowBytes}. */
  public static Framing framing(TransportSpec spec, IntToLongFunction flowBytes) {
    return spec instanceof org.fabriclab.sim.transport.tcp.TcpSpec t ? Framing.of(t.config(), flowBytes) : Framing.defaults();
  }
}
