package org.fabriclab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.fabriclab.error.FabriclabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One writer per folder: the marker lock, its owner line, stale locks and sweep folders. */
class FolderLockTest {
  @TempDir Path tmp;

  private static final long PID = ProcessHandle.current().pid();
  private static final Instant START = ProcessHandle.current().info().startInstant().orElseThrow();

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void theHolderIsNamedByPidAndStartTime() throws IOException {
    Path out = tmp.resolve("held");
    try (RunFolder first = OutputFiles.runFolder(out, false, "--out")) {
      assertThat(Files.readAllLines(out.resolve(RunFolder.MARKER)))
          .contains("pid " + PID + " started " + START);
      assertThatThrownBy(() -> OutputFiles.runFolder(out, true, "--out"))
          .isInstanceOf(FabriclabException.class)
          .hasMessage("--out " + out + ": another fabriclab run (pid " + PID + ", started " + START
              + ") is writing this folder; wait for it to finish or choose another folder");
      assertThatThrownBy(() -> OutputFiles.sweepFolder(out, "--out"))
          .hasMessageContaining("another fabriclab run (pid " + PID);
      first.write(d -> Files.writeString(d.resolve("a"), "1"));
    }
    assertThat(Files.readString(out.resolve(RunFolder.MARKER))).doesNotContain("pid ");
  }

  @Test
  void aStaleOwnerLineOfAKilledRunIsTakenOver() throws IOException {
    Path out = Files.createDirectories(tmp.resolve("stale"));
    Files.writeString(out.resolve("x.csv"), "old");
    // what a run killed with SIGKILL leaves: its owner line; the operating system freed the lock
    Files.writeString(out.resolve(RunFolder.MARKER), String.join("\n",
        "fabriclab run folder (written by fabriclab; do not edit)",
        "pid 4194303 started 2001-01-01T00:00:00Z", "file x.csv", ""));
    try (RunFolder rf = OutputFiles.runFolder(out, false, "--out")) {
      assertThat(Files.readString(out.resolve(RunFolder.MARKER)))
          .doesNotContain("4194303").contains("pid " + PID);
      rf.write(d -> Files.writeString(d.resolve("y.csv"), "new"));
    }
    assertThat(names(out)).containsExactly(RunFolder.MARKER, "y.csv");
  }

  @Test
  void aFolderOfARunIsNeverWrittenByAnotherCommandEvenWithForce() throws IOException {
    Path out = tmp.resolve("sweep");
    try (SweepFolder s = OutputFiles.sweepFolder(out, "--out")) {
      s.mark();
      Files.writeString(out.resolve("spec.json"), "{}");
    }
    String marker = Files.readString(out.resolve(RunFolder.MARKER));
    for (boolean force : new boolean[] {false, true}) {
      assertThatThrownBy(() -> OutputFiles.runFolder(out, force, "--out"))
          .isInstanceOf(FabriclabException.class)
          .hasMessageContainingAll("--out " + out, "holds a resumable run of fabriclab run", "--resume")
          .hasMessageNotContaining("\n");
    }
    assertThat(names(out)).containsExactly(RunFolder.MARKER, "spec.json");
    assertThat(out.resolve(RunFolder.MARKER)).hasContent(marker.strip());
  }

  @Test
  void aRunFolderWrittenBeforeRunsWereMarkedIsRecognised() throws IOException {
    Path out = Files.createDirectories(tmp.resolve("old"));
    Files.writeString(out.resolve("spec.json"), "{}");
    Files.writeString(out.resolve("points.csv"), "point\n");
    Files.writeString(out.resolve("run.json"), "{}");
    Files.writeString(out.resolve(RunFolder.MARKER), String.join("\n",
        "fabriclab run folder (written by fabriclab; do not edit)", "file points.csv", "file run.json", ""));
    assertThatThrownBy(() -> OutputFiles.runFolder(out, false, "--out"))
        .hasMessageContaining("holds a resumable run of fabriclab run");
    assertThat(names(out)).containsExactly(RunFolder.MARKER, "points.csv", "run.json", "spec.json");
  }

  @Test
  void anAbandonedSweepRemovesOnlyWhatItCreated() throws IOException {
    Path x = tmp.resolve("x");
    SweepFolder s = OutputFiles.sweepFolder(x.resolve("run"), "--out");
    s.mark();
    Files.createDirectories(x.resolve("other"));
    Files.writeString(x.resolve("other/keep.txt"), "mine");
    s.abandon();
    assertThat(names(x)).containsExactly("other");
    assertThat(s.removed()).isTrue();
    // and a folder that existed keeps its marker as it was
    Path old = Files.createDirectories(tmp.resolve("old"));
    SweepFolder t = OutputFiles.sweepFolder(old, "--out");
    assertThat(t.existed()).isTrue();
    t.abandon();
    assertThat(names(old)).isEmpty();
  }

  @Test
  void aLockIsFreeAgainWhenItsHolderFailsToOpen() throws IOException {
    Path out = Files.createDirectories(tmp.resolve("f"));
    Files.writeString(out.resolve("thesis.tex"), "mine");
    assertThatThrownBy(() -> OutputFiles.runFolder(out, false, "--out")).hasMessageContaining("--force");
    assertThat(names(out)).containsExactly("thesis.tex");
    try (RunFolder rf = OutputFiles.runFolder(out, true, "--out")) {
      rf.write(d -> Files.writeString(d.resolve("r.csv"), "1"));
    }
    assertThat(names(out)).containsExactly(RunFolder.MARKER, "r.csv", "thesis.tex");
  }
}
