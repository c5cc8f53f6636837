package org.fabriclab.cli.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.cli.CliRun;
import org.fabriclab.graph.Topology;
import org.fabriclab.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code simulate --pcap}: the capture tshark reads agrees with the run's own counters — one frame
 * per packet hop (summary.json's packetHops), each sender's NIC port carries as many frames as
 * ports.csv counts and the closed-form number of packets, PSNs 0..n−1 in order, TCP byte numbers
 * from the segments, and timestamps equal to the simulated times (a lone sender at line rate on its
 * NIC; the receiver's last packet at flows.csv's end).
 */
class SimulatePcapTest {
  @TempDir Path dir;
  // fat-tree k=4 as simulate builds it: 10 Gb/s, 1 µs links; servers are nodes 0..15
  private final Topology topo = new FatTree(4).build();
  private static final long RATE = 10_000_000_000L;

  private Path trace(String... rows) throws Exception {
    Path t = dir.resolve("trace.csv");
    Files.writeString(t, "flow_id,src_host,dst_host,start_ns,size_bytes\n" + String.join("\n", rows) + "\n");
    return t;
  }

  private JsonNode simulate(Path trace, String transport, Path out, Path pcap, String... more) throws Exception {
    List<String> a = new ArrayList<>(List.of("simulate", "--topo", "fattree", "--k", "4", "--trace",
        trace.toString(), "--transport", transport, "--no-progress", "--json", "--out", out.toString(),
        "--pcap", pcap.toString()));
    a.addAll(List.of(more));
    return CliRun.json(a.toArray(new String[0]));
  }

  /** ports.csv: packets per "from:port". */
  private static Map<String, Long> portPackets(Path out) throws Exception {
    Map<String, Long> m = new HashMap<>();
    List<String> lines = Files.readAllLines(out.resolve("ports.csv"));
    for (String l : lines.subList(1, lines.size())) {
      String[] c = l.split(",");
      m.put(c[1] + ":" + c[3], Long.parseLong(c[5]));
    }
    return m;
  }

  private static long serializationPs(long bytes) {
    return (bytes * 8 * 1_000_000_000_000L + RATE - 1) / RATE;
  }

  /** The interface name of the port that delivers to server {@code s}. */
  private String downlink(int s) {
    int into = topo.reverse(topo.firstLink(topo.server(s)));
    return topo.source(into) + ":" + topo.port(into);
  }

  @Test
  void rocev2CaptureMatchesTheRunsCounters() throws Exception {
    Tshark.require();
    long[] size = {5000, 3000, 20000};
    int[] src = {0, 1, 2};
    int[] dst = {15, 14, 13};
    Path out = dir.resolve("out");
    Path pcap = dir.resolve("run.pcapng");
    JsonNode s = simulate(trace("0,0,15,0,5000", "1,1,14,0,3000", "2,2,13,0,20000"), "rocev2", out, pcap);
    List<String[]> rows = Tshark.fields(pcap, "frame.interface_name", "frame.time_epoch", "frame.len",
        "infiniband.bth.opcode", "infiniband.bth.destqp", "infiniband.bth.psn", "udp.dstport");
    assertThat((long) rows.size()).isEqualTo(s.get("packetHops").asLong());
    Map<String, Long> ports = portPackets(out);
    List<String[]> flowsCsv = new ArrayList<>();
    for (String l : Files.readAllLines(out.resolve("flows.csv")).subList(1, 4)) {
      flowsCsv.add(l.split(",", -1));
    }
    for (int k = 0; k < 3; k++) {
      int f = k;
      int n = (int) ((size[f] + 1023) / 1024);
      String qp = String.format("0x%06x", 0x800000 + f);
      String up = src[f] + ":0";
      List<String[]> sent = rows.stream().filter(r -> r[0].equals(up)).toList();
      assertThat(sent).hasSize(n);
      assertThat((long) sent.size()).isEqualTo(ports.get(up));
      long t = topo.delayPs(topo.firstLink(src[f]));
      for (int i = 0; i < n; i++) {
        String[] r = sent.get(i);
        long bytes = Math.min(1024, size[f] - 1024L * i) + 64;
        t += serializationPs(bytes);
        assertThat(r[6]).isEqualTo("4791");
        assertThat(r[4]).isEqualTo(qp);
        assertThat(Integer.parseInt(r[5])).isEqualTo(i);
        assertThat(Integer.parseInt(r[3])).isEqualTo(i == 0 ? 0 : i == n - 1 ? 2 : 1); // SEND First/Middle/Last
        assertThat(Long.parseLong(r[2])).isEqualTo(bytes);
        assertThat(Tshark.ns(r[1])).as("packet %d of flow %d", i, f).isEqualTo(t / 1000);
      }
      List<String[]> got = rows.stream().filter(r -> r[0].equals(downlink(dst[f])) && r[4].equals(qp)).toList();
      assertThat(got).hasSize(n);
      long lastNs = Tshark.ns(got.get(n - 1)[1]); // tshark truncates to ns, flows.csv rounds
      assertThat(Long.parseLong(flowsCsv.get(f)[5]) - lastNs).isBetween(0L, 1L);
      // the receiver's ACKs acknowledge PSNs in order, the last no further than n - 1
      List<Integer> acks = rows.stream().filter(r -> r[0].equals(dst[f] + ":0") && r[3].equals("17"))
          .map(r -> Integer.parseInt(r[5])).toList();
      assertThat(acks).isSorted().allMatch(p -> p >= 0 && p <= n - 1);
    }
    assertThat(rows.stream().filter(r -> r[3].equals("17")).count() + rows.stream()
        .filter(r -> !r[3].equals("17")).count()).isEqualTo(rows.size());
  }

  @Test
  void filtersKeepOnlyTheirPortsAndFlows() throws Exception {
    Tshark.require();
    Path trace = trace("0,0,15,0,5000", "1,1,14,0,3000");
    Path all = dir.resolve("all.pcapng");
    simulate(trace, "rocev2", dir.resolve("a"), all);
    List<String[]> every = Tshark.fields(all, "frame.interface_name", "infiniband.bth.destqp", "frame.time_epoch");
    Path port = dir.resolve("port.pcapng");
    simulate(trace, "rocev2", dir.resolve("b"), port, "--pcap-filter", "port=" + downlink(15));
    List<String[]> onPort = Tshark.fields(port, "frame.interface_name", "infiniband.bth.destqp", "frame.time_epoch");
    assertThat(onPort).extracting(r -> String.join(" ", r)).containsExactlyElementsOf(
        every.stream().filter(r -> r[0].equals(downlink(15))).map(r -> String.join(" ", r)).toList());
    Path flow = dir.resolve("flow.pcapng");
    simulate(trace, "rocev2", dir.resolve("c"), flow, "--pcap-filter", "flow=1");
    List<String[]> ofFlow = Tshark.fields(flow, "frame.interface_name", "infiniband.bth.destqp", "frame.time_epoch");
    assertThat(ofFlow).extracting(r -> String.join(" ", r)).containsExactlyElementsOf(
        every.stream().filter(r -> r[1].equals("0x800001")).map(r -> String.join(" ", r)).toList());
    assertThat(ofFlow).isNotEmpty();
  }

  @Test
  void dctcpCaptureHasTheHandshakeAndByteSequenceNumbers() throws Exception {
    Tshark.require();
    Path out = dir.resolve("out");
    Path pcap = dir.resolve("tcp.pcapng");
    JsonNode s = simulate(trace("0,0,15,0,10000"), "dctcp", out, pcap);
    List<String[]> rows = Tshark.fields(pcap, "frame.interface_name", "tcp.flags", "tcp.seq_raw", "tcp.ack_raw",
        "tcp.len", "tcp.srcport", "tcp.dstport");
    assertThat((long) rows.size()).isEqualTo(s.get("packetHops").asLong());
    List<String[]> up = rows.stream().filter(r -> r[0].equals("0:0")).toList();
    assertThat((long) up.size()).isEqualTo(portPackets(out).get("0:0"));
    // the sender's NIC: SYN, then ceil(10000 / 1380) = 8 segments at bytes 1 + 1380 s
    assertThat(up.get(0)[1]).isEqualTo("0x0002");
    List<String[]> data = up.subList(1, up.size());
    assertThat(data).hasSize(8);
    assertThat(s.get("dataPackets").asLong()).isEqualTo(8);
    for (int i = 0; i < 8; i++) {
      assertThat(Long.parseLong(data.get(i)[2])).isEqualTo(1 + 1380L * i);
      assertThat(Integer.parseInt(data.get(i)[4])).isEqualTo(i < 7 ? 1380 : 10000 - 7 * 1380);
      assertThat(data.get(i)[6]).isEqualTo("5001");
    }
    // the receiver's NIC: SYN-ACK, then cumulative ACKs of whole segments up to the flow's last byte
    List<String[]> back = rows.stream().filter(r -> r[0].equals("15:0")).toList();
    assertThat(back.get(0)[1]).isEqualTo("0x0012");
    List<Long> acks = back.subList(1, back.size()).stream().map(r -> Long.parseLong(r[3])).toList();
    assertThat(acks).isSorted().isNotEmpty()
        .allMatch(a -> a == 10001 || (a - 1) % 1380 == 0 && a <= 1 + 7 * 1380);
  }
}
