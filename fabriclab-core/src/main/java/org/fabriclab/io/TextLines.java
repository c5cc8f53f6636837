package org.fabriclab.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.error.MalformedInputException;

/**
 * The one way fabriclab reads a text input file line by line (traces, size distributions, demand
 * files): strict UTF-8 decoded line by line, so invalid bytes are reported with their line
 * number; a UTF-8 byte-order mark is skipped; UTF-16 (a UTF-16 byte-order mark or NUL bytes) is
 * refused with a hint; {@code \n} and {@code \r\n} end lines. Path problems (empty name, a folder,
 * a missing file, no permission) become one-line {@link FabriclabException}s naming the file,
 * content problems {@link MalformedInputException}s naming {@code file} and {@code line N}.
 * O(bytes); one reusable byte buffer.
 */
public final class TextLines implements AutoCloseable {
  /** Longest line accepted (1 MiB): a binary file has no line ends. */
  public static final int MAX_LINE_BYTES = 1 << 20;

  private final String source;
  private final InputStream in;
  private final CharsetDecoder utf8 =
      StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);
  private final byte[] chunk = new byte[1 << 16];
  private int chunkPos;
  private int chunkEnd;
  private byte[] buf = new byte[256];
  private int line;

  private TextLines(String source, InputStream in) {
    this.source = source;
    this.in = in;
  }

  /** Opens {@code file}; throws a one-line error when it cannot be read as a file. */
  public static TextLines open(Path file) {
    if (file == null || file.toString().isBlank()) {
      throw new FabriclabException("cannot read '': empty file name");
    }
    String name = IoErrors.printable(file.toString());
    try {
      if (Files.isDirectory(file)) {
        throw new FabriclabException("cannot read " + name + ": it is a folder, not a file");
      }
      return new TextLines(name, Files.newInputStream(file));
    } catch (IOException e) {
      throw IoErrors.cannotRead(file, e);
    } catch (InvalidPathException e) {
      throw IoErrors.invalidPath(file.toString(), e);
    }
  }

  /** Reads text already in memory (tests, stdin); {@code source} names it in messages. */
  public static TextLines of(String source, byte[] content) {
    return new TextLines(source, new java.io.ByteArrayInputStream(content));
  }

  /** The name used in messages. */
  public String source() {
    return source;
  }

  /** Number of the line last returned by {@link #next} (1-based). */
  public int lineNumber() {
    return line;
  }

  /** The next line without its line end, or {@code null} at the end of the file. */
  public String next() {
    int n = 0;
    int b;
    try {
      b = read();
      if (b < 0) {
        return null;
      }
      line++;
      while (b >= 0 && b != '\n') {
        if (b == 0) {
          if (line == 1 && n >= 2 && isUtf16Bom()) {
            throw error("UTF-16 text; save the file as UTF-8");
          }
          throw error("NUL byte: a binary or UTF-16 file? save it as UTF-8 text");
        }
        if (n == buf.length) {
          if (n >= MAX_LINE_BYTES) {
            throw error("line longer than " + MAX_LINE_BYTES + " bytes (not a text file?)");
          }
          buf = Arrays.copyOf(buf, n * 2);
        }
        buf[n++] = (byte) b;
        b = read();
      }
    } catch (IOException e) {
      throw new FabriclabException("cannot read " + source + ": " + IoErrors.reason(e), e);
    }
    if (n > 0 && buf[n - 1] == '\r') {
      n--;
    }
    int from = 0;
    if (line == 1 && n >= 2 && isUtf16Bom()) {
      throw error("UTF-16 text; save the file as UTF-8");
    }
    if (line == 1 && n >= 3 && (buf[0] & 0xff) == 0xef && (buf[1] & 0xff) == 0xbb
        && (buf[2] & 0xff) == 0xbf) {
      from = 3;
    }
    try {
      CharBuffer cb = utf8.reset().decode(ByteBuffer.wrap(buf, from, n - from));
      return cb.toString();
    } catch (CharacterCodingException e) {
      throw error("not valid UTF-8 text");
    }
  }

  private boolean isUtf16Bom() {
    int a = buf[0] & 0xff;
    int b = buf[1] & 0xff;
    return a == 0xfe && b == 0xff || a == 0xff && b == 0xfe;
  }

  private int read() throws IOException {
    if (chunkPos == chunkEnd) {
      int r = in.read(chunk);
      while (r == 0) {
        r = in.read(chunk);
      }
      if (r < 0) {
        return -1;
      }
      chunkPos = 0;
      chunkEnd = r;
    }
    return chunk[chunkPos++] & 0xff;
  }

  /** A content error at the current line: {@code malformed FILE: line N: problem}. */
  public MalformedInputException error(String problem) {
    return new MalformedInputException(source, "line " + line + ": " + problem);
  }

  @Override
  public void close() {
    try {
      in.close();
    } catch (IOException ignored) {
      // read-only
    }
  }
}
