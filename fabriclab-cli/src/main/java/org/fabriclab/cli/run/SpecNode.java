package org.fabriclab.cli.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabriclab.error.FabriclabException;

/**
 * One node of a parsed spec file that remembers where it stood ({@code file:line}), so every
 * validation error can name the line: a map (keys in file order), a list or a scalar (its text
 * and whether it was written as a number, a string, a boolean or null).
 */
public final class SpecNode {
  /** What a node is. */
  public enum Kind { MAP, LIST, STRING, NUMBER, BOOLEAN, NULL }

  private final Kind kind;
  private final String source;
  private final int line;
  private final String text;
  private final Map<String, SpecNode> map;
  private final List<SpecNode> list;
  private final Map<String, Integer> keyLines;

  private SpecNode(Kind kind, String source, int line, String text, Map<String, SpecNode> map,
      List<SpecNode> list, Map<String, Integer> keyLines) {
    this.keyLines = keyLines;
    this.kind = kind;
    this.source = source;
    this.line = line;
    this.text = text;
    this.map = map;
    this.list = list;
  }

  static SpecNode scalar(Kind kind, String source, int line, String text) {
    return new SpecNode(kind, source, line, text, null, null, Map.of());
  }

  static SpecNode map(String source, int line, LinkedHashMap<String, SpecNode> m,
      Map<String, Integer> keyLines) {
    return new SpecNode(Kind.MAP, source, line, null, Collections.unmodifiableMap(m), null, Map.copyOf(keyLines));
  }

  static SpecNode list(String source, int line, List<SpecNode> l) {
    return new SpecNode(Kind.LIST, source, line, null, null, List.copyOf(l), Map.of());
  }

  public Kind kind() {
    return kind;
  }

  /** {@code file:line} of this node. */
  public String where() {
    return source + ":" + line;
  }

  public int line() {
    return line;
  }

  public boolean isScalar() {
    return map == null && list == null;
  }

  /** The scalar's text (null for maps and lists). */
  public String text() {
    return text;
  }

  /** The entries of a map node (empty for other kinds). */
  public Map<String, SpecNode> entries() {
    return map == null ? Map.of() : map;
  }

  /** The items of a list node (empty for other kinds). */
  public List<SpecNode> items() {
    return list == null ? List.of() : list;
  }

  /** A one-line error at this node: {@code file:line: message}. */
  public FabriclabException error(String message) {
    return new FabriclabException(where() + ": " + message);
  }

  /** A one-line error at the line of {@code key} in this map (the map's line if absent). */
  public FabriclabException keyError(String key, String message) {
    return new FabriclabException(source + ":" + keyLines.getOrDefault(key, line) + ": " + message);
  }

  /** The file name this node came from. */
  public String source() {
    return source;
  }

  /** Describes the kind for messages ("a list", "a number", …). */
  public String describe() {
    return switch (kind) {
      case MAP -> map.isEmpty() ? "an empty map" : "a map";
      case LIST -> list.isEmpty() ? "an empty list" : "a list";
      case STRING -> "the text '" + text + "'";
      case NUMBER -> "the number " + text;
      case BOOLEAN -> "the boolean " + text;
      case NULL -> "an empty value";
    };
  }
}
