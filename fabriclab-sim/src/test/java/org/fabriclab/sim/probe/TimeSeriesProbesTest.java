package org.fabriclab.sim.probe;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.graph.Topology;
import org.fabriclab.progress.Progress;
import org.fabriclab.sim.PacketSimulation;
import org.fabriclab.table.Table;
import org.fabriclab.topology.fattree.FatTree;
import org.fabriclab.traffic.FlowTrace;
import org.fabriclab.units.Time;
import org.junit.jupiter.api.Test;

/** Time-series probes: a lone RoCEv2 flow at line rate seen every 10 µs. */
class TimeSeriesProbesTest {
  @Test
  void aLineRateFlowShowsElevenOrTwelvePacketsPerTick() {
    Topology t = new FatTree(4).build();
    FlowTrace tr = new FlowTrace(new long[] {0}, new int[] {0}, new int[] {15}, new long[] {0},
        new long[] {300_000});
    PacketSimulation ps = PacketSimulation.benchmark(t, tr, "rocev2", false, 1, Progress.NONE);
    TimeSeriesProbes probes = new TimeSeriesProbes(ps.simulator(), Time.us(10))
        .addPorts(ps.network()).addFlows(ps.network(), 1);
    probes.start();
    long end = ps.run(Time.seconds(1), Long.MAX_VALUE).flows().endPs(0);
    Table tab = probes.table();
    int nic = t.firstLink(t.server(0));
    // a 1088 B packet every 870.4 ns: 11 or 12 packets start in any 10 µs window
    double eleven = 11 * 1088 * 8 / 10e-6 / 1e9;
    double twelve = 12 * 1088 * 8 / 10e-6 / 1e9;
    int checked = 0;
    for (int i = 0; i < tab.rowCount(); i++) {
      long at = tab.getLong(i, "timeNs") * 1000;
      boolean interior = at > Time.us(20) && at < end - Time.us(20);
      String s = tab.getString(i, "series");
      if (!interior) {
        continue;
      }
      if (s.equals("port.gbps") && tab.getLong(i, "id") == nic) {
        assertThat(tab.getDouble(i, "value")).isIn(eleven, twelve);
        checked++;
      }
      if (s.equals("port.queueBytes") && tab.getLong(i, "id") != nic) {
        assertThat(tab.getDouble(i, "value")).isLessThan(1088); // never more than one packet waits
      }
    }
    assertThat(checked).isGreaterThan(20);
  }
}
