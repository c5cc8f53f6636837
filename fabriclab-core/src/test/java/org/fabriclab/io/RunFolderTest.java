package org.fabriclab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.fabriclab.error.FabriclabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one output-folder rule of {@link RunFolder}. */
class RunFolderTest {
  @TempDir Path tmp;

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static void run(Path dir, boolean force, String... files) {
    try (RunFolder rf = OutputFiles.runFolder(dir, force, "--out")) {
      rf.write(d -> {
        for (String f : files) {
          Files.writeString(d.resolve(f), f);
        }
      });
    }
  }

  @Test
  void newFolderIsCreatedAndItsOwnOutputReplaced() throws IOException {
    Path out = tmp.resolve("a/b/results");
    run(out, false, "x.csv", "y.csv");
    assertThat(names(out)).containsExactly(RunFolder.MARKER, "x.csv", "y.csv");
    run(out, false, "y.csv", "z.csv");
    // replaced: x.csv of the earlier run is gone, nothing else left behind
    assertThat(names(out)).containsExactly(RunFolder.MARKER, "y.csv", "z.csv");
    assertThat(Files.readString(out.resolve(RunFolder.MARKER))).contains("file y.csv", "file z.csv")
        .doesNotContain("x.csv").doesNotContain("pid ");
  }

  @Test
  void emptyExistingFolderIsUsed() throws IOException {
    Path out = Files.createDirectory(tmp.resolve("empty"));
    run(out, false, "x.csv");
    assertThat(names(out)).containsExactly(RunFolder.MARKER, "x.csv");
  }

  @Test
  void foreignNonEmptyFolderIsRefusedUnlessForcedAndItsFilesKept() throws IOException {
    Path out = Files.createDirectory(tmp.resolve("mine"));
    Files.writeString(out.resolve("thesis.tex"), "precious");
    assertThatThrownBy(() -> run(out, false, "x.csv"))
        .isInstanceOf(FabriclabException.class)
        .hasMessageContainingAll("--out", out.toString(), "not written by fabriclab", "--force")
        .hasMessageNotContaining("\n");
    assertThat(names(out)).containsExactly("thesis.tex");
    run(out, true, "x.csv");
    run(out, false, "y.csv"); // now fabriclab's: replaced, but only its own files go
    assertThat(names(out)).containsExactly(RunFolder.MARKER, "thesis.tex", "y.csv");
    assertThat(Files.readString(out.resolve("thesis.tex"))).isEqualTo("precious");
  }

  @Test
  void aSecondRunToALockedFolderFails() throws IOException {
    Path out = tmp.resolve("locked");
    try (RunFolder first = OutputFiles.runFolder(out, false, "--out")) {
      assertThat(Files.readString(out.resolve(RunFolder.MARKER)))
          .contains("pid " + ProcessHandle.current().pid());
      assertThatThrownBy(() -> OutputFiles.runFolder(out, false, "--out"))
          .isInstanceOf(FabriclabException.class)
          .hasMessageContainingAll("--out", "another fabriclab run", "pid " + ProcessHandle.current().pid());
      first.write(d -> Files.writeString(d.resolve("a"), "1"));
    }
    run(out, false, "b"); // free again after close
    assertThat(names(out)).containsExactly(RunFolder.MARKER, "b");
  }

  @Test
  void aFailedRunLeavesNothingBehind() throws IOException {
    Path parent = tmp.resolve("p");
    Path out = parent.resolve("q");
    assertThatThrownBy(() -> {
      try (RunFolder rf = OutputFiles.runFolder(out, false)) {
        rf.write(d -> {
          Files.writeString(d.resolve("half"), "x");
          throw new FabriclabException("boom");
        });
      }
    }).hasMessage("boom");
    assertThat(parent).doesNotExist();
    // an earlier complete run stays as it was
    run(out, false, "good.csv");
    assertThatThrownBy(() -> {
      try (RunFolder rf = OutputFiles.runFolder(out, false)) {
        rf.write(d -> {
          Files.writeString(d.resolve("good.csv"), "half");
          throw new IOException("disk full");
        });
      }
    }).isInstanceOf(FabriclabException.class).hasMessageContaining("disk full");
    assertThat(names(out)).containsExactly(RunFolder.MARKER, "good.csv");
    assertThat(Files.readString(out.resolve("good.csv"))).isEqualTo("good.csv");
  }

  @Test
  void staleStagingFoldersAreRemovedByTheNextRun() throws IOException {
    Path out = tmp.resolve("stale");
    run(out, false, "x");
    Path stale = Files.createDirectory(out.resolve(".stage-4194304-123"));
    Files.writeString(stale.resolve("big.bin"), "leftover of a killed run");
    run(out, false, "x");
    assertThat(names(out)).containsExactly(RunFolder.MARKER, "x");
  }

  @Test
  void badFolderPathsAreRefusedBeforeWork() throws IOException {
    Path file = Files.writeString(tmp.resolve("afile"), "x");
    assertThatThrownBy(() -> OutputFiles.runFolder(file.resolve("x"), false, "--out"))
        .isInstanceOf(FabriclabException.class).hasMessageContainingAll("--out", "not a folder");
    assertThatThrownBy(() -> OutputFiles.runFolder(file, false, "--out"))
        .isInstanceOf(FabriclabException.class).hasMessageContainingAll("--out", "is a file");
    assertThatThrownBy(() -> OutputFiles.runFolder(Path.of("/"), false, "--out"))
        .isInstanceOf(FabriclabException.class).hasMessageContainingAll("--out", "root");
    assertThatThrownBy(() -> OutputFiles.runFolder(Path.of(""), false, "--out"))
        .isInstanceOf(FabriclabException.class).hasMessageContaining("empty");
    assertThat(names(tmp)).containsExactly("afile");
  }

  @Test
  void trailingSlashMakesAFolder() throws IOException {
    run(Path.of(tmp + "/newdir/"), false, "x");
    assertThat(tmp.resolve("newdir")).isDirectory();
  }

  @Test
  void stagingIsRegisteredForShutdownWhileOpen() {
    Path out = tmp.resolve("reg");
    try (RunFolder rf = OutputFiles.runFolder(out, false)) {
      Path s = rf.staging();
      assertThat(Leftovers.isRegistered(s)).isTrue();
      // created by this run: removed at shutdown only if empty by then
      assertThat(Leftovers.isRegisteredCreated(out)).isTrue();
      assertThat(Leftovers.isRegistered(out)).isFalse();
      rf.commit();
      assertThat(Leftovers.isRegistered(s)).isFalse();
      assertThat(Leftovers.isRegisteredCreated(out)).isFalse();
    }
  }
}
