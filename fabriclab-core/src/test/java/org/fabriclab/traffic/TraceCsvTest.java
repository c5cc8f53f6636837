package org.fabriclab.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import org.fabriclab.error.MalformedInputException;
import org.junit.jupiter.api.Test;

class TraceCsvTest {
  static FlowTrace parse(String text, int servers) throws IOException {
    return TraceCsv.read(new BufferedReader(new StringReader(text)), "t.csv", servers);
  }

  @Test
  void readsSortsByStartAndRoundTrips() throws IOException {
    String text = TraceCsv.HEADER + "\n0,1,2,500,1000\n\n1,3,0,100,20\n2,0,3,500,7\n";
    FlowTrace t = parse(text, 4);
    assertThat(t.size()).isEqualTo(3);
    assertThat(t.id(0)).isEqualTo(1);
    assertThat(t.id(1)).isEqualTo(0);
    assertThat(t.id(2)).isEqualTo(2);
    assertThat(t.totalBytes()).isEqualTo(1027);
    FlowTrace again = parse(TraceCsv.write(t), 4);
    assertThat(TraceCsv.write(again)).isEqualTo(TraceCsv.write(t));
  }

  @Test
  void badLinesNameTheLine() {
    String h = TraceCsv.HEADER + "\n0,1,2,5,10\n";
    assertThatThrownBy(() -> parse(h + "1,1,2,5\n", 4))
        .isInstanceOf(MalformedInputException.class).hasMessageContaining("line 3")
        .hasMessageContaining("5 fields");
    assertThatThrownBy(() -> parse(h + "1,1,x,5,10\n", 4)).hasMessageContaining("line 3")
        .hasMessageContaining("dst_host");
    assertThatThrownBy(() -> parse(h + "1,1,2,-5,10\n", 4)).hasMessageContaining("line 3")
        .hasMessageContaining("start_ns");
    assertThatThrownBy(() -> parse(h + "1,1,2,5,-10\n", 4)).hasMessageContaining("size_bytes");
    assertThatThrownBy(() -> parse(h + "1,1,9,5,10\n", 4)).hasMessageContaining("line 3")
        .hasMessageContaining("valid hosts 0..3");
    assertThatThrownBy(() -> parse(h + "1,2,2,5,10\n", 4)).hasMessageContaining("line 3");
    assertThatThrownBy(() -> parse("a,b\n", 4)).hasMessageContaining("line 1");
    assertThatThrownBy(() -> parse("", 4)).hasMessageContaining("empty");
    assertThatThrownBy(() -> parse(h + "1,1,2,5,0\n", 4)).hasMessageContaining("size_bytes");
    // flow 0 is on line 2; a second flow 0 on line 4 is refused, naming both lines
    assertThatThrownBy(() -> parse(h + "1,1,2,5,10\n0,2,3,6,10\n", 4))
        .isInstanceOf(MalformedInputException.class)
        .hasMessageContaining("line 4").hasMessageContaining("flow_id 0")
        .hasMessageContaining("line 2");
  }
}
