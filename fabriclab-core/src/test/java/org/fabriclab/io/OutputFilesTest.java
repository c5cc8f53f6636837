package org.fabriclab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.fabriclab.error.FabriclabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Temporary files are named after their process and never pile up. */
class OutputFilesTest {
  @TempDir Path tmp;

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /** A pid no process has: the largest pid Linux allows is 2^22. */
  private static long deadPid() {
    long pid = (1L << 22) + 12345;
    assertThat(ProcessHandle.of(pid)).isEmpty();
    return pid;
  }

  @Test
  void staleTempFilesOfDeadProcessesAreRemovedOnTheNextWrite() throws IOException {
    long dead = deadPid();
    long me = ProcessHandle.current().pid();
    Files.writeString(tmp.resolve(".t.graphml." + dead + ".99.tmp"), "half");
    Files.writeString(tmp.resolve(".t.graphml." + me + ".98.tmp"), "a live writer's");
    Files.writeString(tmp.resolve(".other.csv." + dead + ".97.tmp"), "not this target's");
    OutputFiles.writeString(tmp.resolve("t.graphml"), "whole");
    assertThat(names(tmp)).containsExactly(
        ".other.csv." + dead + ".97.tmp", ".t.graphml." + me + ".98.tmp", "t.graphml");
  }

  @Test
  void aFailedWriteLeavesNoTempFile() throws IOException {
    assertThatThrownBy(() -> OutputFiles.write(tmp.resolve("x.csv"), out -> {
      out.write(1);
      throw new IOException("no space left on device");
    })).isInstanceOf(FabriclabException.class).hasMessageContainingAll("x.csv", "no space left");
    assertThat(names(tmp)).isEmpty();
  }

  @Test
  void outputUnderAFileIsRefusedBeforeWriting() throws IOException {
    Files.writeString(tmp.resolve("afile"), "x");
    assertThatThrownBy(() -> OutputFiles.checkTarget(tmp.resolve("afile/x/y.csv")))
        .isInstanceOf(FabriclabException.class).hasMessageContaining("not a folder");
    assertThatThrownBy(() -> OutputFiles.checkTarget(tmp))
        .isInstanceOf(FabriclabException.class).hasMessageContaining("a directory");
  }

  /**
   * SIGTERM during a write: a child JVM writes a temporary file and waits; after SIGTERM its
   * shutdown hook has removed the file. (One forked JVM, about a second.)
   */
  @Test
  void sigtermRemovesTheTempFile() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        SlowWriter.class.getName(), tmp.resolve("big.graphml").toString())
        .redirectErrorStream(true).start();
    try {
      String ready = new String(p.getInputStream().readNBytes(6));
      assertThat(ready).isEqualTo("ready\n");
      assertThat(names(tmp)).singleElement().asString().startsWith(".big.graphml." + p.pid() + ".");
      p.destroy(); // SIGTERM
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(names(tmp)).isEmpty();
    } finally {
      p.destroyForcibly();
    }
  }

  /** Child process of {@link #sigtermRemovesTheTempFile}. */
  public static final class SlowWriter {
    public static void main(String[] args) {
      OutputFiles.write(Path.of(args[0]), out -> {
        out.write(new byte[1000]);
        out.flush();
        System.out.print("ready\n");
        System.out.flush();
        try {
          Thread.sleep(600_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
    }
  }
}
