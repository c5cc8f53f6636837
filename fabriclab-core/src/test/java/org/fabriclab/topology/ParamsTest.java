package org.fabriclab.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;
import org.junit.jupiter.api.Test;

class ParamsTest {
  private static final List<ParamSpec> SPECS =
      List.of(
          ParamSpec.integer("k", 2, 64, null, "switch radix"),
          ParamSpec.integer("seed", 0, Long.MAX_VALUE, 1L, "seed"),
          ParamSpec.real("rate", 0.5, 100, 10.0, "rate"),
          ParamSpec.intList("sizes", 1, 8, "1,2", "sizes"),
          ParamSpec.choice("mode", List.of("clos", "random"), "clos", "mode"));

  private static Params parse(Map<String, String> raw) {
    return Params.parse("fam", SPECS, raw);
  }

  private static void assertRejected(Map<String, String> raw, String... parts) {
    assertThatThrownBy(() -> parse(raw))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContainingAll(parts)
        .hasMessageNotContaining("\n");
  }

  @Test
  void valuesAndDefaults() {
    Params p = parse(Map.of("k", " 8 ", "sizes", "3, 4,5", "mode", "RANDOM"));
    assertThat(p.family()).isEqualTo("fam");
    assertThat(p.getInt("k")).isEqualTo(8);
    assertThat(p.getLong("seed")).isEqualTo(1L);
    assertThat(p.getDouble("rate")).isEqualTo(10.0);
    assertThat(p.getDouble("k")).isEqualTo(8.0);
    assertThat(p.getIntList("sizes")).containsExactly(3, 4, 5);
    assertThat(p.getChoice("mode")).isEqualTo("random");
    assertThat(p.has("seed")).isTrue();
    assertThat(p.has("nope")).isFalse();
    assertThat(p.describe()).isEqualTo("k=8, seed=1, rate=10.0, sizes=3,4,5, mode=random");
    assertThatThrownBy(() -> p.getInt("nope")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void unknownParameterNamesItAndListsTheValidOnes() {
    assertRejected(Map.of("k", "4", "radix", "4"), "--radix", "fam", "--k", "--mode");
    assertThatThrownBy(() -> parse(Map.of("k", "4", "radix", "4")))
        .extracting(e -> ((InvalidParameterException) e).parameter())
        .isEqualTo("radix");
  }

  @Test
  void unknownParameterSuggestsTheNearestOne() {
    assertRejected(Map.of("k", "4", "mdoe", "clos"), "unknown parameter --mdoe for fam (did you mean --mode?)");
    assertThatThrownBy(() -> parse(Map.of("k", "4", "radix", "4"))).hasMessageNotContaining("did you mean");
  }

  @Test
  void missingRequiredParameterNamesItAndItsRange() {
    assertRejected(Map.of(), "missing --k", "2..64");
  }

  @Test
  void outOfRangeValuesNameTheParameterAndTheRange() {
    assertRejected(Map.of("k", "1"), "--k", "= 1", "2..64");
    assertRejected(Map.of("k", "65"), "--k", "2..64");
    assertRejected(Map.of("k", "4", "seed", "-1"), "--seed", ">= 0");
    assertRejected(Map.of("k", "4", "rate", "0.25"), "--rate", "0.5..100.0");
  }

  @Test
  void unicodeDigitsAreRefused() {
    // Long.parseLong accepts Arabic-Indic digits; fabriclab does not
    assertRejected(Map.of("k", "\u0661\u0660"), "--k", "ASCII", "2..64");
    assertRejected(Map.of("k", "4", "rate", "\u0661.5"), "--rate", "ASCII");
    assertRejected(Map.of("k", "0x10"), "--k", "integer");
  }

  @Test
  void nonNumericValuesAreRejected() {
    assertRejected(Map.of("k", "eight"), "--k", "eight", "integer", "2..64");
    assertRejected(Map.of("k", "4.0"), "--k", "integer");
    assertRejected(Map.of("k", ""), "--k");
    assertRejected(Map.of("k", "4", "rate", "fast"), "--rate", "number");
    assertRejected(Map.of("k", "4", "rate", "NaN"), "--rate", "finite");
    assertRejected(Map.of("k", "4", "rate", "Infinity"), "--rate", "finite");
  }

  @Test
  void listsCheckEveryElement() {
    assertRejected(Map.of("k", "4", "sizes", "1,9"), "--sizes", "each 1..8");
    assertRejected(Map.of("k", "4", "sizes", "1,x"), "--sizes", "comma-separated");
    assertRejected(Map.of("k", "4", "sizes", "1,,2"), "--sizes");
  }

  @Test
  void listElementsBeyondIntAreRejectedNotTruncated() {
    List<ParamSpec> wide = List.of(ParamSpec.intList("sizes", 0, Long.MAX_VALUE, "1", "sizes"));
    // 2^32 + 5 would silently become 5 if narrowed to int
    assertThatThrownBy(() -> Params.parse("fam", wide, Map.of("sizes", "4294967301")))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessageContaining("--sizes");
  }

  @Test
  void choicesAreCaseInsensitiveAndListed() {
    assertRejected(Map.of("k", "4", "mode", "torus"), "--mode", "torus", "one of clos|random");
    List<ParamSpec> mixedCase = List.of(ParamSpec.choice("mode", List.of("Clos", "random"), "Clos", ""));
    assertThat(Params.parse("fam", mixedCase, Map.of()).getChoice("mode")).isEqualTo("Clos");
    assertThat(Params.parse("fam", mixedCase, Map.of("mode", "clos")).getChoice("mode"))
        .isEqualTo("Clos");
  }

  @Test
  void rangeTextAsPeopleReadIt() {
    assertThat(SPECS.get(0).rangeText()).isEqualTo("2..64");
    assertThat(SPECS.get(1).rangeText()).isEqualTo(">= 0");
    assertThat(SPECS.get(3).rangeText()).isEqualTo("comma-separated integers, each 1..8");
    assertThat(SPECS.get(4).rangeText()).isEqualTo("one of clos|random");
    assertThat(SPECS.get(0).required()).isTrue();
    assertThat(SPECS.get(1).required()).isFalse();
  }
}
