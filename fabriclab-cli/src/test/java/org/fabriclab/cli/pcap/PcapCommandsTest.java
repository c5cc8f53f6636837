package org.fabriclab.cli.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.assertRefused;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --pcap} on {@code gleam bcast} and {@code collective}, and the refusals: a filter that
 * keeps nothing, a capture without packets to capture, several runs into one file — one line, exit
 * 2, and no capture file (nor a temporary one) left.
 */
class PcapCommandsTest {
  @TempDir Path dir;

  private Path trace() throws Exception {
    Path t = dir.resolve("trace.csv");
    Files.writeString(t, "flow_id,src_host,dst_host,start_ns,size_bytes\n0,0,15,0,5000\n");
    return t;
  }

  private void assertNoFiles(String what) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      assertThat(s.map(p -> p.getFileName().toString()).filter(n -> n.contains("pcap")).toList()).as(what).isEmpty();
    }
  }

  @Test
  void gleamBroadcastCaptureHoldsEveryCopyOfEveryPsn() throws Exception {
    Tshark.require();
    Path pcap = dir.resolve("gleam.pcapng");
    JsonNode r = CliRun.json("gleam", "bcast", "--receivers", "3", "--size", "8192", "--pcap", pcap.toString(),
        "--json");
    long n = r.get("messagePackets").asLong();
    assertThat(n).isEqualTo(8);
    assertThat(r.get("retransmittedPackets").asLong()).isZero();
    List<String[]> rows = Tshark.fields(pcap, "frame.interface_name", "infiniband.bth.opcode",
        "infiniband.bth.destqp", "infiniband.bth.psn");
    // data (SEND opcodes 0..4): the source's n packets into the switch, then n copies to each receiver
    Map<String, List<Integer>> psns = new HashMap<>();
    for (String[] row : rows) {
      if (Integer.parseInt(row[1]) <= 4) {
        psns.computeIfAbsent(row[0] + " " + row[2], k -> new java.util.ArrayList<>()).add(Integer.parseInt(row[3]));
      }
    }
    assertThat(psns).hasSize(4);
    for (List<Integer> p : psns.values()) {
      assertThat(p).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
    }
  }

  @Test
  void gleamWriteCaptureShowsTheMrUpdateAndTheWrite() throws Exception {
    Tshark.require();
    Path pcap = dir.resolve("write.pcapng");
    JsonNode r = CliRun.json("gleam", "bcast", "--receivers", "2", "--size", "4096", "--verb", "write",
        "--pcap", pcap.toString(), "--pcap-filter", "host=0", "--json");
    // the source's NIC port carries every data packet the source sent: the MR update's and the WRITE's
    List<String[]> rows = Tshark.fields(pcap, "frame.interface_description", "infiniband.bth.opcode");
    long data = rows.stream().filter(x -> x[0].matches("output port 0 of node \\d+ \\(server 0,.*")
        && Integer.parseInt(x[1]) <= 4).count();
    assertThat(data).isEqualTo(r.get("dataPacketsSent").asLong());
  }

  @Test
  void collectiveCaptureFilteredToAHost() throws Exception {
    Tshark.require();
    Path pcap = dir.resolve("coll.pcapng");
    CliRun.json("collective", "--op", "broadcast", "--ranks", "4", "--size", "64KiB", "--scheme", "binomial",
        "--pcap", pcap.toString(), "--pcap-filter", "host=3", "--json", "--no-progress");
    List<String[]> rows = Tshark.fields(pcap, "ip.src", "ip.dst", "udp.dstport");
    assertThat(rows).isNotEmpty().allSatisfy(r -> {
      assertThat(List.of(r[0], r[1])).contains("10.0.0.4"); // server 3 is node 3
      assertThat(r[2]).isEqualTo("4791");
    });
  }

  @Test
  void refusalsLeaveNoCaptureFile() throws Exception {
    String t = trace().toString();
    String f = dir.resolve("x.pcapng").toString();
    String[] sim = {"simulate", "--topo", "fattree", "--k", "4", "--trace", t, "--transport", "rocev2", "--no-progress"};
    assertRefused(concat(sim, "--pcap", f, "--pcap-filter", "flow=7"), "--pcap-filter 'flow=7' matched no packet");
    assertNoFiles("a filter that matched nothing");
    assertRefused(concat(sim, "--pcap", f, "--pcap-filter", "host=16"), "valid range 0..15");
    assertRefused(concat(sim, "--pcap", f, "--pcap-filter", "flows=1"), "unknown key 'flows'");
    assertRefused(concat(sim, "--pcap-filter", "flow=1"), "--pcap-filter needs --pcap FILE");
    assertRefused(concat(sim, "--pcap", f, "--engine", "flow"), "--pcap needs --engine packet");
    assertRefused(concat(sim, "--pcap", dir.toString()), "is a directory");
    assertRefused(new String[] {"collective", "--op", "broadcast", "--ranks", "4", "--size", "64KiB,1MiB",
        "--scheme", "binomial", "--pcap", f, "--no-progress"}, "--pcap captures one run");
    assertRefused(new String[] {"gleam", "bcast", "--receivers", "3", "--size", "8192", "--verb", "write",
        "--pcap", f, "--pcap-filter", "host=3-4"}, "valid range 0..3");
    assertRefused(new String[] {"gleam", "bcast", "--receivers", "3", "--size", "8192", "--method", "ring",
        "--pcap", f}, "--pcap needs --engine packet");
    assertNoFiles("refused runs");
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
