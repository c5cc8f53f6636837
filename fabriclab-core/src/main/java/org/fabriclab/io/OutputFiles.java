package org.fabriclab.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.fabriclab.error.FabriclabException;

/**
 * The one way fabriclab writes output files: to a hidden temporary file beside the target, then
 * moved over it atomically, so an interrupted or failed run never leaves half a file. A symbolic
 * link is written through (its target is replaced, the link kept); a directory, a device or any
 * other non-regular file is refused; an existing file keeps its permissions, a new one is
 * {@code rw-r--r--}. Every failure is a one-line {@link FabriclabException} naming the path.
 */
public final class OutputFiles {
  private static final Set<PosixFilePermission> NEW_FILE =
      Set.copyOf(PosixFilePermissions.fromString("rw-r--r--"));

  private OutputFiles() {}

  /** Writes the bytes {@code body} produces. */
  @FunctionalInterface
  public interface Body {
    void writeTo(OutputStream out) throws IOException;
  }

  /**
   * Checks that {@code file} can name an output file (a file name, not an existing directory or
   * special file) without writing anything; returns the path to write (symlinks resolved).
   */
  public static Path checkTarget(Path file) {
    if (file == null || file.toString().isBlank() || file.getFileName() == null) {
      throw new FabriclabException("cannot write " + IoErrors.show(file) + ": not a file path");
    }
    Path target = file;
    try {
      if (Files.isSymbolicLink(target)) {
        target = target.toRealPath();
      }
    } catch (NoSuchFileException e) {
      target = resolveDangling(file);
    } catch (IOException e) {
      throw cannot(file, e);
    }
    Path parent = target.toAbsolutePath().getParent();
    while (parent != null && !Files.exists(parent)) {
      parent = parent.getParent();
    }
    if (parent != null && !Files.isDirectory(parent)) {
      throw new FabriclabException("cannot write " + IoErrors.show(file) + ": " + parent
          + " exists and is a file, not a folder");
    }
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)
        && !Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
      throw new FabriclabException(
          "cannot write " + IoErrors.show(file) + ": it exists and is "
              + (Files.isDirectory(target) ? "a directory" : "not a regular file"));
    }
    return target;
  }

  private static Path resolveDangling(Path link) {
    try {
      Path to = Files.readSymbolicLink(link);
      return link.toAbsolutePath().getParent().resolve(to);
    } catch (IOException e) {
      throw cannot(link, e);
    }
  }

  /**
   * Writes {@code file} atomically from {@code body}: into {@code .<name>.<pid>.<random>.tmp}
   * beside it, then moved over it. The temporary file is removed if the body fails and, through a
   * shutdown hook, on SIGTERM/SIGINT; temporary files of dead processes for the same target are
   * removed first.
   */
  public static void write(Path file, Body body) {
    write(file, body, false);
  }

  /**
   * As {@link #write(Path, Body)}; with {@code sync}, the temporary file's bytes are forced to the
   * disk ({@link java.nio.channels.FileChannel#force}) before the move, so a crash after the move
   * never leaves the new name on an empty or partial file.
   */
  public static void write(Path file, Body body, boolean sync) {
    Path target = checkTarget(file).toAbsolutePath();
    Path dir = target.getParent();
    String prefix = "." + target.getFileName() + ".";
    Path tmp = null;
    try {
      Files.createDirectories(dir);
      Leftovers.removeStale(dir, prefix, '.', ".tmp", false);
      // registered and created in one step: SIGTERM at any moment removes it
      for (int attempt = 0; tmp == null; attempt++) {
        Path t = dir.resolve(prefix + Leftovers.pid() + "." + Leftovers.nextNumber() + ".tmp");
        try {
          tmp = Leftovers.make(t, false, () -> Files.createFile(t));
        } catch (java.nio.file.FileAlreadyExistsException e) {
          if (attempt > 100) {
            throw e;
          }
        }
      }
    } catch (IOException e) {
      throw cannot(file, e);
    }
    try {
      try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(tmp,
              java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.TRUNCATE_EXISTING);
          OutputStream out = java.nio.channels.Channels.newOutputStream(ch)) {
        body.writeTo(out);
        out.flush();
        if (sync) {
          ch.force(true);
        }
      }
      if (tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
        Files.setPosixFilePermissions(
            tmp,
            Files.exists(target) ? Files.getPosixFilePermissions(target) : NEW_FILE);
      }
      try {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw cannot(file, e);
    } finally {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // best effort: the temporary file is hidden and named after its target and our pid
      }
      Leftovers.forget(tmp);
    }
  }

  /** Writes text (UTF-8) atomically. */
  public static void writeString(Path file, String text) {
    write(file, out -> out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  /** Writes text (UTF-8) atomically, forced to the disk before the move ({@link #write(Path, Body, boolean)}). */
  public static void writeStringSynced(Path file, String text) {
    write(file, out -> out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)), true);
  }

  /**
   * Opens {@code dir} as the output folder of a run under the one output-folder rule of {@link
   * RunFolder}: call it before any work so a bad folder fails at once; write with {@link
   * RunFolder#write} (or {@link RunFolder#staging} and {@link RunFolder#commit}); close it in a
   * try-with-resources block.
   *
   * @param force write into a non-empty folder that fabriclab did not write (keeping its files)
   * @param what how messages name the folder, e.g. {@code "--out"}
   */
  public static RunFolder runFolder(Path dir, boolean force, String what) {
    return RunFolder.open(dir, force, what);
  }

  /**
   * Opens {@code dir} as the folder of a resumable sweep ({@link SweepFolder}): created as needed
   * and locked until closed; a folder another command is writing is refused at once.
   */
  public static SweepFolder sweepFolder(Path dir, String what) {
    return SweepFolder.open(dir, what);
  }

  /** {@link #runFolder(Path, boolean, String)} with messages naming "output folder". */
  public static RunFolder runFolder(Path dir, boolean force) {
    return RunFolder.open(dir, force, "output folder");
  }

  /**
   * Fills a folder as a whole under the output-folder rule ({@link #runFolder} without force):
   * {@code body} writes into a staging folder whose files are moved in when it returns, so a
   * failure leaves {@code dir} as it was.
   */
  public static void writeFolder(Path dir, FolderBody body) {
    try (RunFolder rf = runFolder(dir, false)) {
      rf.write(body);
    }
  }

  /** Writes files into a staging folder. */
  @FunctionalInterface
  public interface FolderBody {
    void writeInto(Path stagingFolder) throws IOException;
  }

  private static FabriclabException cannot(Path file, IOException e) {
    return IoErrors.cannotWrite(file, e);
  }
}
