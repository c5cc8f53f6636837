package org.fabriclab.sim.transport.ndp;

import java.util.List;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.host.NicScheduler;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.Transport;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.traffic.FlowTrace;

/** NDP end hosts. */
public record NdpSpec(NdpConfig config) implements TransportSpec {
  @Override
  public String name() {
    return "ndp";
  }

  @Override
  public Transport create(Network net, NicScheduler nic, FlowTrace trace, FlowRecords rec,
      Progress progress) {
    return new NdpTransport(net, config, trace, rec, progress);
  }

  /** The preset {@code ndp}: {@link NdpConfig#benchmark()}. */
  public static final class Presets implements TransportSpec.Presets {
    @Override
    public List<String> names() {
      return List.of("ndp");
    }

    @Override
    public TransportSpec preset(String name, boolean compat) {
      return new NdpSpec(NdpConfig.benchmark());
    }
  }
}
