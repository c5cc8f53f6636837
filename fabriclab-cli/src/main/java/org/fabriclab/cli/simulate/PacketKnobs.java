package org.fabriclab.cli.simulate;

import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.net.NetworkConfig;
import org.fabriclab.sim.transport.TransportSpec;
import org.fabriclab.sim.transport.tcp.TcpSpec;
import org.fabriclab.sim.transport.ndp.NdpSpec;
import org.fabriclab.sim.transport.rocev2.Rocev2Spec;
import org.fabriclab.sim.transport.ndp.NdpConfig;
import org.fabriclab.sim.transport.rocev2.RcConfig;
import org.fabriclab.sim.transport.tcp.TcpConfig;
import org.fabriclab.units.Time;
import picocli.CommandLine.Option;

/**
 * The packet engine's knobs on the command line: port and transport parameters over the named
 * presets ({@link TransportSpec#preset}, {@link PacketSimulation#benchmarkNetwork}). An option not
 * given keeps the preset's value; each is checked against its range before the run.
 */
final class PacketKnobs {
  /** A resolved packet-engine choice. */
  record Choice(TransportSpec spec, NetworkConfig network) {}

  @Option(names = "--buffer-bytes", paramLabel = "B", description = "byte bound of every switch port queue, in bytes (preset: 150000); a host NIC's queue is not bounded:"
      + " a host does not drop its own packets, its NIC holds them until it can send")
  Long bufferBytes;

  @Option(names = "--ecn-bytes", paramLabel = "B", description = "step ECN: mark CE when a port holds at least B bytes (preset: 30000 for dctcp and rocev2; off for newreno and ndp)")
  Long ecnBytes;

  @Option(names = "--ecn-kmin-bytes", paramLabel = "B", description = "RED-style ECN, with --ecn-kmax-bytes and --ecn-pmax: no mark below B bytes (preset: off, step ECN)")
  Long ecnKmin;

  @Option(names = "--ecn-kmax-bytes", paramLabel = "B", description = "RED-style ECN: always mark at or above B bytes (preset: off)")
  Long ecnKmax;

  @Option(names = "--ecn-pmax", paramLabel = "P", description = "RED-style ECN: marking probability just below kmax, in (0, 1] (preset: off)")
  Double ecnPmax;

  @Option(names = "--loss", paramLabel = "P", description = "random loss probability per packet on every switch port, in [0, 1), seeded (preset: 0)")
  Double loss;

  // a long, as every numeric option here, so that an error names the valid range, not Java's int range
  @Option(names = "--mtu-bytes", paramLabel = "B", description = "packet size on the wire in bytes, headers included, up to 1048576 (preset: 1500; rocev2: 1088)")
  Long mtuBytes;

  @Option(names = "--init-window", paramLabel = "N", description = "initial window in packets (preset: 3 for dctcp and newreno, 20 for ndp; rocev2 has none), 1..1048576")
  Long initWindow;

  @Option(names = "--rto-min-us", paramLabel = "US", description = "retransmission timeout floor in µs (preset: 1000, every transport)")
  Double rtoMinUs;

  @Option(names = "--pfc-xoff-bytes", paramLabel = "B",
      description = "PFC (lossless): a switch pauses an upstream port when the bytes that arrived over its link reach B, capped at buffer / ingress links (preset: off)")
  Long pfcXoff;

  @Option(names = "--pfc-xon-bytes", paramLabel = "B", description = "PFC resume threshold in bytes (preset: xoff / 2)")
  Long pfcXon;

  @Option(names = "--shared-buffer-bytes", paramLabel = "B",
      description = "a shared buffer of B bytes per switch, drawn on by all its ports (preset: off, per-port buffers only);"
          + " host NICs are not switches and draw on no shared buffer")
  Long sharedBuffer;

  @Option(names = "--switch-latency-ns", paramLabel = "NS",
      description = "latency in ns between a switch's lookup and its egress queue, every switch (preset: 0)")
  Long switchLatencyNs;

  @Option(names = "--ack-every", paramLabel = "N", description = "rocev2: one ACK per N data packets, 1..1048576 (preset: 4)")
  Long ackEvery;

  @Option(names = "--go-back", paramLabel = "0|N", description = "rocev2 loss recovery: N (go-back-N) or 0 (go-back-0) (preset: N)")
  String goBack;

  @Option(names = "--dcqcn-g", paramLabel = "G", description = "rocev2: DCQCN alpha gain in (0, 1] (preset: 1/256)")
  Double dcqcnG;

  @Option(names = "--dcqcn-timer-us", paramLabel = "US", description = "rocev2: DCQCN rate-increase timer in µs (preset: 55)")
  Double dcqcnTimerUs;

  @Option(names = "--dcqcn-byte-counter", paramLabel = "B", description = "rocev2: DCQCN byte counter in bytes (preset: 10000000)")
  Long dcqcnBytes;

  @Option(names = "--dcqcn-rai-mbps", paramLabel = "M", description = "rocev2: DCQCN additive increase in Mb/s (preset: 40)")
  Double dcqcnRaiMbps;

  @Option(names = "--dcqcn-rhai-mbps", paramLabel = "M", description = "rocev2: DCQCN hyper increase in Mb/s (preset: 200)")
  Double dcqcnRhaiMbps;

  @Option(names = "--cnp-interval-us", paramLabel = "US", description = "rocev2: at most one CNP per queue pair per interval, in µs (preset: 50)")
  Double cnpIntervalUs;

  /** Refuses every packet-engine knob that was given: the flow engine has no ports or transports. */
  void refuseWithFlowEngine() {
    for (java.lang.reflect.Field f : PacketKnobs.class.getDeclaredFields()) {
      Option o = f.getAnnotation(Option.class);
      Object v;
      try {
        v = f.get(this);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
      if (o != null && v != null) {
        throw new InvalidParameterException(o.names()[0],
            o.names()[0] + " applies to --engine packet; the flow engine has no queues or transports");
      }
    }
  }

  /** The network settings: the preset of {@code transport} with the options given. */
  NetworkConfig network(String transport, long seed) {
    NetworkConfig nc = PacketSimulation.benchmarkNetwork(transport, seed);
    if (bufferBytes != null) {
      InvalidParameterException.requireRange("--buffer-bytes", bufferBytes, 64, 1L << 40);
      nc = nc.withBufferBytes(bufferBytes);
    }
    if (ecnBytes != null) {
      InvalidParameterException.requireRange("--ecn-bytes", ecnBytes, 0, 1L << 40);
      nc = nc.withEcnThreshold(ecnBytes);
    }
    int red = (ecnKmin != null ? 1 : 0) + (ecnKmax != null ? 1 : 0) + (ecnPmax != null ? 1 : 0);
    if (red > 0) {
      if (red < 3) {
        throw new InvalidParameterException("--ecn-kmin-bytes",
            "give --ecn-kmin-bytes, --ecn-kmax-bytes and --ecn-pmax together");
      }
      if (ecnBytes != null) {
        throw new InvalidParameterException("--ecn-bytes", "give either --ecn-bytes or the RED options");
      }
      InvalidParameterException.requireRange("--ecn-kmin-bytes", ecnKmin, 1, 1L << 40);
      InvalidParameterException.requireRange("--ecn-kmax-bytes", ecnKmax, ecnKmin, 1L << 40);
      if (!(ecnPmax > 0 && ecnPmax <= 1)) {
        throw new InvalidParameterException("--ecn-pmax", ecnPmax, "valid range (0, 1]");
      }
      nc = nc.withRed(ecnKmin, ecnKmax, ecnPmax);
    }
    if (loss != null) {
      if (!(loss >= 0 && loss < 1)) {
        throw new InvalidParameterException("--loss", loss, "valid range [0, 1)");
      }
      nc = nc.withLoss(loss);
    }
    if (sharedBuffer != null) {
      InvalidParameterException.requireRange("--shared-buffer-bytes", sharedBuffer, 64, 1L << 40);
      nc = nc.withSharedBuffer(sharedBuffer);
    }
    if (switchLatencyNs != null) {
      InvalidParameterException.requireRange("--switch-latency-ns", switchLatencyNs, 0, 1_000_000_000L);
    }
    if (pfcXon != null && pfcXoff == null) {
      throw new InvalidParameterException("--pfc-xon-bytes", "needs --pfc-xoff-bytes");
    }
    if (pfcXoff != null) {
      InvalidParameterException.requireRange("--pfc-xoff-bytes", pfcXoff, 2, 1L << 40);
      long xon = pfcXon == null ? pfcXoff / 2 : pfcXon;
      InvalidParameterException.requireRange("--pfc-xon-bytes", xon, 0, pfcXoff - 1);
      nc = nc.withPriorityAndPfc(pfcXoff, xon);
    }
    return nc;
  }

  /** Applies the knobs that are set on the built network (the switch latency). */
  void apply(Network net) {
    if (switchLatencyNs != null) {
      net.setSwitchLatencyPs(Time.ns(switchLatencyNs));
    }
  }

  /** The transport: the preset of {@code name} with the options given. */
  TransportSpec transport(String name, boolean compat) {
    TransportSpec spec = TransportSpec.preset(name, compat);
    boolean roce = spec instanceof Rocev2Spec;
    if (!roce) {
      for (Object o : new Object[] {ackEvery, goBack, dcqcnG, dcqcnTimerUs, dcqcnBytes,
          dcqcnRaiMbps, dcqcnRhaiMbps, cnpIntervalUs}) {
        if (o != null) {
          throw new InvalidParameterException("--transport", name,
              "--ack-every, --go-back, --dcqcn-* and --cnp-interval-us apply to rocev2");
        }
      }
    }
    Long rtoPs = null;
    if (rtoMinUs != null) {
      if (!(rtoMinUs >= 1 && rtoMinUs <= 1e7)) {
        throw new InvalidParameterException("--rto-min-us", rtoMinUs, "valid range 1..1e7");
      }
      rtoPs = Time.seconds(rtoMinUs / 1e6);
    }
    if (initWindow != null) {
      InvalidParameterException.requireRange("--init-window", initWindow, 1, 1 << 20);
    }
    if (spec instanceof TcpSpec t) {
      TcpConfig c = t.config();
      if (mtuBytes != null) {
        c = c.withMtu(mtuBytes);
      }
      if (initWindow != null) {
        c = c.withInitialCwnd(initWindow.intValue());
      }
      if (rtoPs != null) {
        c = c.withMinRto(rtoPs);
      }
      return new TcpSpec(c, t.dctcp());
    }
    if (spec instanceof NdpSpec n) {
      NdpConfig c = n.config();
      if (mtuBytes != null) {
        c = c.withMtu(mtuBytes);
      }
      if (initWindow != null) {
        c = c.withInitialWindow(initWindow.intValue());
      }
      if (rtoPs != null) {
        c = c.withRto(rtoPs);
      }
      return new NdpSpec(c);
    }
    RcConfig c = ((Rocev2Spec) spec).config();
    if (initWindow != null) {
      throw new InvalidParameterException("--init-window", initWindow,
          "rocev2 has no window (it is paced by DCQCN)");
    }
    if (mtuBytes != null) {
      c = c.withMtu(mtuBytes);
    }
    if (goBack != null && !goBack.equals("0") && !goBack.equals("N")) {
      throw new InvalidParameterException("--go-back", goBack, "valid: 0, N");
    }
    if (ackEvery != null) {
      InvalidParameterException.requireRange("--ack-every", ackEvery, 1, 1 << 20);
    }
    c = c.withReliability(ackEvery == null ? c.ackEvery() : ackEvery.intValue(),
        rtoPs == null ? c.rtoPs() : rtoPs, goBack == null ? c.goBackZero() : goBack.equals("0"));
    if (dcqcnG != null && !(dcqcnG > 0 && dcqcnG <= 1)) {
      throw new InvalidParameterException("--dcqcn-g", dcqcnG, "valid range (0, 1]");
    }
    c = c.withDcqcn(dcqcnG == null ? c.g() : dcqcnG,
        dcqcnTimerUs == null ? c.timerPs() : micros("--dcqcn-timer-us", dcqcnTimerUs),
        dcqcnBytes == null ? c.byteCounter() : checked("--dcqcn-byte-counter", dcqcnBytes),
        cnpIntervalUs == null ? c.cnpIntervalPs() : micros("--cnp-interval-us", cnpIntervalUs),
        dcqcnRaiMbps == null ? c.additiveBps() : mbps("--dcqcn-rai-mbps", dcqcnRaiMbps),
        dcqcnRhaiMbps == null ? c.hyperBps() : mbps("--dcqcn-rhai-mbps", dcqcnRhaiMbps),
        c.minRateBps());
    return new Rocev2Spec(c);
  }

  private static long micros(String name, double us) {
    if (!(us > 0 && us <= 1e7)) {
      throw new InvalidParameterException(name, us, "valid range (0, 1e7]");
    }
    return Time.seconds(us / 1e6);
  }

  private static long mbps(String name, double m) {
    if (!(m >= 0 && m <= 1e6)) {
      throw new InvalidParameterException(name, m, "valid range 0..1e6");
    }
    return (long) (m * 1e6);
  }

  private static long checked(String name, long v) {
    InvalidParameterException.requireRange(name, v, 1, 1L << 50);
    return v;
  }
}
