package org.fabriclab.sim.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.host.NicScheduler;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.probe.FlowRecords;
import org.fabriclab.traffic.FlowTrace;

/**
 * A transport with all of its parameters, as a value: what a run (or an experiment spec) chooses,
 * instead of a name looked up in a switch with hard-coded settings. Open: each transport package
 * declares its own spec ({@code tcp.TcpSpec}, {@code ndp.NdpSpec}, {@code rocev2.Rocev2Spec}) and
 * its named presets through a {@link Presets} provider registered with {@link ServiceLoader}, so
 * this package names none of them and a new transport is added without touching it. The
 * benchmark's profiles are the named presets of {@link #preset}; every field can then be changed
 * from code (the records' {@code with…} methods) or the CLI.
 */
public interface TransportSpec {
  /** Transport names of {@link #preset}, in the providers' registration order. */
  List<String> NAMES = presetNames();

  /** The name ("dctcp", "newreno", "ndp", "rocev2"). */
  String name();

  /** Builds the transport on {@code net} for {@code trace}; it registers its own packet kinds. */
  Transport create(Network net, NicScheduler nic, FlowTrace trace, FlowRecords rec, Progress progress);

  /** The named presets of one transport package (a {@link ServiceLoader} service). */
  interface Presets {
    /** The names this provider knows, in a fixed order. */
    List<String> names();

    /** The preset of {@code name}, one of {@link #names()} ({@code compat}: the older variant). */
    TransportSpec preset(String name, boolean compat);
  }

  /**
   * The benchmark's preset of {@code name}: DCTCP and NewReno with {@code TcpConfig.benchmark}
   * ({@code compat}: cut on every ECN echo), NDP with {@code NdpConfig.benchmark()}, RoCEv2 with
   * {@code RcConfig.defaults()}. O(providers).
   *
   * @throws InvalidParameterException naming {@code --transport} for an unknown name
   */
  static TransportSpec preset(String name, boolean compat) {
    for (Presets p : ServiceLoader.load(Presets.class, TransportSpec.class.getClassLoader())) {
      if (p.names().contains(name)) {
        return p.preset(name, compat);
      }
    }
    throw new InvalidParameterException("--transport", name, "valid: " + String.join(", ", NAMES));
  }

  private static List<String> presetNames() {
    List<String> names = new ArrayList<>();
    for (Presets p : ServiceLoader.load(Presets.class, TransportSpec.class.getClassLoader())) {
      names.addAll(p.names());
    }
    return List.copyOf(names);
  }
}
