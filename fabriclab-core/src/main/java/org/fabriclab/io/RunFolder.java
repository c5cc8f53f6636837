package org.fabriclab.io;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.fabriclab.error.FabriclabException;

/**
 * An output folder being written by one run: the one output-folder rule of every fabriclab
 * command ({@code docs/errors.md}), made by {@link OutputFiles#runFolder}.
 *
 * <ul>
 *   <li>A new or empty folder is used; a folder fabriclab wrote (it holds the marker file
 *       {@value #MARKER}) is <em>replaced</em>: after the run it holds exactly this run's files;
 *       files of the earlier run that this run does not write are removed, and only those (the
 *       marker lists the files fabriclab wrote).
 *   <li>A non-empty folder without the marker is refused unless {@code force}; with {@code force}
 *       fabriclab adds its files and the marker and never removes a file it did not write.
 *   <li>A folder that holds a resumable run of {@code fabriclab run} is refused, also with
 *       {@code force}: only {@code fabriclab run --resume} writes into it.
 *   <li>The marker is locked ({@link FolderLock}) while the run writes, so a second run to the
 *       same folder fails at once with a one-line error (exit 2) naming the owner's pid and start
 *       time; the operating system releases the lock when a process dies, even on SIGKILL.
 *   <li>The run writes into a hidden staging folder {@code .stage-<pid>-<random>} inside the
 *       folder; {@link #commit} moves its files in, each atomically; {@link #close} without a
 *       commit removes the staging folder, the marker if this run made it, and each folder this
 *       run created that is empty by then (deepest first): a file that someone else put into the
 *       tree meanwhile keeps its folder and every folder above it. The shutdown hook
 *       (SIGTERM/SIGINT) does the same. Staging folders of dead runs are removed when the lock is
 *       taken.
 * </ul>
 */
public final class RunFolder implements AutoCloseable {
  /** The marker file, also the lock file. */
  public static final String MARKER = FolderLock.MARKER;
  private List<String> writtenFiles = List.of();

  private static final String STAGE_PREFIX = ".stage-";

  private final Path dir;
  private final String shown;
  private final FolderLock lock;
  private final List<String> earlierFiles;
  private Path stage;
  private boolean committed;
  private boolean closed;

  private RunFolder(Path dir, String shown, FolderLock lock, List<String> earlierFiles) {
    this.dir = dir;
    this.shown = shown;
    this.lock = lock;
    this.earlierFiles = earlierFiles;
  }

  /**
   * The folder {@code folder} names, absolute and normalised, after the checks every output
   * folder shares: not empty, not the root, not a file, not below a file.
   */
  static Path checkPath(Path folder, String what) {
    if (folder == null || folder.toString().isBlank()) {
      throw new FabriclabException(what + " '': empty path; name a folder");
    }
    String shown = what + " " + IoErrors.show(folder);
    Path abs;
    try {
      abs = folder.toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      throw IoErrors.invalidPath(folder.toString(), e);
    }
    if (abs.getParent() == null) {
      throw new FabriclabException(shown + ": the file-system root cannot be an output folder;"
          + " name a folder below it");
    }
    if (Files.exists(abs) && !Files.isDirectory(abs)) {
      throw new FabriclabException(shown + ": it exists and is a file, not a folder");
    }
    Path ancestor = abs.getParent();
    while (ancestor != null && !Files.exists(ancestor)) {
      ancestor = ancestor.getParent();
    }
    if (ancestor != null && !Files.isDirectory(ancestor)) {
      throw new FabriclabException(shown + ": " + ancestor + " exists and is a file, not a folder");
    }
    return abs;
  }

  static RunFolder open(Path folder, boolean force, String what) {
    Path abs = checkPath(folder, what);
    String shown = what + " " + IoErrors.show(folder);
    Path marker = abs.resolve(MARKER);
    boolean hadMarker = Files.exists(marker, LinkOption.NOFOLLOW_LINKS);
    if (Files.isDirectory(abs) && !hadMarker && !force && !isEmpty(abs, shown)) {
      throw new FabriclabException(shown + ": the folder is not empty and was not written by"
          + " fabriclab (no " + MARKER + " file); choose a new or empty folder, or add --force"
          + " to write into it (files fabriclab did not write are kept)");
    }
    FolderLock fl = FolderLock.acquire(abs, shown, true);
    try {
      List<String> earlier = files(fl.originalBody());
      if (fl.holdsSweep() || (!fl.markerCreated() && legacySweep(abs, earlier))) {
        throw new FabriclabException(shown + ": the folder holds a resumable run of fabriclab run"
            + " (finish it with fabriclab run SPEC --resume --out " + IoErrors.show(folder)
            + "); choose another folder");
      }
      if (fl.markerCreated() && !force && !isEmpty(abs, shown, MARKER)) {
        throw new FabriclabException(shown + ": the folder is not empty and was not written by"
            + " fabriclab (no " + MARKER + " file); choose a new or empty folder, or add --force"
            + " to write into it (files fabriclab did not write are kept)");
      }
      RunFolder rf = new RunFolder(abs, shown, fl, earlier);
      Leftovers.removeStale(abs, STAGE_PREFIX, '-', "", true);
      return rf;
    } catch (RuntimeException | Error e) {
      fl.release(true);
      throw e;
    }
  }

  /**
   * A folder of {@code fabriclab run} written before run folders were marked as such: its
   * {@code spec.json} and {@code points.csv} are there, and the marker does not list {@code
   * spec.json} (a compare folder, replaced as a whole, lists it).
   */
  private static boolean legacySweep(Path dir, List<String> listed) {
    return Files.isRegularFile(dir.resolve("spec.json"), LinkOption.NOFOLLOW_LINKS)
        && Files.isRegularFile(dir.resolve("points.csv"), LinkOption.NOFOLLOW_LINKS)
        && !listed.contains("spec.json");
  }

  private static List<String> files(List<String> body) {
    List<String> out = new ArrayList<>();
    for (String line : body) {
      if (line.startsWith("file ") && !line.contains("..")) {
        out.add(line.substring(5));
      }
    }
    return out;
  }

  /** The folder (absolute). */
  public Path path() {
    return dir;
  }

  /** A fresh, empty hidden staging folder inside the folder; the run writes its files here. */
  public Path staging() {
    if (committed) {
      throw new IllegalStateException("already committed");
    }
    if (stage == null) {
      // registered and created in one step: SIGTERM at any moment finds it
      for (int attempt = 0; stage == null; attempt++) {
        Path s = dir.resolve(STAGE_PREFIX + Leftovers.pid() + "-" + Leftovers.nextNumber());
        try {
          stage = Leftovers.make(s, false, () -> Files.createDirectory(s));
        } catch (java.nio.file.FileAlreadyExistsException e) {
          // not ours; the next number
          if (attempt > 100) {
            throw new FabriclabException(shown + ": " + IoErrors.reason(e), e);
          }
        } catch (IOException e) {
          Leftovers.forget(s);
          throw new FabriclabException(shown + ": " + IoErrors.reason(e), e);
        }
      }
    }
    return stage;
  }

  /** Runs {@code body} on the staging folder, then {@link #commit}s. */
  public void write(OutputFiles.FolderBody body) {
    Path s = staging();
    try {
      body.writeInto(s);
    } catch (IOException e) {
      throw new FabriclabException(shown + ": " + IoErrors.reason(e), e);
    }
    commit();
  }

  /**
   * Moves the staged files into the folder (each atomically, sub-folders kept), removes the
   * files of the earlier run that this run did not write, and records this run's files in the
   * marker. O(files).
   */
  public void commit() {
    Path s = staging();
    RuntimeException[] failed = {null};
    Leftovers.exclusive(() -> {
      try {
        moveIn(s);
      } catch (RuntimeException e) {
        failed[0] = e;
      }
    });
    if (failed[0] != null) {
      throw failed[0];
    }
  }

  private void moveIn(Path s) {
    Set<String> written = new LinkedHashSet<>();
    try (Stream<Path> files = Files.walk(s).sorted()) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (f.equals(s)) {
          continue;
        }
        String rel = s.relativize(f).toString().replace('\\', '/');
        Path to = dir.resolve(rel);
        if (Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) {
          Files.createDirectories(to);
          continue;
        }
        if (Files.isDirectory(to, LinkOption.NOFOLLOW_LINKS)) {
          throw new FabriclabException(shown + ": cannot replace " + rel
              + ": a folder of that name is in the way");
        }
        try {
          Files.move(f, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(f, to, StandardCopyOption.REPLACE_EXISTING);
        }
        written.add(rel);
      }
      for (String old : earlierFiles) {
        Path p = dir.resolve(old).normalize();
        if (!written.contains(old) && p.startsWith(dir)
            && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
          Files.deleteIfExists(p);
        }
      }
      List<String> body = new ArrayList<>();
      written.forEach(f -> body.add("file " + f));
      lock.setBody(body);
      writtenFiles = List.copyOf(written);
    } catch (IOException e) {
      throw new FabriclabException(shown + ": " + IoErrors.reason(e), e);
    }
    committed = true;
    Leftovers.deleteRecursively(s);
    Leftovers.forget(s);
    stage = null;
    lock.keepCreated();
  }

  /**
   * The files the committed run wrote, relative to the folder ('/'-separated, sorted); empty before
   * {@link #commit}.
   */
  public List<String> written() {
    return writtenFiles;
  }

  /**
   * Removes what an uncommitted run made (staging folder, the marker if new, each folder it
   * created that is empty by then) and unlocks; after a commit, only unlocks.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (stage != null) {
      Leftovers.deleteRecursively(stage);
      Leftovers.forget(stage);
      stage = null;
    }
    lock.release(!committed);
  }

  private static boolean isEmpty(Path dir, String shown, String except) {
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
      for (Path p : s) {
        if (!p.getFileName().toString().equals(except)) {
          return false;
        }
      }
      return true;
    } catch (IOException e) {
      throw new FabriclabException(shown + ": " + IoErrors.reason(e), e);
    }
  }

  private static boolean isEmpty(Path dir, String shown) {
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
      return !s.iterator().hasNext();
    } catch (IOException e) {
      throw new FabriclabException(shown + ": " + IoErrors.reason(e), e);
    }
  }

}
