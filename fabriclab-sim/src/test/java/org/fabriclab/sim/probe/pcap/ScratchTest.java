package org.fabriclab.sim.probe.pcap;

import java.nio.file.Path;
import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

class ScratchTest {
  @Test
  void scratch() {
    Topology t = new FatTree(4).build();
    for (String tr0 : new String[] {"rocev2", "dctcp"}) {
      FlowTrace tr = new FlowTrace(new long[] {0, 1}, new int[] {0, 1}, new int[] {15, 14}, new long[] {0, 0},
          new long[] {5000, 3000});
      PacketSimulation ps = PacketSimulation.benchmark(t, tr, tr0, false, 1, Progress.NONE);
      new CaptureFile(Path.of("/tmp/scratch-" + tr0 + ".pcapng"), CaptureFilter.parse(""), Framing.of(
          org.fabriclab.sim.transport.tcp.TcpConfig.benchmark(false), tr::sizeBytes))
          .record(attach -> { attach.accept(ps.network()); return ps.run(Time.seconds(1), Long.MAX_VALUE); });
    }
  }
}
