package org.fabriclab.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.fabriclab.error.FabriclabException;

/**
 * The exclusive lock of one output folder: its marker file {@value #MARKER}, locked with {@link
 * FileChannel#tryLock} while a command writes the folder. The marker names the owner while it
 * holds the lock ({@code pid <pid> started <instant>}), and keeps a body of lines between runs
 * (the files the last run wrote; {@value #SWEEP_LINE} for a resumable run of {@code fabriclab
 * run}).
 *
 * <p>A lock is stale when its owner died (killed, even with SIGKILL): the operating system
 * releases the lock with the process, so the next command takes it and replaces the owner line.
 * A busy lock is refused in one line naming the owner's pid and start time. Within one JVM the
 * folders held are also kept in a set, because on POSIX systems closing any channel to a file
 * releases every lock the process holds on it: a second open of the same marker in-process is
 * refused before a channel is opened.
 *
 * <p>Opening creates the folder and its missing parents and records each folder it created;
 * {@link #release} with {@code undo} removes the marker (if created here) and then each created
 * folder that is empty, deepest first: a folder into which someone else put a file is kept.
 */
public final class FolderLock {
  /** The marker file, also the lock file. */
  public static final String MARKER = ".fabriclab-run";
  /** The body line that marks the folder of a resumable {@code fabriclab run}. */
  static final String SWEEP_LINE = "kind run";
  private static final String HEADER = "fabriclab run folder (written by fabriclab; do not edit)";
  /** Markers this JVM holds locked (a JVM-wide fact, as the operating system's lock is per process). */
  private static final Map<Path, String> HELD = new ConcurrentHashMap<>();

  private final Path dir;
  private final Path marker;
  private final Path key;
  private final boolean markerCreated;
  private final List<Path> createdDirs;
  private final List<String> originalBody;
  private final FileChannel channel;
  private final FileLock lock;
  private final String owner;
  private List<String> body;
  private boolean released;

  private FolderLock(Path dir, Path key, String owner, boolean markerCreated, List<Path> createdDirs,
      List<String> body, FileChannel channel, FileLock lock) {
    this.dir = dir;
    this.key = key;
    this.marker = dir.resolve(MARKER);
    this.markerCreated = markerCreated;
    this.createdDirs = createdDirs;
    this.originalBody = body;
    this.body = body;
    this.channel = channel;
    this.lock = lock;
    this.owner = owner;
  }

  /**
   * Creates {@code dir} (absolute, normalised) as needed and locks its marker; {@code shown} names
   * the folder in messages ({@code "--out results"}). With {@code shutdownCleanup}, the folders and
   * the marker created here are registered with the shutdown hook (removed on SIGTERM when empty).
   */
  static FolderLock acquire(Path dir, String shown, boolean shutdownCleanup) {
    List<Path> created = new ArrayList<>();
    FileChannel ch = null;
    boolean markerCreated = false;
    Path marker = dir.resolve(MARKER);
    Path key = null;
    try {
      for (Path p = dir; p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
        created.add(0, p);
      }
      for (int i = 0; i < created.size(); i++) {
        Path p = created.get(i);
        try {
          if (shutdownCleanup) {
            Leftovers.make(p, true, () -> Files.createDirectory(p)); // SIGTERM at any moment finds it
          } else {
            Files.createDirectory(p);
          }
        } catch (java.nio.file.FileAlreadyExistsException e) {
          // made by someone else meanwhile: not ours
          created.remove(i--);
          if (!Files.isDirectory(p)) {
            throw e;
          }
        }
      }
      Path real = dir.toRealPath().resolve(MARKER);
      String me = ownerLine();
      String other = HELD.putIfAbsent(real, me);
      if (other != null) {
        throw busy(shown, " (" + other.replace(" started ", ", started ") + ")");
      }
      key = real;
      if (Files.exists(marker, LinkOption.NOFOLLOW_LINKS)
          && !Files.isRegularFile(marker, LinkOption.NOFOLLOW_LINKS)) {
        throw new FabriclabException(shown + ": " + MARKER + " is not a regular file");
      }
      try {
        Leftovers.Maker<FileChannel> open = () -> FileChannel.open(marker, StandardOpenOption.CREATE_NEW,
            StandardOpenOption.READ, StandardOpenOption.WRITE);
        // registered and created in one step: SIGTERM at any moment finds it
        ch = shutdownCleanup ? Leftovers.make(marker, false, open) : open.make();
        markerCreated = true;
      } catch (java.nio.file.FileAlreadyExistsException e) {
        ch = FileChannel.open(marker, StandardOpenOption.READ, StandardOpenOption.WRITE);
      }
      FileLock lock;
      try {
        lock = ch.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        throw busy(shown, holder(read(ch)));
      }
      List<String> lines = new ArrayList<>();
      for (String line : read(ch)) {
        if (!line.equals(HEADER) && !line.startsWith("pid ") && !line.isEmpty()) {
          lines.add(line); // an owner line left here is stale: its process has died
        }
      }
      FolderLock fl = new FolderLock(dir, real, me, markerCreated, created, List.copyOf(lines), ch, lock);
      fl.write(lines, true);
      return fl;
    } catch (IOException | RuntimeException e) {
      closeQuietly(ch);
      if (markerCreated) {
        Leftovers.deleteRecursively(marker);
        Leftovers.forget(marker);
      }
      Leftovers.removeEmptyFolders(created);
      created.forEach(Leftovers::forgetCreated);
      if (key != null) {
        HELD.remove(key);
      }
      if (e instanceof IOException io) {
        throw new FabriclabException(shown + ": " + IoErrors.reason(io), io);
      }
      throw (RuntimeException) e;
    }
  }

  private static String ownerLine() {
    return "pid " + Leftovers.pid() + " started "
        + ProcessHandle.current().info().startInstant().orElse(Instant.EPOCH);
  }

  private static FabriclabException busy(String shown, String holder) {
    return new FabriclabException(shown + ": another fabriclab run" + holder
        + " is writing this folder; wait for it to finish or choose another folder");
  }

  /** The folder (absolute). */
  Path path() {
    return dir;
  }

  /** The marker's body lines (without header and owner line), as this lock found them. */
  List<String> originalBody() {
    return originalBody;
  }

  /** Whether this lock created the marker (the folder had none). */
  boolean markerCreated() {
    return markerCreated;
  }

  /** The folders this lock created, outermost first. */
  List<Path> createdDirs() {
    return createdDirs;
  }

  /** Whether the marker marks a resumable run of {@code fabriclab run}. */
  boolean holdsSweep() {
    return originalBody.contains(SWEEP_LINE);
  }

  /** Replaces the marker's body (the owner line stays while the lock is held). */
  void setBody(List<String> lines) throws IOException {
    body = List.copyOf(lines);
    write(body, !released);
  }

  /** The folders created here no longer go with a failure or the shutdown hook (the run committed). */
  void keepCreated() {
    createdDirs.forEach(Leftovers::forgetCreated);
    createdDirs.clear();
    Leftovers.forget(marker);
  }

  /**
   * Unlocks. With {@code undo}: a marker created here is deleted, a marker found here gets its
   * body back, and each folder created here that is empty is removed, deepest first. Without:
   * the marker keeps the current body and loses the owner line.
   */
  void release(boolean undo) {
    if (released) {
      return;
    }
    released = true;
    try {
      if (undo && markerCreated) {
        Files.deleteIfExists(marker);
      } else {
        write(undo ? originalBody : body, false);
      }
    } catch (IOException | RuntimeException ignored) {
      // the owner line stays; the next lock replaces it
    }
    Leftovers.forget(marker);
    try {
      lock.release();
    } catch (IOException ignored) {
      // released when the channel closes
    }
    closeQuietly(channel);
    HELD.remove(key);
    if (undo) {
      Leftovers.removeEmptyFolders(createdDirs);
    }
    createdDirs.forEach(Leftovers::forgetCreated);
  }

  private void write(List<String> lines, boolean owned) throws IOException {
    StringBuilder b = new StringBuilder(HEADER).append('\n');
    if (owned) {
      b.append(owner).append('\n');
    }
    for (String l : lines) {
      b.append(l).append('\n');
    }
    channel.truncate(0);
    channel.write(ByteBuffer.wrap(b.toString().getBytes(StandardCharsets.UTF_8)), 0);
    channel.force(false);
  }

  private static List<String> read(FileChannel ch) throws IOException {
    long size = ch.size();
    if (size > 64L << 20) {
      throw new IOException(MARKER + " is larger than 64 MiB; it is not fabriclab's marker");
    }
    ByteBuffer buf = ByteBuffer.allocate((int) size);
    while (buf.hasRemaining() && ch.read(buf, buf.position()) >= 0) {
      // reads the whole file
    }
    return new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8).lines().toList();
  }

  /** " (pid N started T)" from the marker's owner line, or "" when it has none. */
  private static String holder(List<String> lines) {
    for (String line : lines) {
      if (line.startsWith("pid ")) {
        return " (" + line.strip().replace(" started ", ", started ") + ")";
      }
    }
    return "";
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
