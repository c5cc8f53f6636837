package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.error.FabriclabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A spec that cannot be read is refused at its file and line, in the words of the problem: bytes
 * that are not UTF-8, JSON that Jackson would accept only with a Java switch, and a sizes CSV
 * referred to by the spec (docs/errors.md).
 */
class SpecMessagesTest {
  @TempDir Path dir;

  @Test
  void aByteThatIsNotUtf8NamesItsLineAndColumn() throws Exception {
    Path f = dir.resolve("latin1.yaml");
    // line 3 "name: caf\xe9" in Latin-1: the é is byte 10 of line 3, so column 10
    byte[] head = "kind: topo\nseeds: 1\nname: caf".getBytes(StandardCharsets.US_ASCII);
    byte[] all = new byte[head.length + 2];
    System.arraycopy(head, 0, all, 0, head.length);
    all[head.length] = (byte) 0xe9;
    all[head.length + 1] = '\n';
    Files.write(f, all);
    assertThatThrownBy(() -> SpecParser.parse(f)).isInstanceOf(FabriclabException.class)
        .hasMessage(f + ":3: not UTF-8 text: byte 0xE9 at column 10; save the spec as UTF-8");
  }

  @Test
  void nonStandardJsonIsRefusedWithoutJavaNames() throws Exception {
    Path f = dir.resolve("nan.json");
    Files.writeString(f, "{\"kind\": \"topo\",\n \"seed\": NaN}");
    assertThatThrownBy(() -> SpecParser.parse(f)).isInstanceOf(FabriclabException.class)
        .hasMessage(f + ":2: not valid JSON: column 13: 'NaN' is not a JSON number: JSON has no NaN or"
            + " infinity, write a finite number");
  }

  @Test
  void aBadSizesCsvNamesTheSpecLineAndTheCsvLine() throws Exception {
    Files.writeString(dir.resolve("sizes.csv"), "size_bytes,cdf\n100,0.5\nabc,1.0\n");
    String spec = String.join("\n",
        "kind: simulate",          // 1
        "topologies:",             // 2
        "  - family: fattree",     // 3
        "    k: 4",                // 4
        "simulate:",               // 5
        "  workload:",             // 6
        "    type: poisson",       // 7
        "    flows: 10",           // 8
        "    sizes: sizes.csv",    // 9
        "");
    assertThatThrownBy(() -> SpecLoader.validate(SpecParser.parse(spec, "s.yaml", false), dir))
        .isInstanceOf(FabriclabException.class)
        .hasMessageStartingWith("s.yaml:9: simulate.workload.sizes: ")
        .hasMessageContaining("sizes.csv").hasMessageContaining("line 3").hasMessageContaining("'abc'");
  }
}
