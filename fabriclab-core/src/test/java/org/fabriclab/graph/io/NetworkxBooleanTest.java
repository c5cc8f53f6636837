package org.fabriclab.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.StringReader;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.graph.Topology;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * GraphML booleans are XML Schema's xs:boolean ({@code true}, {@code false}, {@code 1}, {@code
 * 0}); networkx writes {@code True} and {@code False} (review 3 item 2: a networkx re-save of a
 * shufflecast export failed with {@code oneWay "False" is neither true nor false}).
 */
class NetworkxBooleanTest {
  static String doc(String oneWayDefault, String edgeData, String directedAttr) {
    return "<graphml xmlns='http://graphml.graphdrawing.org/xmlns'>"
        + "<key id='r' for='node' attr.name='role' attr.type='string'/>"
        + "<key id='c' for='edge' attr.name='capacityBps' attr.type='long'/>"
        + "<key id='d' for='edge' attr.name='delayPs' attr.type='long'/>"
        + "<key id='o' for='edge' attr.name='oneWay' attr.type='boolean'>"
        + (oneWayDefault == null ? "" : "<default>" + oneWayDefault + "</default>") + "</key>"
        + "<graph edgedefault='undirected'><node id='s'><data key='r'>optical-splitter</data></node>"
        + "<node id='h'><data key='r'>server</data></node>"
        + "<edge source='s' target='h'" + directedAttr + "><data key='c'>10000000000</data>"
        + "<data key='d'>0</data>" + edgeData + "</edge></graph></graphml>";
  }

  private static boolean oneWay(String xml) throws Exception {
    Topology t = GraphMl.read(new StringReader(xml), "b.graphml");
    return t.linkCount() == 1;
  }

  @ParameterizedTest
  @ValueSource(strings = {"true", "True", "TRUE", "1", " true "})
  void trueInEveryFormIsOneWay(String v) throws Exception {
    assertThat(oneWay(doc(null, "<data key='o'>" + v + "</data>", ""))).isTrue();
    assertThat(oneWay(doc(v, "", ""))).isTrue();
    assertThat(oneWay(doc("False", "", " directed='" + v.strip() + "'"))).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"false", "False", "FALSE", "0"})
  void falseInEveryFormIsACable(String v) throws Exception {
    assertThat(oneWay(doc(null, "<data key='o'>" + v + "</data>", ""))).isFalse();
    assertThat(oneWay(doc(v, "", ""))).isFalse();
    assertThat(oneWay(doc(null, "", " directed='" + v + "'"))).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"yes", "2", "t", ""})
  void anythingElseIsRefused(String v) {
    Throwable t = catchThrowable(() -> oneWay(doc(null, "<data key='o'>" + v + "</data>", "")));
    assertThat(t).isInstanceOf(MalformedInputException.class)
        .hasMessage("malformed b.graphml: edge 0: oneWay \"" + v + "\" is neither true nor false (nor 1, 0)");
  }
}
