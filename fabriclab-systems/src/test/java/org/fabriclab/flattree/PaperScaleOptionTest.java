package org.fabriclab.flattree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fabriclab.error.InvalidParameterException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The paper-scale switch of the Flat-tree reproduction: absent/false/true, anything else rejected. */
class PaperScaleOptionTest {
  @AfterEach
  void clear() {
    System.clearProperty(FlatTreeReproduction.PAPER_SCALE);
  }

  @Test
  void absentFalseAndTrue() {
    assertThat(FlatTreeReproduction.paperScale()).isFalse();
    System.setProperty(FlatTreeReproduction.PAPER_SCALE, "false");
    assertThat(FlatTreeReproduction.paperScale()).isFalse();
    System.setProperty(FlatTreeReproduction.PAPER_SCALE, "true");
    assertThat(FlatTreeReproduction.paperScale()).isTrue();
  }

  @Test
  void otherValuesNameThePropertyAndTheValidValues() {
    System.setProperty(FlatTreeReproduction.PAPER_SCALE, "yes");
    assertThatThrownBy(FlatTreeReproduction::paperScale).isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("fabriclab.flattree.paperScale").hasMessageContaining("true or false");
  }
}
