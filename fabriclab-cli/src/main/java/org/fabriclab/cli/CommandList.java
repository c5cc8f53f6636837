package org.fabriclab.cli;

import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;

/**
 * The "Commands:" section of every help page: each subcommand with the first
 * complete sentence of its description (picocli shows the first line, which is often cut in the
 * middle of a sentence). Installed on the whole tree by {@link Main#commandLine()}, so every
 * command's list obeys it without each command restating its summary.
 */
public final class CommandList {
  private CommandList() {}

  /** Installs the renderer on {@code cl} and all its subcommands. */
  static void install(CommandLine cl) {
    if (!cl.getSubcommands().isEmpty()) {
      cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST,
          CommandList::render);
    }
    for (CommandLine sub : cl.getSubcommands().values()) {
      install(sub);
    }
  }

  static String render(Help help) {
    Map<String, Help> subs = help.subcommands();
    if (subs.isEmpty()) {
      return "";
    }
    int nameWidth = 0;
    for (String name : subs.keySet()) {
      nameWidth = Math.max(nameWidth, name.length());
    }
    int width = help.commandSpec().usageMessage().width();
    int left = nameWidth + 4;
    TextTable t = TextTable.forColumns(help.colorScheme(),
        new Column(left, 2, Column.Overflow.SPAN),
        new Column(Math.max(20, width - left), 1, Column.Overflow.WRAP));
    for (Map.Entry<String, Help> e : subs.entrySet()) {
      String[] desc = e.getValue().commandSpec().usageMessage().header();
      if (desc.length == 0) {
        desc = e.getValue().commandSpec().usageMessage().description();
      }
      // a description is a format string (picocli formats it: %% is a per cent sign, %n a line break)
      String text = String.join(" ", desc).replace("%n", " ").replace("%%", "%");
      t.addRowValues(e.getKey(), firstSentence(text));
    }
    return t.toString();
  }

  /** {@code text} as a sentence: a capital first, a full stop last (a family's one-line summary). */
  public static String asSentence(String text) {
    String s = text.strip();
    if (s.isEmpty()) {
      return s;
    }
    s = capitalized(s);
    return s.endsWith(".") ? s : s + ".";
  }

  /**
   * The first sentence of a help text, ending with a full stop and starting with a capital: up to
   * the first full stop followed by a blank (not that of an abbreviation such as "et al." or
   * "e.g."), or the first blank line; a sentence that ends in a colon ends with a full stop.
   */
  public static String firstSentence(String text) {
    String s = text.strip();
    int blank = s.indexOf("\n\n");
    if (blank >= 0) {
      s = s.substring(0, blank);
    }
    s = s.replaceAll("\\s+", " ");
    int end = -1;
    for (int i = s.indexOf('.'); i >= 0; i = s.indexOf('.', i + 1)) {
      boolean atBreak = i + 1 == s.length() || s.charAt(i + 1) == ' ';
      if (atBreak && !abbreviation(s, i)) {
        end = i;
        break;
      }
    }
    String first = end < 0 ? s : s.substring(0, end);
    int examples = first.indexOf(" Examples:");
    if (examples >= 0) {
      first = first.substring(0, examples);
    }
    first = first.strip();
    while (first.endsWith(":") || first.endsWith(";") || first.endsWith(",")) {
      first = first.substring(0, first.length() - 1).strip();
    }
    if (first.isEmpty()) {
      return "";
    }
    return capitalized(first) + ".";
  }

  /**
   * A capital first letter when the text starts with a word (two or more lower-case letters before
   * a blank, hyphen or comma: "random", "two-stage"); a symbol such as the "k" of "k-ary" or the
   * "p,k" of "p,k-Shufflecast" is kept as it is.
   */
  private static String capitalized(String s) {
    int i = 0;
    while (i < s.length() && s.charAt(i) >= 'a' && s.charAt(i) <= 'z') {
      i++;
    }
    boolean word = i >= 2 && (i == s.length() || " -,".indexOf(s.charAt(i)) >= 0);
    return word ? s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1) : s;
  }

  private static boolean abbreviation(String s, int dot) {
    for (String a : new String[] {"al", "e.g", "i.e", "etc", "vs", "Fig", "cf"}) {
      if (dot >= a.length() && s.regionMatches(dot - a.length(), a, 0, a.length())
          && (dot == a.length() || !Character.isLetter(s.charAt(dot - a.length() - 1)))) {
        return true;
      }
    }
    return false;
  }
}
