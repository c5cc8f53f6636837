package org.fabriclab.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.fabriclab.error.FabriclabException;

/**
 * The one translation of the JDK's I/O and charset exceptions into one-line messages for people:
 * the JDK's file-system exceptions carry only a path as their message and
 * charset errors say {@code Input length = 1}, so every reader and writer of fabriclab turns them
 * into a {@link FabriclabException} through this class, and {@link #clean} removes any Java class
 * name that would still reach a message. Stateless.
 */
public final class IoErrors {
  /** A fully qualified Java class name such as {@code java.nio.file.NoSuchFileException}. */
  private static final Pattern QUALIFIED =
      Pattern.compile(
          "\\b(?:java|javax|jdk|sun|com|org|picocli)\\.(?:[a-z][a-z0-9_]*\\.)*[A-Z][A-Za-z0-9_$]*"
              + "(?::\\s*)?");

  /** A simple exception class name such as {@code IOException} or {@code OutOfMemoryError}. */
  private static final Pattern SIMPLE =
      Pattern.compile("\\b[A-Z][A-Za-z0-9]*(?:Exception|Error)\\b(?::\\s*)?");

  private IoErrors() {}

  /** Why {@code e} happened, in words, without a Java class name or the path itself. */
  public static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileAlreadyExistsException || e instanceof NotDirectoryException) {
      return "a part of the path exists and is not a folder";
    }
    if (e instanceof DirectoryNotEmptyException) {
      return "folder not empty";
    }
    if (e instanceof FileSystemLoopException) {
      return "symbolic link loop";
    }
    if (e instanceof CharacterCodingException) {
      return "not valid UTF-8 text";
    }
    if (e instanceof FileSystemException fse && fse.getReason() != null) {
      return clean(fse.getReason());
    }
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      return "input/output error";
    }
    String c = clean(m);
    return c.isBlank() ? "input/output error" : c;
  }

  /** The reason of an {@link UncheckedIOException}'s cause, or its cleaned message. */
  public static String reason(UncheckedIOException e) {
    return e.getCause() != null ? reason(e.getCause()) : clean(e.getMessage());
  }

  /** {@code cannot read FILE: reason}. */
  public static FabriclabException cannotRead(Path file, IOException e) {
    return new FabriclabException("cannot read " + show(file) + ": " + reason(e), e);
  }

  /** {@code cannot write FILE: reason}. */
  public static FabriclabException cannotWrite(Path file, IOException e) {
    return new FabriclabException("cannot write " + show(file) + ": " + reason(e), e);
  }

  /** {@code cannot use PATH: reason} for a path the JDK refuses (a NUL character, say). */
  public static FabriclabException invalidPath(String path, InvalidPathException e) {
    String why = e.getReason() == null ? "invalid path" : e.getReason();
    return new FabriclabException("invalid path '" + printable(path) + "': " + clean(why).toLowerCase(java.util.Locale.ROOT), e);
  }

  /** A path as people read it: {@code ''} for the empty path. */
  public static String show(Path p) {
    return p == null || p.toString().isEmpty() ? "''" : printable(p.toString());
  }

  /** Control characters replaced by {@code ?}, so one message stays one line. */
  public static String printable(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      b.append(Character.isISOControl(c) ? '?' : c);
    }
    return b.toString();
  }

  /**
   * {@code s} on one line with every Java class name removed ({@code java.io.IOException: Is a
   * directory} becomes {@code Is a directory}); empty when nothing but a class name was there.
   */
  public static String clean(String s) {
    if (s == null) {
      return "";
    }
    String one = s.replaceAll("\\s+", " ").trim();
    String out = SIMPLE.matcher(QUALIFIED.matcher(one).replaceAll("")).replaceAll("").trim();
    return out;
  }

  /** Whether {@code s} still shows a Java class name (what tests assert never happens). */
  public static boolean mentionsJavaClass(String s) {
    return s != null && (QUALIFIED.matcher(s).find() || SIMPLE.matcher(s).find());
  }
}
