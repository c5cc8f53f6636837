package org.fabriclab.cli.gleam;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.gleam.TestbedModel;
import org.fabriclab.gleam.baseline.HplSchedules;
import org.fabriclab.gleam.baseline.MpiBcast;
import org.fabriclab.gleam.baseline.OpenMpiBcastDecision;
import org.fabriclab.gleam.baseline.StarJctModel;
import org.fabriclab.gleam.baseline.Transfer;
import org.fabriclab.gleam.baseline.TransferSchedule;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab gleam bcast}: one broadcast on the paper's testbed (one switch, the source and
 * its receivers on it), in the analytic model {@link StarJctModel} (seed 002 §5.1, Fig. 9).
 */
@Command(
    name = "bcast",
    mixinStandardHelpOptions = true,
    description = {
      "One broadcast on the paper's testbed (one switch; host 0 the source, hosts 1..N the receivers)",
      "in the ANALYTIC model (fluid, no loss); packet-level runs with loss and NACKs need the packet",
      "engine (issue 9). Example: fabriclab gleam bcast --receivers 3 --size 1048576 --method openmpi --json"
    })
public final class GleamBcastCommand implements Runnable {
  /** Largest RC message: 2 GB (seed 002, Table 1). */
  static final long MAX_MESSAGE_BYTES = 1L << 31;

  @Spec CommandSpec spec;

  @Option(names = "--receivers", description = "receivers, hosts 1..N (default: 3, the paper's testbed)")
  Integer receivers;

  @Option(names = "--hosts", split = ",", paramLabel = "H", description = "explicit receiver hosts instead of --receivers")
  List<Integer> hosts;

  @Option(names = "--source", defaultValue = "0", description = "source host (default: ${DEFAULT-VALUE})")
  int source;

  @Option(names = "--servers", description = "servers on the switch (default: 4, or enough for --receivers)")
  Integer servers;

  @Option(names = "--size", required = true, description = "message bytes, 1..2147483648 (RC limit)")
  long size;

  @Option(names = "--method", defaultValue = "gleam", description = "gleam|unicast|openmpi|binomial|ring (default: ${DEFAULT-VALUE})")
  String method;

  @Option(names = "--link-gbps", defaultValue = "100", description = "link rate (default: ${DEFAULT-VALUE})")
  double linkGbps;

  @Option(names = "--overhead-us", defaultValue = "3", description = "host software time per message, model input (default: ${DEFAULT-VALUE})")
  double overheadUs;

  @Option(names = "--loss", defaultValue = "0", description = "packet loss rate in [0, 1); > 0 needs the packet engine")
  double loss;

  @Option(names = "--json", description = "print one JSON object")
  boolean json;

  @Override
  public void run() {
    if (size <= 0 || size > MAX_MESSAGE_BYTES) {
      throw new InvalidParameterException("--size", size, "valid range 1.." + MAX_MESSAGE_BYTES + " (an RC message is at most 2 GB, seed 002 Table 1)");
    }
    if (!(linkGbps >= 1 && linkGbps <= 1600)) {
      throw new InvalidParameterException("--link-gbps", linkGbps, "valid range 1..1600");
    }
    if (!(overheadUs >= 0 && overheadUs <= 1e6)) {
      throw new InvalidParameterException("--overhead-us", overheadUs, "valid range 0..1000000");
    }
    if (!(loss >= 0 && loss < 1)) {
      throw new InvalidParameterException("--loss", loss, "valid range [0, 1)");
    }
    if (loss > 0) {
      throw new InvalidParameterException("--loss", "--loss > 0 needs the packet-level engine (issue 9); the analytic model has no loss");
    }
    int[] recv = receivers();
    String m = method.toLowerCase(java.util.Locale.ROOT);
    int ranks = recv.length + 1;
    TransferSchedule s = switch (m) {
      case "gleam" -> MpiBcast.gleam(ranks, 0, size);
      case "unicast" -> MpiBcast.linear(ranks, 0, size);
      case "openmpi" -> OpenMpiBcastDecision.schedule(ranks, 0, size);
      case "binomial" -> MpiBcast.binomial(ranks, 0, size);
      case "ring" -> HplSchedules.increasingRing(ranks, 0, size);
      default -> throw new InvalidParameterException("--method", method, "one of gleam, unicast, openmpi, binomial, ring");
    };
    StarJctModel model = new TestbedModel(linkGbps, overheadUs).model();
    long jct = model.jctPs(s);
    long tx = 0;
    for (Transfer t : s.transfers()) {
      if (t.src() == 0) {
        tx += model.wireBytes(t.bytes());
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("engine", "analytic");
    out.put("method", m);
    out.put("algorithm", s.name());
    out.put("source", source);
    out.put("receivers", recv.length);
    out.put("sizeBytes", size);
    out.put("jctUs", jct / 1e6);
    out.put("sourceTxBytes", tx);
    Map<String, Long> delivered = new LinkedHashMap<>();
    for (int i = 0; i < recv.length; i++) {
      delivered.put(Integer.toString(recv[i]), s.receivedBy(i + 1));
    }
    out.put("deliveredBytes", delivered);
    out.put("retransmittedPackets", 0);
    out.put("sourceNacks", List.of());
    var w = spec.commandLine().getOut();
    if (json) {
      w.println(Json.of(out));
    } else {
      w.printf(java.util.Locale.ROOT, "%s (%s), %d receivers, %d B: JCT %.3f us, source sent %d B (analytic model)%n",
          m, s.name(), recv.length, size, jct / 1e6, tx);
    }
  }

  private int[] receivers() {
    if (receivers != null && hosts != null) {
      throw new InvalidParameterException("--hosts", "give either --receivers or --hosts, not both");
    }
    if (receivers != null) {
      InvalidParameterException.requireRange("--receivers", receivers, 1, 1023);
    }
    int n = hosts != null ? hosts.size() : receivers == null ? 3 : receivers;
    int srv = servers != null ? servers : Math.max(4, (hosts == null ? n : 0) + 1);
    InvalidParameterException.requireRange("--servers", srv, 2, 1024);
    if (source < 0 || source >= srv) {
      throw new InvalidParameterException("--source", source, "valid range 0.." + (srv - 1) + " (the servers on the switch)");
    }
    List<Integer> list = new ArrayList<>();
    if (hosts == null) {
      for (int h = 0; list.size() < n; h++) {
        if (h != source) {
          list.add(h);
        }
      }
    } else {
      list.addAll(hosts);
    }
    Set<Integer> seen = new HashSet<>();
    for (int h : list) {
      if (h < 0 || h >= srv) {
        throw new InvalidParameterException("--hosts", h, "unknown host; valid range 0.." + (srv - 1) + " (--servers " + srv + ")");
      }
      if (h == source) {
        throw new InvalidParameterException("--hosts", h, "equals the source; a receiver must differ from --source " + source);
      }
      if (!seen.add(h)) {
        throw new InvalidParameterException("--hosts", h, "listed twice; receivers must be distinct");
      }
    }
    if (list.isEmpty()) {
      throw new InvalidParameterException("--hosts", "--hosts needs at least one receiver");
    }
    return list.stream().mapToInt(Integer::intValue).toArray();
  }
}
