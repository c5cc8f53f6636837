package org.fabriclab.sim.collective.goal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.fabriclab.error.FabriclabException;
import org.fabriclab.io.IoErrors;

/**
 * The tokens of a GOAL text, read from a byte stream through one 64 KiB buffer: words ({@code
 * [A-Za-z][A-Za-z0-9_]*}), integers ({@code [0-9]+}, or {@code -1}, the format's wildcard), the
 * characters {@code : { }}, line ends ({@code \n} or {@code \r\n}) and the end of the input.
 * Comments ({@code // …} to the line end, {@code /* … *}{@code /} across lines) and blanks are
 * skipped. A word is kept in a reusable byte array, so no token allocates. O(bytes).
 */
final class GoalLexer {
  static final int EOF = 0;
  static final int NL = 1;
  static final int WORD = 2;
  static final int INT = 3;
  static final int COLON = 4;
  static final int OPEN = 5;
  static final int CLOSE = 6;

  private final String source;
  private final InputStream in;
  private final byte[] chunk = new byte[1 << 16];
  private int pos;
  private int end;
  private int pushedBack = -1;
  private int line = 1;
  private int tokenLine = 1;
  private byte[] word = new byte[32];
  private int wordLength;
  private long number;

  GoalLexer(String source, InputStream in) {
    this.source = source;
    this.in = in;
  }

  String source() {
    return source;
  }

  /** Line of the token last returned by {@link #next}. */
  int line() {
    return tokenLine;
  }

  byte[] word() {
    return word;
  }

  int wordLength() {
    return wordLength;
  }

  /** The current word as text (for messages and labels). */
  String wordText() {
    return new String(word, 0, wordLength, java.nio.charset.StandardCharsets.US_ASCII);
  }

  /** Whether the current word is {@code keyword} (ASCII, exact case). */
  boolean wordIs(byte[] keyword) {
    return Arrays.equals(word, 0, wordLength, keyword, 0, keyword.length);
  }

  /** Value of the current integer token. */
  long number() {
    return number;
  }

  GoalFormatException error(String problem) {
    return new GoalFormatException(source, tokenLine, problem);
  }

  /** Makes the next {@link #next} return {@code token} again (its text is still current). */
  void pushBack(int token) {
    pushedBack = token;
  }

  int next() {
    if (pushedBack >= 0) {
      int t = pushedBack;
      pushedBack = -1;
      return t;
    }
    for (;;) {
      int c = read();
      tokenLine = line;
      switch (c) {
        case -1:
          return EOF;
        case ' ', '\t', '\r':
          continue;
        case '\n':
          line++;
          return NL;
        case ':':
          return COLON;
        case '{':
          return OPEN;
        case '}':
          return CLOSE;
        case '/':
          if (!skipComment()) {
            throw error("unexpected '/' (comments are // … or /* … */)");
          }
          continue;
        case '-':
          if (peek() != '1') {
            throw error("unexpected '-' (only -1, the wildcard, is a negative number in GOAL)");
          }
          read();
          if (isDigit(peek())) {
            throw error("negative number: ranks, tags, sizes and times are 0 or more");
          }
          number = -1;
          return INT;
        default:
          if (isDigit(c)) {
            return readNumber(c);
          }
          if (isLetter(c)) {
            return readWord(c);
          }
          throw error("unexpected " + describe(c)
              + " (expected a word, a number, ':', '{', '}' or a line end)");
      }
    }
  }

  static String describe(int c) {
    return c >= 0x21 && c < 0x7f ? "'" + (char) c + "'" : String.format("byte 0x%02x", c);
  }

  private int readNumber(int first) {
    long v = first - '0';
    while (isDigit(peek())) {
      int d = read() - '0';
      if (v > (Long.MAX_VALUE - d) / 10) {
        throw error("number too large (at most " + Long.MAX_VALUE + ")");
      }
      v = v * 10 + d;
    }
    number = v;
    return INT;
  }

  private int readWord(int first) {
    wordLength = 0;
    int c = first;
    for (;;) {
      if (wordLength == word.length) {
        if (wordLength >= 1 << 16) {
          throw error("word longer than 65536 characters");
        }
        word = Arrays.copyOf(word, wordLength * 2);
      }
      word[wordLength++] = (byte) c;
      int p = peek();
      if (!(isLetter(p) || isDigit(p) || p == '_')) {
        return WORD;
      }
      c = read();
    }
  }

  /** After a '/': skips a comment and returns true, or returns false when none starts here. */
  private boolean skipComment() {
    int p = peek();
    if (p == '/') {
      while (peek() != '\n' && peek() != -1) {
        read();
      }
      return true;
    }
    if (p != '*') {
      return false;
    }
    read();
    int opened = line;
    int prev = 0;
    for (;;) {
      int c = read();
      if (c == -1) {
        throw new GoalFormatException(source, opened,
            "comment /* opened here is never closed by */");
      }
      if (c == '\n') {
        line++;
      }
      if (prev == '*' && c == '/') {
        return true;
      }
      prev = c;
    }
  }

  private static boolean isDigit(int c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isLetter(int c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
  }

  private int peek() {
    if (pos == end && !fill()) {
      return -1;
    }
    return chunk[pos] & 0xff;
  }

  private int read() {
    if (pos == end && !fill()) {
      return -1;
    }
    return chunk[pos++] & 0xff;
  }

  private boolean fill() {
    try {
      int r = in.read(chunk);
      while (r == 0) {
        r = in.read(chunk);
      }
      if (r < 0) {
        return false;
      }
      pos = 0;
      end = r;
      return true;
    } catch (IOException e) {
      throw new FabriclabException("cannot read " + source + ": " + IoErrors.reason(e), e);
    }
  }
}
