package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fig. 9's packet rows register Gleam's table with envelope packets (Appendix A) before the data:
 * the JCT, counted from the data's first packet, equals the run with the computed registration (the
 * tables are equal) and the store-and-forward closed form; the registration itself took time but is
 * not in the JCT.
 */
class Fig9PacketRegistrationTest {
  private static final int[] R = {1, 2, 3};

  @Test
  void envelopePacketRegistrationLeavesTheJctUnchanged() {
    // 64 KiB = 64 packets of 1024 + 64 B at 100 Gb/s (80 ps per byte), two 10 ns links:
    // 64 serializations out of the source, one more at the switch, two propagations
    long closed = 65 * 1088 * 80L + 2 * 10_000L;
    for (long bytes : new long[] {64 * 1024, 1L << 20}) {
      PacketBcast.Result byPackets = PacketTestbedExperiments.gleamByEnvelopePackets(bytes);
      PacketBcast.Result computed = PacketBcast.run("gleam", 4, 0, R, bytes, 100, 0, List.of(), 1);
      assertThat(byPackets.registrationPs()).isPositive();
      assertThat(computed.registrationPs()).isEqualTo(-1);
      assertThat(byPackets.jctPs()).isEqualTo(computed.jctPs());
      assertThat(byPackets.sourceTxBytes()).isEqualTo(computed.sourceTxBytes());
      assertThat(byPackets.deliveredBytes()).containsExactly(bytes, bytes, bytes);
      if (bytes == 64 * 1024) {
        assertThat(byPackets.jctPs()).isEqualTo(closed);
      }
    }
  }
}
