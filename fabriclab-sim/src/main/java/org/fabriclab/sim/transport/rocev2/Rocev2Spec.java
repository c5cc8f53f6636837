package org.fabriclab.sim.transport.rocev2;

import java.util.List;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.host.NicScheduler;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.sim.transport.Transport;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.traffic.FlowTrace;

/** RoCEv2 RC with DCQCN behind the RNIC scheduler. */
public record Rocev2Spec(RcConfig config) implements TransportSpec {
  @Override
  public String name() {
    return "rocev2";
  }

  @Override
  public Transport create(Network net, NicScheduler nic, FlowTrace trace, FlowRecords rec,
      Progress progress) {
    return new Rocev2Transport(net, config, nic, trace, rec, progress);
  }

  /** The preset {@code rocev2}: {@link RcConfig#defaults()}. */
  public static final class Presets implements TransportSpec.Presets {
    @Override
    public List<String> names() {
      return List.of("rocev2");
    }

    @Override
    public TransportSpec preset(String name, boolean compat) {
      return new Rocev2Spec(RcConfig.defaults());
    }
  }
}
