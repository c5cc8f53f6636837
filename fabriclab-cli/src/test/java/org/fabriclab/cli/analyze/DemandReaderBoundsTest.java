package org.fabriclab.cli.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.analysis.DemandMatrix;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.io.IoErrors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The limits of docs/errors.md for the demand CSV of {@code analyze throughput --demands}. */
class DemandReaderBoundsTest {
  @TempDir Path dir;

  private Path file(byte[] b) throws IOException {
    return Files.write(dir.resolve("d.csv"), b);
  }

  private Path file(String s) throws IOException {
    return file(s.getBytes(StandardCharsets.UTF_8));
  }

  private static void refused(Path f, String... parts) {
    assertThatThrownBy(() -> AnalyzeCommand.Throughput.readDemands(f, 10))
        .isInstanceOf(FabriclabException.class)
        .hasMessageContainingAll(parts)
        .hasMessageNotContaining("\n")
        .satisfies(e -> assertThat(IoErrors.mentionsJavaClass(e.getMessage())).isFalse());
  }

  @Test
  void nodeIdsAndDemandsAtTheirBoundaries() throws IOException {
    DemandMatrix d = AnalyzeCommand.Throughput.readDemands(file("src,dst,demand\n0,9,0\n9,0,1e300\n"), 10);
    assertThat(d.size()).isEqualTo(2);
    assertThat(d.amount(1)).isEqualTo(1e300);
    refused(file("0,10,1\n"), "d.csv:1", "outside 0..9");
    refused(file("-1,1,1\n"), "d.csv:1", "outside 0..9");
    refused(file("0,1,-0.5\n"), "d.csv:1", ">= 0");
    // line 1 holding a letter is the header, so these go on line 2
    refused(file("0,1,1\n0,1,1e999\n"), "d.csv:2");
    refused(file("0,1,1\n0,1,NaN\n"), "d.csv:2");
  }

  @Test
  void unicodeDigitsEncodingsAndEmptyFilesAreRefused() throws IOException {
    refused(file("0,\u0661,1\n"), "d.csv:1");
    refused(file("0,1,1\n0,2,\u0661\n"), "d.csv:2");
    refused(file(new byte[] {'0', ',', '1', ',', '1', '\n', (byte) 0xc3, '\n'}), "d.csv", "line 2", "UTF-8");
    refused(file("src,dst,demand\n"), "d.csv", "no src,dst,demand lines");
    refused(dir, "folder");
  }
}
