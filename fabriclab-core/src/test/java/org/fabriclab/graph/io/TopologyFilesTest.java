package org.fabriclab.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.graph.NodeRole;
import org.fabriclab.graph.Topology;
import org.fabriclab.graph.TopologyBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopologyFilesTest {
  @TempDir Path dir;

  private List<String> listing() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void writesAndReadsBackDetectingTheFormatFromContent() throws IOException {
    Topology t = Fixtures.mixed();
    // misleading extensions: the content decides
    Path json = dir.resolve("a.txt");
    Path xml = dir.resolve("b.json");
    TopologyFiles.write(t, TopologyFormat.JSON, json);
    TopologyFiles.write(t, TopologyFormat.GRAPHML, xml);
    assertThat(TopologyFiles.detect(json)).isEqualTo(TopologyFormat.JSON);
    assertThat(TopologyFiles.detect(xml)).isEqualTo(TopologyFormat.GRAPHML);
    assertThat(TopologyFiles.read(json)).isEqualTo(t);
    assertThat(TopologyFiles.read(xml)).isEqualTo(t);
    assertThat(listing()).containsExactly("a.txt", "b.json");
  }

  @Test
  void byteOrderMarkAndLeadingBlanksAreSkipped() throws IOException {
    Path p = dir.resolve("bom.json");
    TopologyFiles.write(Fixtures.plain(), TopologyFormat.JSON, p);
    byte[] body = Files.readAllBytes(p);
    byte[] withBom = new byte[body.length + 5];
    withBom[0] = (byte) 0xef;
    withBom[1] = (byte) 0xbb;
    withBom[2] = (byte) 0xbf;
    withBom[3] = ' ';
    withBom[4] = '\n';
    System.arraycopy(body, 0, withBom, 5, body.length);
    Files.write(p, withBom);
    assertThat(TopologyFiles.detect(p)).isEqualTo(TopologyFormat.JSON);
  }

  @Test
  void replacesAnExistingFile() throws IOException {
    Path p = dir.resolve("net.json");
    Files.writeString(p, "old");
    TopologyFiles.write(Fixtures.plain(), TopologyFormat.JSON, p);
    assertThat(TopologyFiles.read(p)).isEqualTo(Fixtures.plain());
    assertThat(listing()).containsExactly("net.json");
  }

  @Test
  void noFileWhenTheTargetDirectoryIsAFile() throws IOException {
    Path notADir = dir.resolve("plain-file");
    Files.writeString(notADir, "x");
    Path target = notADir.resolve("net.json");
    assertThatThrownBy(() -> TopologyFiles.write(Fixtures.plain(), TopologyFormat.JSON, target))
        .isInstanceOf(FabriclabException.class)
        .hasMessageStartingWith("cannot write " + target + ": ")
        .hasMessageNotContaining("\n");
    assertThat(listing()).containsExactly("plain-file");
    assertThat(Files.readString(notADir)).isEqualTo("x");
  }

  @Test
  void failureWhileWritingLeavesTheOldFileAndNoTempFile() throws IOException {
    Path p = dir.resolve("net.graphml");
    Files.writeString(p, "old");
    TopologyBuilder b = new TopologyBuilder("x", "").labelFields("role");
    b.addNode(NodeRole.SERVER, 1);
    Topology unwritable = b.build();
    assertThatThrownBy(() -> TopologyFiles.write(unwritable, TopologyFormat.GRAPHML, p))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(Files.readString(p)).isEqualTo("old");
    assertThat(listing()).containsExactly("net.graphml");
  }

  @Test
  void malformedFileMessageNamesTheFile() throws IOException {
    Path p = dir.resolve("net.json");
    Files.writeString(p, "{\"format\":\"fabriclab-edgelist\",\"version\":1,\"nodes\":[");
    assertThatThrownBy(() -> TopologyFiles.read(p))
        .isInstanceOf(MalformedInputException.class)
        .hasMessageStartingWith("malformed " + p + ": ");
  }

  @Test
  void dotEmptyUnknownAndNonUtf8FilesAreRejected() throws IOException {
    Path dot = dir.resolve("net.dot");
    TopologyFiles.write(Fixtures.plain(), TopologyFormat.DOT, dot);
    assertThatThrownBy(() -> TopologyFiles.read(dot))
        .isInstanceOf(MalformedInputException.class)
        .hasMessage("malformed " + dot + ": DOT files are export-only; import a JSON edge list or GraphML file");
    Path empty = Files.writeString(dir.resolve("empty.json"), "  \n");
    assertThatThrownBy(() -> TopologyFiles.read(empty))
        .isInstanceOf(MalformedInputException.class)
        .hasMessage("malformed " + empty + ": the file is empty");
    Path csv = Files.writeString(dir.resolve("x.csv"), "a,b\n1,2\n");
    assertThatThrownBy(() -> TopologyFiles.read(csv))
        .isInstanceOf(MalformedInputException.class)
        .hasMessageContaining("neither a JSON edge list");
    Path latin1 = dir.resolve("latin1.json");
    Files.write(latin1, "{\"family\":\"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1));
    assertThatThrownBy(() -> TopologyFiles.read(latin1))
        .isInstanceOf(MalformedInputException.class)
        .hasMessage("malformed " + latin1 + ": not UTF-8 text");
    Path latin1Xml = dir.resolve("latin1.graphml");
    Files.write(
        latin1Xml,
        "<graphml><!-- caf\u00e9 --></graphml>".getBytes(StandardCharsets.ISO_8859_1));
    assertThatThrownBy(() -> TopologyFiles.read(latin1Xml))
        .isInstanceOf(MalformedInputException.class)
        .hasMessage("malformed " + latin1Xml + ": not UTF-8 text");
  }

  @Test
  void missingFileIsAOneLineError() {
    Path p = dir.resolve("absent.json");
    assertThatThrownBy(() -> TopologyFiles.read(p))
        .isInstanceOf(FabriclabException.class)
        .isNotInstanceOf(MalformedInputException.class)
        .hasMessage("cannot read " + p + ": no such file or directory");
  }

  @Test
  void formatNames() {
    assertThat(TopologyFormat.fromName("JSON")).isEqualTo(TopologyFormat.JSON);
    assertThat(TopologyFormat.fromName(".graphml")).isEqualTo(TopologyFormat.GRAPHML);
    assertThat(TopologyFormat.fromName(" dot ")).isEqualTo(TopologyFormat.DOT);
    assertThat(TopologyFormat.DOT.readable()).isFalse();
    assertThatThrownBy(() -> TopologyFormat.fromName("xml"))
        .isInstanceOf(InvalidParameterException.class)
        .hasMessage("invalid format = xml: valid formats: json, graphml, dot");
  }
}
