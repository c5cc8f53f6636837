package org.fabriclab.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.fabriclab.error.FabriclabException;

/**
 * The folder of a resumable sweep ({@code fabriclab run}), held locked for the whole run: the
 * same exclusive lock as every other output folder ({@link FolderLock}, the marker {@value
 * FolderLock#MARKER}), so a second writer of any command is refused while it runs, and a marker
 * that says the folder holds a resumable run, so that other commands never write into it later.
 * The sweep writes its files into the folder directly (finished points are kept when a run is
 * interrupted); made by {@link OutputFiles#sweepFolder}.
 */
public final class SweepFolder implements AutoCloseable {
  private final FolderLock lock;
  private final String shown;

  private SweepFolder(FolderLock lock, String shown) {
    this.lock = lock;
    this.shown = shown;
  }

  static SweepFolder open(Path folder, String what) {
    Path abs = RunFolder.checkPath(folder, what);
    String shown = what + " " + IoErrors.show(folder);
    return new SweepFolder(FolderLock.acquire(abs, shown, false), shown);
  }

  /** The folder (absolute). */
  public Path path() {
    return lock.path();
  }

  /** Whether the marker, as found, says the folder holds a resumable run. */
  public boolean marked() {
    return lock.holdsSweep();
  }

  /** Whether the folder was there before this run (it may still have been empty). */
  public boolean existed() {
    return lock.createdDirs().isEmpty();
  }

  /** Records in the marker that the folder holds a resumable run. */
  public void mark() {
    try {
      lock.setBody(List.of(FolderLock.SWEEP_LINE));
    } catch (IOException e) {
      throw new FabriclabException(shown + ": " + IoErrors.reason(e), e);
    }
  }

  /**
   * Whether the folder holds nothing but the marker and entries {@code ours} accepts (fabriclab's
   * hidden files are always ours).
   */
  public boolean holdsOnly(Predicate<String> ours) {
    try (DirectoryStream<Path> s = Files.newDirectoryStream(path())) {
      for (Path p : s) {
        String n = p.getFileName().toString();
        if (!n.equals(FolderLock.MARKER) && !ours.test(n)) {
          return false;
        }
      }
      return true;
    } catch (IOException e) {
      throw new FabriclabException(shown + ": " + IoErrors.reason(e), e);
    }
  }

  /**
   * Unlocks after a run that leaves nothing (its files already removed by the caller): the marker
   * goes if this run made it (else it gets back what it said), and each folder this run created
   * is removed if empty, deepest first; what someone else put there keeps its folder.
   */
  public void abandon() {
    lock.release(true);
  }

  /** Whether {@link #abandon} removed the folder itself. */
  public boolean removed() {
    return !Files.exists(path());
  }

  /** Unlocks; the marker keeps saying what {@link #mark} wrote. */
  @Override
  public void close() {
    lock.release(false);
  }
}
