package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A number the option's type cannot hold never reaches the command's own range check, so the
 * one-line error quotes the option's help line, where its valid range is stated.
 */
class IntOverflowMessageTest {
  @Test
  void anIntOptionBeyondItsTypeNamesTheOptionsOwnRange() {
    CliRun.assertRefused(new String[] {"shufflecast", "routes", "--source", "2147483648"}, "--source");
    CliRun.Result r = CliRun.run("shufflecast", "routes", "--source", "2147483648");
    assertThat(r.err()).contains("'2147483648' is outside").contains("--source: source ToR id, 0..k·p^k-1");
  }

  @Test
  void aTwentyDigitNumberIsOutOfRangeNotAMalformedInteger() {
    CliRun.Result r = CliRun.run("shufflecast", "routes", "--source", "99999999999999999999");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("is outside").doesNotContain("not an integer");
  }
}
