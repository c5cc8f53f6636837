package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fabriclab.error.InvalidParameterException;
import org.junit.jupiter.api.Test;

/** The per-flow heap estimate against its constants by hand, and the refusal's boundary. */
class FlowMemoryTest {
  private static final long MIB = 1L << 20;

  @Test
  void theEstimateIsTheBasePlusTheConstantPerFlow() {
    // 64 MiB + 10^6 flows × 128 B
    assertThat(FlowMemory.bytes(1_000_000, FlowMemory.FLOW_ENGINE_BYTES_PER_FLOW)).isEqualTo(64 * MIB + 128_000_000L);
    assertThat(FlowMemory.simulatePerFlow("flow", false)).isEqualTo(FlowMemory.FLOW_ENGINE_BYTES_PER_FLOW);
    assertThat(FlowMemory.simulatePerFlow("packet", true)).isEqualTo(FlowMemory.PACKET_ENGINE_OUT_BYTES_PER_FLOW);
    assertThat(FlowMemory.shoalPerFlow(true)).isEqualTo(FlowMemory.SHOAL_LISTING_BYTES_PER_FLOW);
    assertThat(FlowMemory.bytes(Long.MAX_VALUE / 2, 600)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void aRunJustUnderTheHeapIsAcceptedAndOneFlowMoreIsRefused() {
    // 10^6 flows at 128 B + 64 MiB = 195,108,864 B = 85 % of 229,539,840 B
    long heap = 229_539_841L;
    FlowMemory.require("--flows", 1_000_000, 1_000_000, 128, "the flow engine", heap);
    // (0.85 × 229,539,841 − 67,108,864) / 128 = 1,000,000.006: exactly the 10^6 flows
    assertThat(FlowMemory.mostFlows(128, heap)).isEqualTo(1_000_000L);
    assertThatThrownBy(() -> FlowMemory.require("--flows", 1_000_001, 1_000_001, 128, "the flow engine", heap))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessage("invalid --flows = 1000001: 1,000,001 flows on the flow engine (about 128 B each) needs 0.2 GiB"
            + " of heap, more than 85% of the 0.2 GiB heap; raise it (FABRICLAB_HEAP=1g or more) or give at most"
            + " 1,000,000 flows");
  }

  @Test
  void theDocumentedMaximaNameTheHeapTheyNeed() {
    long fourG = 4L << 30;
    // simulate --flows 100000000 on the flow engine: 64 MiB + 1.28e10 B = 11.98 GiB; / 0.85 = 14.1 GiB
    // reported, -Xmx 9/8 of that = 15.9 GiB
    assertThatThrownBy(() -> FlowMemory.require("--flows", 100_000_000, 100_000_000,
        FlowMemory.simulatePerFlow("flow", false), "the flow engine", fourG))
        .hasMessageContaining("needs 12.0 GiB of heap, more than 85% of the 4.0 GiB heap")
        .hasMessageContaining("FABRICLAB_HEAP=16g or more");
    // shoal sim --flows 50000000, text output: 64 MiB + 10^10 B = 9.38 GiB; / 0.85 × 9/8 = 12.4 GiB
    assertThatThrownBy(() -> FlowMemory.require("--flows", 50_000_000, 50_000_000, FlowMemory.shoalPerFlow(false),
        "shoal sim", fourG)).hasMessageContaining("FABRICLAB_HEAP=13g or more");
  }
}
