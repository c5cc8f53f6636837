package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.io.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One output-folder rule for reproduce, demo and topo
 * --export, checked before any work (the self-test reproduction is the cheap command used).
 */
class OutputFolderCliTest {
  record Result(int code, String out, String err) {}

  @TempDir Path tmp;

  static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(code, out.toString(), err.toString());
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static void oneLineExit2(Result r, String... parts) {
    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err()).contains(parts);
    assertThat(r.out()).isEmpty();
  }

  @Test
  void reproduceReplacesItsOwnOutputAndRefusesAForeignFolder() throws IOException {
    Result first = run("reproduce", "selftest", "--quick", "--out", tmp.toString());
    assertThat(first.code()).as(first.err()).isZero();
    Path d = tmp.resolve("selftest-quick");
    Files.writeString(d.resolve("squares.csv"), "stale");
    Result again = run("reproduce", "selftest", "--quick", "--out", tmp.toString());
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(Files.readAllLines(d.resolve("squares.csv"))).startsWith("x,square");
    assertThat(names(d)).contains(RunFolder.MARKER).noneMatch(n -> n.startsWith(".stage-"));

    Path foreign = Files.createDirectories(tmp.resolve("mine/selftest-quick"));
    Files.writeString(foreign.resolve("notes.txt"), "mine");
    oneLineExit2(run("reproduce", "selftest", "--quick", "--out", tmp.resolve("mine").toString()),
        "--out", "not written by fabriclab", "--force");
    assertThat(names(foreign)).containsExactly("notes.txt");
    Result forced = run("reproduce", "selftest", "--quick", "--force", "--out",
        tmp.resolve("mine").toString());
    assertThat(forced.code()).as(forced.err()).isZero();
    assertThat(names(foreign)).contains("notes.txt", "squares.csv", RunFolder.MARKER);
  }

  @Test
  void badOutputPathsFailBeforeWork() throws IOException {
    Path afile = Files.writeString(tmp.resolve("afile"), "x");
    oneLineExit2(run("reproduce", "selftest", "--quick", "--out", afile.resolve("x").toString()),
        "--out", "is a file, not a folder");
    oneLineExit2(run("reproduce", "selftest", "--quick", "--out", "/"), "--out", "root");
    oneLineExit2(run("demo", "--out", afile.toString()), "--out", "is a file");
    oneLineExit2(run("demo", "--out", "/"), "--out", "root");
    oneLineExit2(run("topo", "fattree", "--k", "4", "--export", "json", "--out", tmp + "/newdir/"),
        "--out", "ends with '/'");
    oneLineExit2(run("topo", "fattree", "--k", "4", "--export", "xml", "--out", tmp + "/t.xml"),
        "--export", "xml", "graphml");
    oneLineExit2(run("bench", "topo", "--threads", "0"), "--threads", "1..1024");
    assertThat(names(tmp)).containsExactly("afile");
  }

  @Test
  void aFolderBeingWrittenIsRefused() {
    Path out = tmp.resolve("busy");
    try (RunFolder held = OutputFiles.runFolder(out.resolve("selftest-quick"), false)) {
      oneLineExit2(run("reproduce", "selftest", "--quick", "--out", out.toString()),
          "--out", "another fabriclab run");
      assertThat(held.path()).isDirectory();
    }
  }

  @Test
  void trailingSlashMakesAFolder() throws IOException {
    Result r = run("reproduce", "selftest", "--quick", "--out", tmp + "/newdir/");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(tmp.resolve("newdir/selftest-quick/summary.md")).isRegularFile();
  }

  @Test
  void sharedOptionsFollowOneRule() {
    for (String[] args : new String[][] {
        {"demo", "--seed", "-1"}, {"reproduce", "selftest", "--seed", "-1"},
        {"simulate", "--trace", "x.csv", "--seed", "-1"}, {"topo", "fattree", "--seed", "-1"},
        {"topo", "import", "x.json", "--seed", "-1"}}) {
      Result r = run(args);
      assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err()).as(String.join(" ", args)).contains("--seed").contains("-1");
    }
    for (String[] args : new String[][] {
        {"topo", "fattree", "--k", "\u0661\u0660"}, {"demo", "topo", "--threads", "\u0661"},
        {"reproduce", "selftest", "--threads", "\uff12"}, {"bench", "topo", "--repeat", "\u0663"}}) {
      Result r = run(args);
      assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err()).as(String.join(" ", args)).contains("ASCII");
    }
    for (String[] args : new String[][] {
        {"topo", "fattree", "--k", "4", "--k", "6"}, {"demo", "--seed", "1", "--seed", "2"},
        {"reproduce", "selftest", "--quick", "--quick"}}) {
      Result r = run(args);
      assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err()).as(String.join(" ", args)).contains("only once");
    }
  }
}
