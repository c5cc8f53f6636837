package org.fabriclab.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SuggestionsTest {
  @Test
  void editDistanceOfKnownPairs() {
    assertThat(Suggestions.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(Suggestions.distance("", "abc")).isEqualTo(3);
    assertThat(Suggestions.distance("flow", "flows")).isEqualTo(1);
    assertThat(Suggestions.distance("szie", "size")).isEqualTo(1); // one swap
    assertThat(Suggestions.distance("same", "same")).isZero();
  }

  @Test
  void theNearestNamesWithinAThird() {
    List<String> options = List.of("flows", "flow-bytes", "format", "k");
    assertThat(Suggestions.nearest("flow", options)).containsExactly("flows");
    assertThat(Suggestions.nearest("kk", options)).containsExactly("k");
    assertThat(Suggestions.nearest("FLOWS", options)).containsExactly("flows");
    assertThat(Suggestions.nearest("zzzzzzzz", options)).isEmpty();
    assertThat(Suggestions.nearest("kx", List.of("k", "x", "kxyz"))).containsExactly("k", "x");
  }

  @Test
  void didYouMeanPhrases() {
    assertThat(Suggestions.didYouMean("flow", List.of("flows", "k"), "--")).isEqualTo("did you mean --flows?");
    assertThat(Suggestions.didYouMean("kx", List.of("k", "x"), "--")).isEqualTo("did you mean --k or --x?");
    assertThat(Suggestions.didYouMean("zzzzzzzz", List.of("k"), "--")).isEmpty();
  }
}
