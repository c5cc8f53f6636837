package org.fabriclab.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
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
      throw new FabriclabException("cannot write '" + file + "': not a file path");
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
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)
        && !Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
      throw new FabriclabException(
          "cannot write " + file + ": it exists and is "
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

  /** Writes {@code file} atomically from {@code body}. */
  public static void write(Path file, Body body) {
    Path target = checkTarget(file).toAbsolutePath();
    Path dir = target.getParent();
    Path tmp;
    try {
      Files.createDirectories(dir);
      tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
    } catch (FileAlreadyExistsException e) {
      throw new FabriclabException("cannot write " + file + ": " + e.getFile() + " is not a directory");
    } catch (IOException e) {
      throw cannot(file, e);
    }
    try {
      try (OutputStream out = Files.newOutputStream(tmp)) {
        body.writeTo(out);
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
        // best effort: the temporary file is hidden and named after its target
      }
    }
  }

  /** Writes text (UTF-8) atomically. */
  public static void writeString(Path file, String text) {
    write(file, out -> out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  /**
   * Fills a folder as a whole: {@code body} writes into a fresh hidden staging folder beside
   * {@code dir}; only when it returns are its files moved into {@code dir} (each atomically), so
   * a failure leaves {@code dir} as it was. Files of earlier runs that are not rewritten stay.
   */
  public static void writeFolder(Path dir, FolderBody body) {
    if (dir == null || dir.toString().isBlank()) {
      throw new FabriclabException("cannot write folder '" + dir + "': empty path");
    }
    Path abs = dir.toAbsolutePath().normalize();
    if (abs.getParent() == null) {
      throw new FabriclabException("cannot write into " + dir + ": choose a folder, not the file-system root");
    }
    if (Files.exists(abs) && !Files.isDirectory(abs)) {
      throw new FabriclabException("cannot write into " + dir + ": it exists and is not a folder");
    }
    Path stage;
    try {
      Files.createDirectories(abs.getParent());
      stage = Files.createTempDirectory(abs.getParent(), "." + abs.getFileName() + ".");
    } catch (IOException e) {
      throw cannot(dir, e);
    }
    try {
      body.writeInto(stage);
      Files.createDirectories(abs);
      try (DirectoryStream<Path> files = Files.newDirectoryStream(stage)) {
        for (Path f : files) {
          Path to = abs.resolve(f.getFileName().toString());
          checkTarget(to);
          Files.move(f, to, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    } catch (IOException e) {
      throw cannot(dir, e);
    } finally {
      deleteQuietly(stage);
    }
  }

  /** Writes files into a staging folder. */
  @FunctionalInterface
  public interface FolderBody {
    void writeInto(Path stagingFolder) throws IOException;
  }

  private static void deleteQuietly(Path dir) {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path f : files) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(dir);
    } catch (IOException ignored) {
      // best effort: a hidden staging folder
    }
  }

  private static FabriclabException cannot(Path file, IOException e) {
    String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    if (e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null) {
      why = fse.getReason();
    }
    return new FabriclabException("cannot write " + file + ": " + why.replace('\n', ' '), e);
  }
}
