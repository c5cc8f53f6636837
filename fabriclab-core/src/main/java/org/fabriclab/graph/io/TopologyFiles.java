package org.fabriclab.graph.io;

import java.io.BufferedInputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
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
import java.util.Locale;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.error.MalformedInputException;
import org.fabriclab.graph.Topology;
import org.fabriclab.io.OutputFiles;

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
  private TopologyFiles() {}

  /**
   * Writes {@code t} to {@code file} in format {@code f}, atomically ({@link OutputFiles}). O(n + m).
   */
  public static void write(Topology t, TopologyFormat f, Path file) {
    OutputFiles.write(
        file,
        os -> {
          Writer w = new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.UTF_8));
          write(t, f, w);
          w.flush();
        });
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
    return read(file, ImportDefaults.NONE);
  }

  /**
   * Reads a JSON edge list, a networkx node-link JSON or a GraphML file; files without
   * fabriclab's attributes take {@code defaults} (see {@link ImportDefaults}).
   */
  public static Topology read(Path file, ImportDefaults defaults) {
    return importFile(file, defaults).topology();
  }

  /**
   * {@link #read(Path, ImportDefaults)} with the graph, node and edge attributes the file has and
   * the reader did not use ({@link ImportedTopology#ignoredLine}). A topology whose file names
   * none takes the file's name without its extension.
   */
  public static ImportedTopology importFile(Path file, ImportDefaults defaults) {
    String name = file.toString();
    try {
      TopologyFormat f = detect(file);
      try (InputStream raw = new BufferedInputStream(Files.newInputStream(file))) {
        raw.mark(3);
        byte[] head = raw.readNBytes(3);
        boolean bom =
            head.length == 3 && (head[0] & 0xff) == 0xef && (head[1] & 0xff) == 0xbb
                && (head[2] & 0xff) == 0xbf;
        if (!bom) {
          raw.reset();
        }
        Reader in = new InputStreamReader(raw, StandardCharsets.UTF_8.newDecoder());
        if (f == TopologyFormat.JSON && isNodeLink(file)) {
          return NodeLinkJson.read(in, name, defaults);
        }
        if (f == TopologyFormat.GRAPHML) {
          return GraphMl.importFrom(in, name, defaults);
        }
        return ImportedTopology.of(read(in, f, name));
      }
    } catch (CharacterCodingException e) {
      throw new MalformedInputException(name, "not UTF-8 text", e);
    } catch (IOException e) {
      throw cannot("read", file, e);
    }
  }

  /**
   * Whether a JSON file is networkx node-link data rather than fabriclab's edge list: its first
   * 4 KiB name a {@code "multigraph"} field and no {@code "format"} field.
   */
  static boolean isNodeLink(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      String head = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
      return head.contains("\"multigraph\"") && !head.contains("\"format\"");
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
      first = i < head.length ? head[i] & 0xff : -1;
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
