package org.fabriclab.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.traffic.FlowTrace;
import org.junit.jupiter.api.Test;

/**
 * The FT8-WS30-10k trace ships inside fabriclab: its 10,000 flows and 24.67 GB (24,669,990,000
 * bytes), between the 128 hosts of a fat-tree k=8, as the benchmark scenario describes it.
 */
class BenchmarkTraceTest {
  @Test
  void theBundledTraceIsTheBenchmarkTrace() {
    FlowTrace tr = EngineBenchCommand.benchmarkTrace(128);
    assertThat(tr.size()).isEqualTo(10_000);
    long bytes = 0;
    for (int f = 0; f < tr.size(); f++) {
      bytes += tr.sizeBytes(f);
    }
    assertThat(bytes).isEqualTo(24_669_990_000L);
    assertThat(EngineBenchCommand.isBenchmarkTrace(tr)).isTrue();
  }
}
