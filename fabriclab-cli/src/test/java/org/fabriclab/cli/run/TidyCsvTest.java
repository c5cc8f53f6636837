package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The sweep CSVs' hand-written fields quote as RFC 4180 requires, and only then. */
class TidyCsvTest {
  @Test
  void quotesCommaQuoteCrAndLfOnly() {
    assertThat(TidyCsv.quote("simulate.until-ms")).isEqualTo("simulate.until-ms");
    assertThat(TidyCsv.quote("pareto:1.2:100000 (heavy tail)")).isEqualTo("pareto:1.2:100000 (heavy tail)");
    assertThat(TidyCsv.quote("a,b")).isEqualTo("\"a,b\"");
    assertThat(TidyCsv.quote("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
    assertThat(TidyCsv.quote("line\nbreak")).isEqualTo("\"line\nbreak\"");
    assertThat(TidyCsv.quote("cr\rx")).isEqualTo("\"cr\rx\"");
  }
}
