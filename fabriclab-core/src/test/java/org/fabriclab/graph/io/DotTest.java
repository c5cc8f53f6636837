package org.fabriclab.graph.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.api.Test;

class DotTest {
  static List<String> lines(Topology t) throws IOException {
    StringWriter w = new StringWriter();
    Dot.write(t, w);
    return Arrays.asList(w.toString().split("\n"));
  }

  static long count(List<String> lines, String regex) {
    return lines.stream().filter(l -> l.matches(regex)).count();
  }

  @Test
  void undirectedGraphWithOneEdgeStatementPerCable() throws IOException {
    List<String> lines = lines(Fixtures.plain());
    assertThat(lines.get(1)).isEqualTo("graph \"ring\" {");
    assertThat(lines.get(lines.size() - 1)).isEqualTo("}");
    // 4 ring cables + 4 server cables
    assertThat(count(lines, "  n\\d+ -- n\\d+ \\[.*\\];")).isEqualTo(8);
    assertThat(count(lines, "  n\\d+ \\[shape=.*\\];")).isEqualTo(8);
    assertThat(lines).contains("  n0 -- n1 [capacityBps=10000000000, delayPs=1000000, label=\"10 Gb/s\"];");
    assertThat(lines).noneMatch(l -> l.contains("->"));
  }

  @Test
  void digraphWhenOneWayLinksExist() throws IOException {
    List<String> lines = lines(Fixtures.mixed());
    assertThat(lines.get(1)).startsWith("digraph ");
    // 6 cables drawn both ways, 4 one-way links
    assertThat(count(lines, "  n\\d+ -> n\\d+ \\[dir=both, .*\\];")).isEqualTo(6);
    assertThat(count(lines, "  n\\d+ -> n\\d+ \\[capacityBps=.*\\];")).isEqualTo(4);
    assertThat(lines).contains("  n4 [shape=triangle, role=\"optical-splitter\", label=\"4\\npod=7\"];");
    assertThat(lines).contains("  n3 [shape=ellipse, role=\"packet-switch\", label=\"3\"];");
    assertThat(lines).contains("  n5 -> n6 [capacityBps=1000000, delayPs=10, label=\"1 Mb/s\"];");
    assertThat(lines.get(1)).isEqualTo("digraph \"hand<made>\" {");
  }

  @Test
  void readableRates() {
    assertThat(Dot.readableRate(10_000_000_000L)).isEqualTo("10 Gb/s");
    assertThat(Dot.readableRate(2_500_000L)).isEqualTo("2.5 Mb/s");
    assertThat(Dot.readableRate(999L)).isEqualTo("999 b/s");
    assertThat(Dot.readableRate(100_000_000_000L)).isEqualTo("100 Gb/s");
  }

  @Test
  void quotesEscapeQuotesAndBackslashes() {
    assertThat(Dot.quote("a\"b\\c\nd")).isEqualTo("\"a\\\"b\\\\c\\nd\"");
  }
}
