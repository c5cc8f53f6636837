package org.fabriclab.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.stream.Stream;
import org.fabriclab.error.MalformedInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every malformed JSON edge list gives a one-line MalformedInputException naming the file. */
class MalformedJsonTest {
  static final String NODES =
      "[{\"id\":0,\"role\":\"server\"},{\"id\":1,\"role\":\"packet-switch\"},"
          + "{\"id\":2,\"role\":\"server\"}]";
  static final String L0 =
      "{\"source\":0,\"target\":1,\"sourcePort\":0,\"targetPort\":0,\"capacityBps\":5000000,\"delayPs\":1}";
  static final String L1 =
      "{\"source\":2,\"target\":1,\"sourcePort\":0,\"targetPort\":1,\"capacityBps\":5000000,\"delayPs\":1}";

  static String doc(String nodes, String links) {
    return "{\"format\":\"fabriclab-edgelist\",\"version\":1,\"family\":\"f\",\"parameters\":\"p\","
        + "\"labelFields\":[],\"nodes\":" + nodes + ",\"links\":[" + links + "]}";
  }

  static String withLink1(String replacement) {
    return doc(NODES, L0 + "," + replacement);
  }

  static void assertMalformed(String text, String expected) {
    Throwable t = catchThrowable(() -> JsonEdgeList.read(new StringReader(text), "net.json"));
    assertThat(t).isInstanceOf(MalformedInputException.class);
    assertThat(t.getMessage()).startsWith("malformed net.json: ").doesNotContain("\n", "\r");
    assertThat(t.getMessage()).contains(expected);
  }

  @Test
  void theBaseDocumentIsValid() throws IOException {
    assertThat(JsonEdgeList.read(new StringReader(withLink1(L1)), "net.json").cableCount())
        .isEqualTo(2);
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("", "empty input"),
        Arguments.of("[1,2]", "expected a JSON object"),
        Arguments.of("{\"format\":", "Unexpected end-of-input"),
        Arguments.of(withLink1(L1).replace("\"links\"", "\"lnks\""), "unknown top-level field \"lnks\""),
        Arguments.of(withLink1(L1).replaceFirst("]}$", "],\"edges\":[]}"),
            "\"edges\" after \"links\": give the links once, under \"edges\" or \"links\""),
        Arguments.of(withLink1(L1).replace("fabriclab-edgelist", "other"),
            "format \"other\" is not \"fabriclab-edgelist\""),
        Arguments.of(withLink1(L1).replace("\"version\":1", "\"version\":2"), "unsupported version 2"),
        Arguments.of(withLink1(L1).replace("\"format\":\"fabriclab-edgelist\",", ""),
            "missing field \"format\""),
        Arguments.of(withLink1(L1).replace("\"version\":1,", ""), "missing field \"version\""),
        Arguments.of(withLink1(L1).replace(",\"links\":[" + L0 + "," + L1 + "]", ""),
            "missing field \"edges\" (or \"links\")"),
        Arguments.of(withLink1(L1) + "{}", "after the top-level object"),
        Arguments.of(withLink1(L1).replace("\"version\":1", "\"version\":1,\"version\":1"),
            "Duplicate field"),
        Arguments.of(withLink1(L1.replace("\"target\":1,", "")), "link 1: missing target"),
        Arguments.of(withLink1(L1.replace("\"source\":2,", "")), "link 1: missing source"),
        Arguments.of(withLink1(L1.replace(",\"capacityBps\":5000000", "")), "link 1: missing capacityBps"),
        Arguments.of(withLink1(L1.replace(",\"delayPs\":1", "")), "link 1: missing delayPs"),
        Arguments.of(withLink1(L1.replace("\"target\":1", "\"target\":999")),
            "link 1: target 999 out of range 0..2"),
        Arguments.of(withLink1(L1.replace("\"source\":2", "\"source\":-4")),
            "link 1: source -4 out of range 0..2"),
        Arguments.of(withLink1(L1.replace("\"target\":1", "\"target\":2")), "link 1: self-loop at node 2"),
        Arguments.of(withLink1(L1.replace("\"targetPort\":1", "\"targetPort\":0")),
            "link 1: targetPort 0 of node 1 is already used by link 0"),
        Arguments.of(withLink1(L1.replace("\"sourcePort\":0", "\"sourcePort\":5")),
            "link 1: sourcePort 5 out of range 0..0 (node 2 has 1 link ends)"),
        Arguments.of(withLink1(L1.replace("\"sourcePort\":0,\"targetPort\":1,", "")),
            "link 1: no sourcePort although other links have ports"),
        Arguments.of(withLink1(L1.replace("\"targetPort\":1,", "")),
            "link 1: sourcePort and targetPort must be given together"),
        Arguments.of(withLink1(L1.replace("}", ",\"directed\":true}")),
            "link 1: a one-way link has no targetPort"),
        Arguments.of(withLink1(L1.replace("\"capacityBps\":5000000", "\"capacityBps\":0")),
            "link 1: capacityBps 0 out of range (valid range 1000000..1000000000000000 bit/s, as --link-gbps 0.001..1000000)"),
        Arguments.of(withLink1(L1.replace("\"capacityBps\":5000000", "\"capacityBps\":123456789012345678901234")),
            "link 1: capacityBps 123456789012345678901234 is too large"),
        Arguments.of(withLink1(L1.replace("\"delayPs\":1", "\"delayPs\":-1")),
            "link 1: delayPs -1 out of range (valid range 0..1000000000000 ps, as --link-delay-ns 0..1000000000)"),
        Arguments.of(withLink1(L1.replace("\"source\":2", "\"source\":\"2\"")),
            "link 1: source must be an integer, got a string"),
        Arguments.of(withLink1(L1.replace("\"delayPs\":1", "\"delay\":1")), "link 1: unknown field \"delay\""),
        Arguments.of(withLink1(L1.replace("}", ",\"directed\":\"yes\"}")),
            "link 1: directed must be true or false, got a string"),
        Arguments.of(withLink1("[2,1]"), "link 1 must be an object, got an array"),
        Arguments.of(doc(NODES.replace("packet-switch", "router"), L0 + "," + L1),
            "node 1: unknown role \"router\" (valid: server, packet-switch, circuit-switch,"
                + " converter-switch, optical-splitter)"),
        Arguments.of(doc(NODES.replace("0,\"role\":\"server\"}", "0}"), L0 + "," + L1),
            "node 0: missing role"),
        Arguments.of(doc(NODES.replace("\"id\":1,", ""), L0 + "," + L1), "node 1: missing id"),
        Arguments.of(doc(NODES.replace("\"id\":1", "\"id\":2"), L0 + "," + L1), "node 1: id 2 out of order"),
        Arguments.of(doc(NODES.replace("\"role\":\"server\"}", "\"role\":\"server\",\"label\":[1]}"),
            L0 + "," + L1), "node 0: label has 1 values but labelFields has 0"),
        Arguments.of(doc(NODES.replace("\"role\":\"server\"}", "\"role\":\"server\",\"label\":[\"x\"]}"),
            L0 + "," + L1), "node 0: label value must be an integer, got a string"),
        Arguments.of(doc(NODES, L0 + "," + L1).replace("\"labelFields\":[]", "\"labelFields\":[\"a\",\"a\"]"),
            "labelFields: duplicate field \"a\""),
        Arguments.of(doc("{}", ""), "nodes must be an array, got an object"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("cases")
  void malformed(String text, String expected) {
    assertMalformed(text, expected);
  }

  @Test
  void everyTruncationIsMalformedInput() throws IOException {
    StringWriter w = new StringWriter();
    JsonEdgeList.write(Fixtures.mixed(), w);
    String full = w.toString().trim();
    for (int len = 0; len < full.length(); len++) {
      String prefix = full.substring(0, len);
      assertThatThrownBy(() -> JsonEdgeList.read(new StringReader(prefix), "net.json"))
          .as("prefix of %d chars", len)
          .isInstanceOf(MalformedInputException.class)
          .hasMessageStartingWith("malformed net.json: ");
    }
  }
}
