package org.fabriclab.cli.run;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabriclab.error.FabriclabException;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Reads a YAML or JSON spec into a {@link SpecNode} tree with line numbers, using Jackson's
 * streaming parser (its token locations give the lines for both formats). A key given twice in
 * one map and a syntax error are reported as {@code file:line: message}. O(size of the file).
 */
public final class SpecParser {
  private SpecParser() {}

  /** Parses {@code file}; the format follows the extension ({@code .json}, else YAML). */
  public static SpecNode parse(Path file) {
    String text;
    try {
      text = utf8(Files.readAllBytes(file), file.toString());
    } catch (java.nio.file.NoSuchFileException e) {
      throw new FabriclabException(file + ": no such spec file");
    } catch (IOException e) {
      throw new FabriclabException(file + ": cannot read the spec: " + org.fabriclab.io.IoErrors.reason(e), e);
    }
    boolean json = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json");
    return parse(text, file.toString(), json);
  }

  /**
   * {@code bytes} decoded as UTF-8, or {@code source:line: not UTF-8 text: byte 0xNN at column C}
   * naming the first byte that is not (a spec saved as Latin-1, say).
   */
  static String utf8(byte[] bytes, String source) {
    java.nio.charset.CharsetDecoder d = java.nio.charset.StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
        .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
    java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes);
    java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length);
    java.nio.charset.CoderResult r = d.decode(in, out, true);
    if (!r.isError()) {
      r = d.flush(out);
    }
    if (r.isError()) {
      int at = in.position();
      int line = 1;
      int lineStart = 0;
      for (int i = 0; i < at; i++) {
        if (bytes[i] == '\n') {
          line++;
          lineStart = i + 1;
        }
      }
      throw new FabriclabException(String.format(Locale.ROOT,
          "%s:%d: not UTF-8 text: byte 0x%02X at column %d; save the spec as UTF-8",
          source, line, bytes[at] & 0xff, new String(bytes, lineStart, at - lineStart,
              java.nio.charset.StandardCharsets.UTF_8).length() + 1));
    }
    out.flip();
    return out.toString();
  }

  /** Parses spec text; {@code source} names it in messages. */
  public static SpecNode parse(String text, String source, boolean json) {
    JsonFactory f = json ? new JsonFactory() : new YAMLFactory();
    try (JsonParser p = f.createParser(text)) {
      JsonToken t = p.nextToken();
      if (t == null) {
        throw new FabriclabException(source + ":1" + ": " + "the spec is empty");
      }
      SpecNode root = read(p, source);
      if (p.nextToken() != null) {
        throw new FabriclabException(source + ":" + line(p) + ": " + "unexpected content after the spec");
      }
      if (root.kind() != SpecNode.Kind.MAP) {
        throw root.error("a spec is a map of keys (name, kind, topologies, ...), not " + root.describe());
      }
      return root;
    } catch (JsonProcessingException e) {
      throw new FabriclabException(json ? jsonError(e, source) : yamlError(e, source));
    } catch (IOException e) {
      throw new FabriclabException(source + ": " + "cannot read the spec: " + e.getMessage(), e);
    }
  }

  /** Jackson's position of a nested marker: {@code [Source: REDACTED (...); line: 1, column: 7]}. */
  private static final Pattern SOURCE_AT = Pattern.compile("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]");
  private static final Pattern UNCLOSED = Pattern.compile(
      "Unexpected end-of-input: expected close marker for (Object|Array) \\(start marker at line (\\d+), column (\\d+)\\)");

  /**
   * A JSON syntax error as {@code file:line: not valid JSON: what}, in the words of the problem and
   * without Jackson's source descriptions ({@code [Source: REDACTED ...]}): a truncated file names
   * the object or list left open and the line where it opened.
   */
  static String jsonError(JsonProcessingException e, String source) {
    int line = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getLineNr());
    String m = SOURCE_AT.matcher(e.getOriginalMessage()).replaceAll("line $1, column $2");
    m = m.replaceAll("\\[Source: [^\\]]*\\]", "").replace('\n', ' ').trim();
    m = org.fabriclab.io.JsonProblems.describe(m);
    Matcher u = UNCLOSED.matcher(m);
    if (u.matches()) {
      boolean object = u.group(1).equals("Object");
      m = "the file ends inside the " + (object ? "object" : "list") + " opened at line " + u.group(2)
          + ", column " + u.group(3) + " (a '" + (object ? "}" : "]") + "' is missing, or the file is cut short)";
    } else if (e.getLocation() != null && e.getLocation().getColumnNr() > 0) {
      m = "column " + e.getLocation().getColumnNr() + ": " + m;
    }
    return source + ":" + line + ": not valid JSON: " + m;
  }

  /**
   * A YAML syntax error as {@code file:line: not valid YAML: column C: problem}: the line of the
   * problem itself (SnakeYAML's problem mark; Jackson's location is the mark of its context, a
   * line earlier for a tab), without SnakeYAML's quoted excerpt of the file.
   */
  static String yamlError(JsonProcessingException e, String source) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof MarkedYAMLException y && y.getProblemMark() != null) {
        int line = y.getProblemMark().getLine() + 1;
        int column = y.getProblemMark().getColumn() + 1;
        String problem = y.getProblem() == null ? "" : y.getProblem().replace('\n', ' ').trim();
        if (problem.contains("\\t(TAB)")) {
          problem = "a tab character; YAML indents with spaces, not tabs";
        } else if (y.getContext() != null && y.getContextMark() != null) {
          problem += " (" + y.getContext().trim() + " at line " + (y.getContextMark().getLine() + 1) + ")";
        }
        return source + ":" + line + ": not valid YAML: column " + column + ": " + problem;
      }
    }
    int line = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getLineNr());
    return source + ":" + line + ": not valid YAML: " + e.getOriginalMessage().lines().findFirst().orElse("").trim();
  }

  private static int line(JsonParser p) {
    return Math.max(1, p.currentTokenLocation().getLineNr());
  }

  private static SpecNode read(JsonParser p, String source) throws IOException {
    JsonToken t = p.currentToken();
    int line = line(p);
    switch (t) {
      case START_OBJECT -> {
        LinkedHashMap<String, SpecNode> m = new LinkedHashMap<>();
        java.util.Map<String, Integer> keyLines = new java.util.HashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String key = p.currentName();
          int keyLine = line(p);
          p.nextToken();
          keyLines.put(key, keyLine);
          SpecNode v = read(p, source);
          if (m.put(key, v) != null) {
            throw new FabriclabException(source + ":" + keyLine + ": " + "key '" + key + "' given twice");
          }
        }
        return SpecNode.map(source, line, m, keyLines);
      }
      case START_ARRAY -> {
        List<SpecNode> l = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          l.add(read(p, source));
        }
        return SpecNode.list(source, line, l);
      }
      case VALUE_STRING -> {
        return SpecNode.scalar(SpecNode.Kind.STRING, source, line, p.getText());
      }
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
        return SpecNode.scalar(SpecNode.Kind.NUMBER, source, line, p.getText());
      }
      case VALUE_TRUE, VALUE_FALSE -> {
        return SpecNode.scalar(SpecNode.Kind.BOOLEAN, source, line, p.getText());
      }
      case VALUE_NULL -> {
        return SpecNode.scalar(SpecNode.Kind.NULL, source, line, "");
      }
      default -> throw new FabriclabException(source + ":" + line + ": " + "unsupported YAML content " + t);
    }
  }
}
