package org.fabriclab.io;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one translation of Jackson's parser messages into the words of the problem, for every JSON
 * reader of fabriclab (specs, node-link JSON, edge lists, result files): Jackson names the Java
 * switch that would accept the input ({@code enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to
 * allow}) or the Java limit that refused it ({@code from `StreamReadConstraints.getMaxNumberLength()`}),
 * which says nothing to a person writing a file. Each rule below replaces one such message by what
 * the file should hold instead; what no rule knows is kept with its Java names removed. Stateless.
 */
public final class JsonProblems {
  private record Rule(Pattern pattern, String replacement) {}

  private static final List<Rule> RULES = List.of(
      rule("Non-standard token '(NaN|[+-]?Infinity|INF|-INF)'.*",
          "'$1' is not a JSON number: JSON has no NaN or infinity, write a finite number"),
      rule("Non-standard token '([^']*)'.*", "'$1' is not JSON"),
      rule("Unexpected character \\('/' \\(code 47\\)\\): maybe a \\(non-standard\\) comment\\?.*",
          "a comment: JSON has no comments (YAML specs do, with #)"),
      rule("Unexpected character \\('#' \\(code 35\\)\\).*",
          "a comment: JSON has no comments (YAML specs do, with #)"),
      rule("Unexpected character \\('''.*", "a single quote: JSON strings and keys take double quotes"),
      rule(".*Number value length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*",
          "a number of $1 digits; at most $2"),
      rule(".*String value length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*",
          "a string of $1 characters; at most $2"),
      rule(".*Name length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*",
          "a key of $1 characters; at most $2"),
      rule(".*nesting depth \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*",
          "lists and objects nested $1 deep; at most $2"),
      rule("Document length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*",
          "a file of $1 bytes; at most $2"),
      rule("Invalid numeric value: Leading zeroes not allowed.*",
          "a number with a leading zero (write 7, not 07)"),
      rule("Unexpected character \\('([^']*)' \\(code \\d+\\)\\): was expecting double-quote to start field name.*",
          "'$1' where a key in double quotes belongs (a trailing comma?)"),
      rule("Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\).*",
          "a control character (code $1) inside a string: escape it (\\\\n, \\\\t)"));

  /** A backticked Java name and the phrase around it: {@code enable `X` to allow}, {@code , from `X`}. */
  private static final Pattern BACKTICKED = Pattern.compile(
      ":? ?(?:enable|disable) `[^`]*`(?: to allow)?|,? ?from `[^`]*`|\\(?Feature '[A-Z_]+' [^)]*\\)?|`[^`]*`");

  private JsonProblems() {}

  private static Rule rule(String regex, String replacement) {
    return new Rule(Pattern.compile(regex, Pattern.DOTALL), replacement);
  }

  /**
   * {@code message} (Jackson's {@code getOriginalMessage()}) on one line, in the words of the
   * problem and without any Java name.
   */
  public static String describe(String message) {
    if (message == null || message.isBlank()) {
      return "not valid JSON";
    }
    String one = message.replaceAll("\\s+", " ").trim();
    for (Rule r : RULES) {
      Matcher m = r.pattern().matcher(one);
      if (m.matches()) {
        return m.replaceFirst(r.replacement());
      }
    }
    String out = BACKTICKED.matcher(one).replaceAll("").replaceAll("\\(\\s*\\)", "");
    return IoErrors.clean(out.replaceAll("\\s+", " ").replaceAll("\\s+([,.;:)])", "$1").trim());
  }

  /** Whether {@code s} still shows one of Jackson's Java names (what tests assert never happens). */
  public static boolean mentionsJava(String s) {
    return s != null && (s.contains("`") || s.matches("(?s).*\\b[A-Z]+_[A-Z_]+\\b.*")
        || s.contains("StreamReadConstraints") || s.contains("JsonReadFeature") || s.contains("Feature '")
        || IoErrors.mentionsJavaClass(s));
  }
}
