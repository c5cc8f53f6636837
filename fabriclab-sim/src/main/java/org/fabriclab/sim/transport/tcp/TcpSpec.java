package org.fabriclab.sim.transport.tcp;

import java.util.List;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.host.NicScheduler;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.Transport;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.traffic.FlowTrace;

/** TCP with DCTCP ({@code dctcp}) or NewReno congestion control. */
public record TcpSpec(TcpConfig config, boolean dctcp) implements TransportSpec {
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

  /** The presets {@code dctcp} and {@code newreno}, both with {@link TcpConfig#benchmark}. */
  public static final class Presets implements TransportSpec.Presets {
    @Override
    public List<String> names() {
      return List.of("dctcp", "newreno");
    }

    @Override
    public TransportSpec preset(String name, boolean compat) {
      return new TcpSpec(TcpConfig.benchmark(compat), name.equals("dctcp"));
    }
  }
}
