package org.fabriclab.sim.probe.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A captured run read back by hand (no tshark needed): one Enhanced Packet Block per packet hop the
 * network counted, picosecond timestamps in order, the first one at the closed-form arrival of a
 * packet on its sender's link; a filter that keeps nothing leaves no file.
 */
class CaptureFileTest {
  @TempDir Path dir;
  private final Topology topo = new FatTree(4).build(); // 10 Gb/s, 1 µs links

  private PacketSimulation run() {
    FlowTrace tr = new FlowTrace(new long[] {0, 1}, new int[] {0, 1}, new int[] {15, 14}, new long[] {0, 0},
        new long[] {5000, 3000});
    return PacketSimulation.benchmark(topo, tr, "rocev2", false, 1, Progress.NONE);
  }

  @Test
  void everyArrivalIsOneBlockStampedInSimulatedPicoseconds() throws Exception {
    PacketSimulation ps = run();
    Path file = dir.resolve("run.pcapng");
    new CaptureFile(file, CaptureFilter.all(), Framing.defaults()).record(attach -> {
      attach.accept(ps.network());
      return ps.run(Time.seconds(1), Long.MAX_VALUE);
    });
    ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    long epbs = 0;
    long last = -1;
    long first = -1;
    for (int at = 0; at < b.limit(); at += b.getInt(at + 4)) {
      if (b.getInt(at) == PcapngWriter.EPB) {
        long ts = (b.getInt(at + 12) & 0xFFFFFFFFL) << 32 | (b.getInt(at + 16) & 0xFFFFFFFFL);
        assertThat(ts).isGreaterThanOrEqualTo(last);
        first = first < 0 ? ts : first;
        last = ts;
        epbs++;
      }
    }
    assertThat(epbs).isEqualTo(ps.network().packetHops());
    // the first packet: 1,088 B at 10 Gb/s (870.4 ns) plus the link's 1 µs
    assertThat(first).isEqualTo(870_400 + 1_000_000);
  }

  @Test
  void aFilterThatKeepsNothingLeavesNoFile() throws Exception {
    PacketSimulation ps = run();
    Path file = dir.resolve("none.pcapng");
    assertThatThrownBy(() -> new CaptureFile(file, CaptureFilter.parse("flow=5"), Framing.defaults())
        .record(attach -> {
          attach.accept(ps.network());
          return ps.run(Time.seconds(1), Long.MAX_VALUE);
        })).isInstanceOf(InvalidParameterException.class).hasMessageContaining("matched no packet");
    try (Stream<Path> s = Files.list(dir)) {
      assertThat(s.toList()).isEmpty();
    }
  }
}
