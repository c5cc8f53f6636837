package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ServiceLoader;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.experiment.Reproduction;
import org.junit.jupiter.api.Test;

/** §3.4/§7.1 slot arithmetic and the registration of the reproduction. */
class ShoalConfigTest {
  @Test
  void cellSizeFollowsSlotAndChannelRate() {
    ShoalConfig r = ShoalConfig.rack512();
    assertThat(r.withChannels(4, 100).cellBytes()).isEqualTo(64); // 20.5 ns × 25 Gb/s
    assertThat(r.withChannels(2, 100).cellBytes()).isEqualTo(128); // 20.5 ns × 50 Gb/s
    assertThat(r.payloadBytes()).isEqualTo(56);
    assertThat(r.hopSlots()).isEqualTo(1);
    // prototype: 76.8 ns slot + 1493.2 ns after it = 1.57 us -> the receiver forwards 21 slots later
    assertThat(ShoalConfig.prototype().hopSlots()).isEqualTo((int) Math.ceil(1570 / 76.8));
  }

  @Test
  void badValuesNameTheParameter() {
    assertThatThrownBy(() -> ShoalConfig.rack512().withNodes(500)).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--nodes = 500");
    assertThatThrownBy(() -> new ShoalConfig(8, 4, 1, 10, 10, 10, 64, 0, false, true, true, true))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("--guard-ns");
  }

  @Test
  void reproductionIsRegistered() {
    assertThat(ServiceLoader.load(Reproduction.class).stream().map(p -> p.get().system()))
        .contains("shoal");
  }
}
