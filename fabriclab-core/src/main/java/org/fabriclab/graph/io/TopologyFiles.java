package org.fabriclab.graph.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Set;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.graph.Topology;

/**
 * Topology files: {@link #write} streams into a temp file beside the target and moves it into
 * place atomically (as {@link org.fabriclab.table.TableWriter#writeAtomically} does), so a failed
 * or interrupted write never leaves a partial file; {@link #read} detects JSON or GraphML from the
 * first non-blank character ({@code {} or {@code <}), falling back on the extension only to
 * explain what it cannot read. Problems with the path are {@link FabriclabException}s whose
 * one-line message names the file; problems with the content are {@link
 * MalformedInputException}s.
 */
public final class TopologyFiles {
  private static final Set<PosixFilePermission> READABLE =
      PosixFilePermissions.fromString("rw-r--r--");

  private TopologyFiles() {}

  /** Writes {@code t} to {@code file} in format {@code f}, atomically. O(n + m). */
  public static void write(Topology t, TopologyFormat f, Path file) {
    Path dir = file.toAbsolutePath().getParent();
    Path tmp;
    try {
      Files.createDirectories(dir);
      tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
    } catch (IOException e) {
      throw cannot("write", file, e);
    }
    try {
      try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
        write(t, f, w);
      }
      if (tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
        Files.setPosixFilePermissions(tmp, READABLE);
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw cannot("write", file, e);
    } finally {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // best effort: the temp file is hidden and named after the target
      }
    }
  }

  /** Writes {@code t} to {@code out} in format {@code f} (flushed, not closed). */
  public static void write(Topology t, TopologyFormat f, Writer out) throws IOException {
    switch (f) {
      case JSON -> JsonEdgeList.write(t, out);
      case GRAPHML -> GraphMl.write(t, out, GraphMl.Dialect.NETWORKX);
      case DOT -> Dot.write(t, out);
      default -> throw new IllegalStateException("unhandled format " + f);
    }
  }

  /**
   * Reads a JSON edge list or GraphML file, whatever its extension.
   *
   * @throws MalformedInputException naming the file when its content is wrong or not importable
   * @throws FabriclabException naming the file when it cannot be read at all
   */
  public static Topology read(Path file) {
    String name = file.toString();
    try {
      TopologyFormat f = detect(file);
      try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        return read(in, f, name);
      }
    } catch (CharacterCodingException e) {
      throw new MalformedInputException(name, "not UTF-8 text", e);
    } catch (IOException e) {
      throw cannot("read", file, e);
    }
  }

  /** JSON or GraphML by the first non-blank character (a UTF-8 byte-order mark is skipped). */
  public static TopologyFormat detect(Path file) throws IOException {
    int first = -1;
    try (InputStream in = Files.newInputStream(file)) {
      byte[] head = in.readNBytes(4096);
      boolean bom =
          head.length >= 3
              && (head[0] & 0xff) == 0xef
              && (head[1] & 0xff) == 0xbb
              && (head[2] & 0xff) == 0xbf;
      int i = bom ? 3 : 0;
      while (i < head.length && Character.isWhitespace(head[i])) {
        i++;
      }
      first = i < head.length ? head[i] : -1;
    }
    if (first == '{') {
      return TopologyFormat.JSON;
    }
    if (first == '<') {
      return TopologyFormat.GRAPHML;
    }
    String name = file.toString();
    String lower = String.valueOf(file.getFileName()).toLowerCase(Locale.ROOT);
    if (lower.endsWith(".dot") || lower.endsWith(".gv")) {
      throw new MalformedInputException(
          name, "DOT files are export-only; import a JSON edge list or GraphML file");
    }
    if (first < 0) {
      throw new MalformedInputException(name, "the file is empty");
    }
    throw new MalformedInputException(
        name, "neither a JSON edge list (starts with '{') nor GraphML (starts with '<')");
  }

  /** Reads a topology from a reader in a known format. */
  public static Topology read(Reader in, TopologyFormat f, String sourceName) throws IOException {
    return switch (f) {
      case JSON -> JsonEdgeList.read(in, sourceName);
      case GRAPHML -> GraphMl.read(in, sourceName);
      case DOT -> throw new MalformedInputException(
          sourceName, "DOT files are export-only; import a JSON edge list or GraphML file");
    };
  }

  private static FabriclabException cannot(String verb, Path file, IOException e) {
    return new FabriclabException("cannot " + verb + " " + file + ": " + reason(e, file), e);
  }

  /** One line for people: the JDK's file-system exceptions carry only a path as message. */
  static String reason(IOException e, Path file) {
    String path = e instanceof FileSystemException fs ? fs.getFile() : null;
    if (path != null && path.equals(file.toString())) {
      path = null; // the message names it already
    }
    String what;
    if (e instanceof NoSuchFileException) {
      what = "no such file or directory";
    } else if (e instanceof FileAlreadyExistsException || e instanceof NotDirectoryException) {
      what = "exists and is not a directory";
    } else if (e instanceof AccessDeniedException) {
      what = "permission denied";
    } else {
      String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return m.replaceAll("\\s+", " ").trim();
    }
    return path == null ? what : path + ": " + what;
  }
}
