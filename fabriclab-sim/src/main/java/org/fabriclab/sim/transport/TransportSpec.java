package org.fabriclab.sim.transport;

import java.util.List;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.host.NicScheduler;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.ndp.NdpConfig;
import org.fabriclab.sim.transport.ndp.NdpTransport;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.rocev2.Rocev2Transport;
import org.fabriclab.sim.transport.tcp.Dctcp;
import org.fabriclab.sim.transport.tcp.NewReno;
import org.fabriclab.sim.transport.tcp.TcpConfig;
import org.fabriclab.sim.transport.tcp.TcpTransport;
import org.fabriclab.traffic.FlowTrace;

/**
 * A transport with all of its parameters, as a value: what a run (or an experiment spec) chooses,
 * instead of a name looked up in a switch with hard-coded settings. The benchmark's profiles are
 * the named presets of {@link #preset}; every field can then be changed from code (the records'
 * {@code with…} methods) or the CLI.
 */
public sealed interface TransportSpec {
  /** Transport names of {@link #preset}. */
  List<String> NAMES = List.of("dctcp", "newreno", "ndp", "rocev2");

  /** The name ("dctcp", "newreno", "ndp", "rocev2"). */
  String name();

  /** Builds the transport on {@code net} for {@code trace}; it registers its own packet kinds. */
  Transport create(Network net, NicScheduler nic, FlowTrace trace, FlowRecords rec, Progress progress);

  /** TCP with DCTCP ({@code dctcp}) or NewReno congestion control. */
  record Tcp(TcpConfig config, boolean dctcp) implements TransportSpec {
    @Override
    public String name() {
      return dctcp ? "dctcp" : "newreno";
    }

    @Override
    public Transport create(Network net, NicScheduler nic, FlowTrace trace, FlowRecords rec,
        Progress progress) {
      return new TcpTransport(net, config, dctcp ? new Dctcp(config) : new NewReno(), trace, rec,
          progress);
    }
  }

  /** NDP end hosts. */
  record Ndp(NdpConfig config) implements TransportSpec {
    @Override
    public String name() {
      return "ndp";
    }

    @Override
    public Transport create(Network net, NicScheduler nic, FlowTrace trace, FlowRecords rec,
        Progress progress) {
      return new NdpTransport(net, config, trace, rec, progress);
    }
  }

  /** RoCEv2 RC with DCQCN behind the RNIC scheduler. */
  record Rocev2(RcConfig config) implements TransportSpec {
    @Override
    public String name() {
      return "rocev2";
    }

    @Override
    public Transport create(Network net, NicScheduler nic, FlowTrace trace, FlowRecords rec,
        Progress progress) {
      return new Rocev2Transport(net, config, nic, trace, rec, progress);
    }
  }

  /**
   * The benchmark's preset of {@code name}: DCTCP and NewReno with {@link TcpConfig#benchmark}
   * ({@code compat}: cut on every ECN echo), NDP with {@link NdpConfig#benchmark()}, RoCEv2 with
   * {@link RcConfig#defaults()}.
   *
   * @throws InvalidParameterException naming {@code --transport} for an unknown name
   */
  static TransportSpec preset(String name, boolean compat) {
    return switch (name) {
      case "dctcp" -> new Tcp(TcpConfig.benchmark(compat), true);
      case "newreno" -> new Tcp(TcpConfig.benchmark(compat), false);
      case "ndp" -> new Ndp(NdpConfig.benchmark());
      case "rocev2" -> new Rocev2(RcConfig.defaults());
      default -> throw new InvalidParameterException("--transport", name,
          "valid: " + String.join(", ", NAMES));
    };
  }
}
