package org.fabriclab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.fabriclab.error.FabriclabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failed, interrupted or out-of-memory run removes only what it created, and a folder it
 * created only while nothing else was put there: files dropped into the tree mid-run survive.
 */
class RunFolderForeignFilesTest {
  @TempDir Path tmp;

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /** Opens x/new (x not existing), lets {@code meanwhile} run while the run writes, then fails. */
  private void failWith(Path out, Throwable failure, IoAction meanwhile) {
    assertThatThrownBy(() -> {
      try (RunFolder rf = OutputFiles.runFolder(out, false, "--out")) {
        rf.write(d -> {
          Files.writeString(d.resolve("half.csv"), "x");
          meanwhile.run();
          if (failure instanceof Error e) {
            throw e;
          }
          throw (RuntimeException) failure;
        });
      }
    }).isSameAs(failure);
  }

  @FunctionalInterface
  interface IoAction {
    void run() throws IOException;
  }

  @Test
  void aFailedRunKeepsAFolderThatSomeoneElseWroteIntoMeanwhile() throws IOException {
    Path x = tmp.resolve("x");
    Path out = x.resolve("new");
    FabriclabException boom = new FabriclabException("boom");
    failWith(out, boom, () -> {
      Files.createDirectories(x.resolve("other"));
      Files.writeString(x.resolve("other/keep.txt"), "mine");
    });
    assertThat(names(tmp)).containsExactly("x");
    assertThat(names(x)).containsExactly("other"); // the run's own folder went, x stays
    assertThat(Files.readString(x.resolve("other/keep.txt"))).isEqualTo("mine");
  }

  @Test
  void aFileDroppedIntoTheRunFolderItselfKeepsItWithoutTheRunsFiles() throws IOException {
    Path out = tmp.resolve("a/b");
    failWith(out, new FabriclabException("boom"),
        () -> Files.writeString(out.resolve("notes.txt"), "mine"));
    assertThat(names(out)).containsExactly("notes.txt"); // no marker, no staging folder
    assertThat(names(tmp.resolve("a"))).containsExactly("b");
  }

  @Test
  void outOfMemoryTakesTheSamePath() throws IOException {
    Path x = tmp.resolve("x");
    OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
    failWith(x.resolve("new"), oom, () -> Files.writeString(
        Files.createDirectories(x.resolve("other")).resolve("keep.txt"), "mine"));
    assertThat(names(x)).containsExactly("other");
    assertThat(x.resolve("other/keep.txt")).hasContent("mine");
  }

  @Test
  void aFailedRunWithNothingForeignLeavesNoTrace() {
    failWith(tmp.resolve("p/q/r"), new FabriclabException("boom"), () -> { });
    assertThat(tmp.resolve("p")).doesNotExist();
  }

  @Test
  void aForeignFileWrittenFromAnotherThreadMidRunIsKept() throws Exception {
    Path x = tmp.resolve("x");
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch dropped = new CountDownLatch(1);
    Thread user = new Thread(() -> {
      try {
        running.await();
        Files.createDirectories(x.resolve("other"));
        Files.writeString(x.resolve("other/keep.txt"), "mine");
        dropped.countDown();
      } catch (IOException | InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
    user.start();
    failWith(x.resolve("new"), new FabriclabException("boom"), () -> {
      running.countDown();
      try {
        assertThat(dropped.await(10, TimeUnit.SECONDS)).isTrue();
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
    user.join();
    assertThat(names(x)).containsExactly("other");
  }

  @Test
  void theShutdownHookRemovesOnlyEmptyFoldersItCreated() throws IOException {
    Path x = tmp.resolve("x");
    Path out = x.resolve("new");
    RunFolder rf = OutputFiles.runFolder(out, false, "--out");
    Files.writeString(rf.staging().resolve("half.csv"), "x");
    Files.createDirectories(x.resolve("other"));
    Files.writeString(x.resolve("other/keep.txt"), "mine");
    Leftovers.removeAll(); // what SIGTERM runs
    Leftovers.resetAfterTest();
    assertThat(names(x)).containsExactly("other");
    assertThat(x.resolve("other/keep.txt")).hasContent("mine");
    rf.close();
    assertThat(names(x)).containsExactly("other");
  }

  @Test
  void theShutdownHookLeavesAnEarlierRunsFolderAsItWas() throws IOException {
    Path out = tmp.resolve("done");
    try (RunFolder rf = OutputFiles.runFolder(out, false, "--out")) {
      rf.write(d -> Files.writeString(d.resolve("good.csv"), "good"));
    }
    String marker = Files.readString(out.resolve(RunFolder.MARKER));
    RunFolder again = OutputFiles.runFolder(out, false, "--out");
    Files.writeString(again.staging().resolve("good.csv"), "half");
    Leftovers.removeAll();
    Leftovers.resetAfterTest();
    again.close();
    assertThat(names(out)).containsExactly(RunFolder.MARKER, "good.csv");
    assertThat(out.resolve("good.csv")).hasContent("good");
    assertThat(out.resolve(RunFolder.MARKER)).hasContent(marker.strip());
  }

  @Test
  void oneOfTwoRunsIntoOneParentFailsAndTheOthersResultsStay() throws IOException {
    Path r = tmp.resolve("r");
    RunFolder a = OutputFiles.runFolder(r.resolve("flattree"), false, "--out"); // creates r
    try (RunFolder b = OutputFiles.runFolder(r.resolve("gleam"), false, "--out")) {
      b.write(d -> Files.writeString(d.resolve("summary.md"), "gleam"));
    }
    Files.writeString(a.staging().resolve("summary.md"), "half");
    Leftovers.removeAll(); // the first is killed (SIGTERM)
    Leftovers.resetAfterTest();
    a.close();
    assertThat(names(r)).containsExactly("gleam");
    assertThat(r.resolve("gleam/summary.md")).hasContent("gleam");
  }

  @Test
  void twoFailedRunsIntoOneNewParentRemoveItWhenTheyCloseInEitherOrder() {
    for (boolean firstClosesFirst : new boolean[] {true, false}) {
      Path r = tmp.resolve("r" + firstClosesFirst);
      RunFolder a = OutputFiles.runFolder(r.resolve("a"), false, "--out");
      RunFolder b = OutputFiles.runFolder(r.resolve("b"), false, "--out");
      if (firstClosesFirst) {
        a.close();
        b.close();
      } else {
        b.close();
        a.close();
      }
      assertThat(r.resolve("a")).doesNotExist();
      assertThat(r.resolve("b")).doesNotExist();
      // the parent that only the first created stays when the second still had a folder in it
      if (!firstClosesFirst) {
        assertThat(r).doesNotExist();
      }
    }
  }

  @Test
  void whatARunStillMakesAfterTheShutdownHookIsRemovedAtOnce() throws IOException {
    Path x = tmp.resolve("x");
    RunFolder rf = OutputFiles.runFolder(x.resolve("new"), false, "--out");
    try {
      Leftovers.removeAll(); // SIGTERM while the run computes
      assertThat(tmp.resolve("x")).doesNotExist();
      // the run's thread goes on for a moment and reaches its staging folder
      assertThatThrownBy(rf::staging).isInstanceOf(FabriclabException.class)
          .hasMessageContaining("shutting down");
      assertThat(tmp.resolve("x")).doesNotExist();
    } finally {
      Leftovers.resetAfterTest();
      rf.close();
    }
  }
}
