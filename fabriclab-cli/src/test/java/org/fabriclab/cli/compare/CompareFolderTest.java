package org.fabriclab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fabriclab.cli.CliRun;
import org.fabriclab.cli.Main;
import org.fabriclab.io.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.CommandSpec;

/**
 * compare follows the output-folder rule of docs/errors.md (a folder it wrote is replaced, a
 * foreign one needs --force, a failed run leaves the folder as it was), checks --sizes before
 * writing anything, and prints its table in --format with status lines on stderr.
 */
class CompareFolderTest {
  /** One fabric, flow engine, a 16-flow permutation: a compare of a fraction of a second. */
  private static final List<String> ONE = List.of("compare", "--topo", "fattree", "--k", "4", "--engine", "flow",
      "--workload", "permutation", "--flow-bytes", "10000", "--threads", "1");

  @TempDir Path dir;

  private static CliRun.Result compare(List<String> base, String... more) {
    List<String> a = new ArrayList<>(base);
    a.addAll(Arrays.asList(more));
    return CliRun.run(a.toArray(String[]::new));
  }

  private static List<String> two() {
    List<String> a = new ArrayList<>(ONE);
    a.addAll(5, List.of("--topo", "bcube", "--n", "4", "--k", "1"));
    return a;
  }

  /** Every file under {@code d} (relative path to its bytes as text). */
  private static Map<String, String> snapshot(Path d) throws IOException {
    Map<String, String> m = new TreeMap<>();
    try (Stream<Path> s = Files.walk(d)) {
      for (Path f : s.filter(Files::isRegularFile).toList()) {
        m.put(d.relativize(f).toString(), Arrays.toString(Files.readAllBytes(f)));
      }
    }
    return m;
  }

  private static void oneLineExit2(CliRun.Result r, String... parts) {
    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(r.err()).contains(parts).doesNotContain("Exception");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void aSecondCompareReplacesTheFolderItWrote() throws IOException {
    Path out = dir.resolve("cmp");
    CliRun.Result first = compare(two(), "--out", out.toString());
    assertThat(first.code()).as(first.err()).isZero();
    assertThat(out.resolve("points/p00001/flows.csv")).isRegularFile();
    CliRun.Result again = compare(ONE, "--out", out.toString());
    assertThat(again.code()).as(again.err()).isZero();
    // after the run the folder holds exactly this run's files: one fabric, one point
    assertThat(Files.readAllLines(out.resolve("compare.csv"))).hasSize(2);
    assertThat(out.resolve("points/p00000/flows.csv")).isRegularFile();
    assertThat(out.resolve("points/p00001/flows.csv")).doesNotExist();
    try (Stream<Path> s = Files.list(out)) {
      assertThat(s.map(p -> p.getFileName().toString())).contains(RunFolder.MARKER)
          .noneMatch(n -> n.startsWith(".stage-"));
    }
  }

  @Test
  void aForeignFolderNeedsForceAndTheMessageNamesOnlyOptionsThatExist() throws IOException {
    Path foreign = Files.createDirectories(dir.resolve("mine"));
    Files.writeString(foreign.resolve("notes.txt"), "mine");
    CliRun.Result r = compare(ONE, "--out", foreign.toString());
    oneLineExit2(r, "--out", "not written by fabriclab", "--force");
    CommandSpec cmp = Main.commandLine().getSubcommands().get("compare").getCommandSpec();
    Matcher m = Pattern.compile("(?<![\\w-])--[a-z][a-z-]*").matcher(r.err());
    while (m.find()) {
      assertThat(cmp.findOption(m.group())).as(m.group() + " in: " + r.err()).isNotNull();
    }
    assertThat(snapshot(foreign)).containsOnlyKeys("notes.txt");
    CliRun.Result forced = compare(ONE, "--force", "--out", foreign.toString());
    assertThat(forced.code()).as(forced.err()).isZero();
    assertThat(Files.readString(foreign.resolve("notes.txt"))).isEqualTo("mine");
    assertThat(foreign.resolve("compare.csv")).isRegularFile();
  }

  @Test
  void aMalformedSizesFileFailsBeforeAnythingIsWritten() throws IOException {
    Path sizes = Files.writeString(dir.resolve("d1.csv"), "bytes,probability\n1000,0.5\nabc,0.5\n");
    List<String> poisson = List.of("compare", "--topo", "fattree", "--k", "4", "--sizes", sizes.toString(),
        "--flows", "10", "--threads", "1");
    Path fresh = dir.resolve("cmp9");
    oneLineExit2(compare(poisson, "--out", fresh.toString()), "d1.csv", "line 3", "abc");
    assertThat(fresh).doesNotExist();
    // a folder an earlier compare wrote is left exactly as it was, and a rerun then works
    Path kept = dir.resolve("kept");
    assertThat(compare(ONE, "--out", kept.toString()).code()).isZero();
    Map<String, String> before = snapshot(kept);
    oneLineExit2(compare(poisson, "--out", kept.toString()), "d1.csv", "line 3");
    assertThat(snapshot(kept)).isEqualTo(before);
    assertThat(compare(ONE, "--out", kept.toString()).code()).isZero();
    // Pareto parameters out of range and a missing file name --sizes and the valid values
    oneLineExit2(compare(ONE, "--sizes", "pareto:0.5:100000", "--out", fresh.toString()), "--sizes", "shape");
    oneLineExit2(compare(ONE, "--sizes", "nosuch.csv", "--out", fresh.toString()), "--sizes", "nosuch.csv",
        "websearch", "pareto:SHAPE:MEAN_BYTES", "CSV file");
    assertThat(fresh).doesNotExist();
  }

  @Test
  void formatsPutOnlyTheTableOnStdout() throws Exception {
    Path csv = dir.resolve("csv");
    CliRun.Result c = compare(two(), "--format", "csv", "--out", csv.toString());
    assertThat(c.code()).as(c.err()).isZero();
    assertThat(c.out()).isEqualTo(Files.readString(csv.resolve("compare.csv")));
    assertThat(c.err()).contains("2 fabrics").contains("wrote");
    JsonNode j = CliRun.json(compare(two(), "--json", "--out", dir.resolve("json").toString()));
    assertThat(j.size()).isEqualTo(2);
    // fat-tree(4): 20 switches and 48 cables; BCube(4,1): 8 switches, 32 cables (closed forms)
    assertThat(j.get(0).get("fabric").asText()).isEqualTo("fattree k=4");
    assertThat(j.get(0).get("switches").asLong()).isEqualTo(20);
    assertThat(j.get(0).get("links").asLong()).isEqualTo(48);
    assertThat(j.get(1).get("switches").asLong()).isEqualTo(8);
    assertThat(j.get(1).get("links").asLong()).isEqualTo(32);
    CliRun.Result t = compare(ONE, "--out", dir.resolve("text").toString());
    assertThat(t.out()).contains("fattree k=4").doesNotContain("wrote");
    assertThat(t.err()).contains("wrote");
  }

  @Test
  void helpSaysSizesTakesACsvFile() {
    CommandSpec cmp = Main.commandLine().getSubcommands().get("compare").getCommandSpec();
    assertThat(String.join(" ", cmp.findOption("--sizes").description()))
        .contains("websearch, pareto:SHAPE:MEAN_BYTES, or a CSV file of bytes,probability");
  }
}
