package org.fabriclab.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.fabriclab.error.FabriclabException;

/**
 * An output folder being written by one run: the one output-folder rule of every fabriclab
 * command (issue 15 item 3, {@code docs/errors.md}), made by {@link OutputFiles#runFolder}.
 *
 * <ul>
 *   <li>A new or empty folder is used; a folder fabriclab wrote (it holds the marker file
 *       {@value #MARKER}) is <em>replaced</em>: after the run it holds exactly this run's files;
 *       files of the earlier run that this run does not write are removed, and only those (the
 *       marker lists the files fabriclab wrote).
 *   <li>A non-empty folder without the marker is refused unless {@code force}; with {@code force}
 *       fabriclab adds its files and the marker and never removes a file it did not write.
 *   <li>The marker is locked ({@link FileChannel#tryLock}) while the run writes, so a second run
 *       to the same folder fails at once with a one-line error (exit 2); the operating system
 *       releases the lock when a process dies, even on SIGKILL.
 *   <li>The run writes into a hidden staging folder {@code .stage-<pid>-<random>} inside the
 *       folder; {@link #commit} moves its files in, each atomically; {@link #close} without a
 *       commit removes the staging folder and, when this run created the folder, the folder, so
 *       a failed or interrupted run leaves the folder as it was. Staging folders of dead runs are
 *       removed when the lock is taken; on SIGTERM/SIGINT a shutdown hook removes this run's.
 * </ul>
 */
public final class RunFolder implements AutoCloseable {
  /** The marker file, also the lock file. */
  public static final String MARKER = ".fabriclab-run";
  private List<String> writtenFiles = List.of();

  private static final String HEADER = "fabriclab run folder (written by fabriclab; do not edit)";
  private static final String STAGE_PREFIX = ".stage-";

  private final Path dir;
  private final String shown;
  private final Path createdRoot;
  private final boolean markerCreated;
  private final FileChannel channel;
  private final FileLock lock;
  private final List<String> earlierFiles;
  private Path stage;
  private boolean committed;

  private RunFolder(Path dir, String shown, Path createdRoot, boolean markerCreated,
      FileChannel channel, FileLock lock, List<String> earlierFiles) {
    this.dir = dir;
    this.shown = shown;
    this.createdRoot = createdRoot;
    this.markerCreated = markerCreated;
    this.channel = channel;
    this.lock = lock;
    this.earlierFiles = earlierFiles;
  }

  static RunFolder open(Path folder, boolean force, String what) {
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
    Path marker = abs.resolve(MARKER);
    boolean hadMarker = Files.exists(marker, LinkOption.NOFOLLOW_LINKS);
    if (Files.isDirectory(abs) && !hadMarker && !force && !isEmpty(abs, shown)) {
      throw new FabriclabException(shown + ": the folder is not empty and was not written by"
          + " fabriclab (no " + MARKER + " file); choose a new or empty folder, or add --force"
          + " to write into it (files fabriclab did not write are kept)");
    }
    if (hadMarker && !Files.isRegularFile(marker, LinkOption.NOFOLLOW_LINKS)) {
      throw new FabriclabException(shown + ": " + MARKER + " is not a regular file");
    }
    Path createdRoot = null;
    for (Path p = abs; p != null && !Files.exists(p); p = p.getParent()) {
      createdRoot = p;
    }
    FileChannel ch = null;
    try {
      Files.createDirectories(abs);
      if (createdRoot != null) {
        Leftovers.register(createdRoot);
      } else if (!hadMarker) {
        Leftovers.register(marker);
      }
      ch = FileChannel.open(marker, StandardOpenOption.CREATE, StandardOpenOption.READ,
          StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = ch.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        String holder = holderPid(marker);
        ch.close();
        throw new FabriclabException(shown + ": another fabriclab run" + holder
            + " is writing this folder; wait for it to finish or choose another folder");
      }
      List<String> earlier = hadMarker ? listedFiles(marker) : List.of();
      RunFolder rf = new RunFolder(abs, shown, createdRoot, !hadMarker, ch, lock, earlier);
      rf.writeMarker(earlier, true);
      Leftovers.removeStale(abs, STAGE_PREFIX, '-', "", true);
      return rf;
    } catch (IOException e) {
      closeQuietly(ch);
      undoCreate(createdRoot, hadMarker ? null : marker);
      throw new FabriclabException(shown + ": " + IoErrors.reason(e), e);
    } catch (RuntimeException e) {
      if (!(e instanceof FabriclabException)) {
        closeQuietly(ch);
      }
      if (createdRoot != null) {
        Leftovers.forget(createdRoot);
      } else if (!hadMarker) {
        Leftovers.forget(marker);
      }
      throw e;
    }
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
      try {
        stage = Files.createTempDirectory(dir, STAGE_PREFIX + Leftovers.pid() + "-");
      } catch (IOException e) {
        throw new FabriclabException(shown + ": " + IoErrors.reason(e), e);
      }
      Leftovers.register(stage);
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
      writeMarker(new ArrayList<>(written), false);
      writtenFiles = List.copyOf(written);
    } catch (IOException e) {
      throw new FabriclabException(shown + ": " + IoErrors.reason(e), e);
    }
    committed = true;
    Leftovers.deleteRecursively(s);
    Leftovers.forget(s);
    stage = null;
    if (createdRoot != null) {
      Leftovers.forget(createdRoot);
    }
    Leftovers.forget(dir.resolve(MARKER));
  }

  /**
   * The files the committed run wrote, relative to the folder ('/'-separated, sorted); empty before
   * {@link #commit}.
   */
  public List<String> written() {
    return writtenFiles;
  }

  /** Removes what an uncommitted run made (staging folder, new folder or marker); unlocks. */
  @Override
  public void close() {
    if (stage != null) {
      Leftovers.deleteRecursively(stage);
      Leftovers.forget(stage);
      stage = null;
    }
    if (!committed) {
      if (createdRoot != null || markerCreated) {
        undoCreate(createdRoot, markerCreated ? dir.resolve(MARKER) : null);
      } else {
        try {
          writeMarker(earlierFiles, false);
        } catch (IOException ignored) {
          // the marker keeps the pid line; harmless
        }
      }
    }
    try {
      lock.release();
    } catch (IOException ignored) {
      // released when the channel closes
    }
    closeQuietly(channel);
  }

  private void writeMarker(List<String> files, boolean running) throws IOException {
    StringBuilder b = new StringBuilder(HEADER).append('\n');
    if (running) {
      b.append("pid ").append(Leftovers.pid()).append('\n');
    }
    for (String f : files) {
      b.append("file ").append(f).append('\n');
    }
    channel.truncate(0);
    channel.write(ByteBuffer.wrap(b.toString().getBytes(StandardCharsets.UTF_8)), 0);
    channel.force(false);
  }

  private static List<String> listedFiles(Path marker) throws IOException {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(marker, StandardCharsets.ISO_8859_1)) {
      if (line.startsWith("file ") && !line.contains("..")) {
        out.add(new String(line.substring(5).getBytes(StandardCharsets.ISO_8859_1),
            StandardCharsets.UTF_8));
      }
    }
    return out;
  }

  private static String holderPid(Path marker) {
    try {
      for (String line : Files.readAllLines(marker, StandardCharsets.ISO_8859_1)) {
        if (line.startsWith("pid ")) {
          return " (pid " + line.substring(4).strip() + ")";
        }
      }
    } catch (IOException | RuntimeException ignored) {
      // no pid to show
    }
    return "";
  }

  private static boolean isEmpty(Path dir, String shown) {
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
      return !s.iterator().hasNext();
    } catch (IOException e) {
      throw new FabriclabException(shown + ": " + IoErrors.reason(e), e);
    }
  }

  private static void undoCreate(Path createdRoot, Path marker) {
    if (createdRoot != null) {
      Leftovers.deleteRecursively(createdRoot);
      Leftovers.forget(createdRoot);
    } else if (marker != null) {
      Leftovers.deleteRecursively(marker);
      Leftovers.forget(marker);
    }
  }

  private static void closeQuietly(FileChannel ch) {
    if (ch != null) {
      try {
        ch.close();
      } catch (IOException ignored) {
        // nothing to do
      }
    }
  }
}
