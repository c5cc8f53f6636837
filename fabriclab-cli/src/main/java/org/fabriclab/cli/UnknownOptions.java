package org.fabriclab.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.error.Suggestions;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Messages for words a command does not know. An unknown option names the command it was given
 * to and, when the command takes a topology family ({@code --topo FAMILY}), that family, and
 * suggests the nearest valid name among the command's options and the family's parameters
 * ({@link Suggestions}): {@code unknown option '--flow' for 'fabriclab simulate' (nor a parameter
 * of topology fattree); did you mean --flows?}. An unknown command is refused with the valid ones
 * listed, also when {@code --help} follows it.
 */
final class UnknownOptions {
  private UnknownOptions() {}

  /**
   * Checks the parsed command chain before it runs: a word left unmatched by a command with
   * subcommands (picocli keeps it silently when help is requested) and, on a command that collects
   * the options it does not declare as topology parameters, a name that is no parameter of the
   * family {@code --topo} names.
   */
  static void check(ParseResult parsed) {
    for (ParseResult p = parsed; p != null; p = p.subcommand()) {
      CommandLine cl = p.commandSpec().commandLine();
      if (!p.commandSpec().subcommands().isEmpty() && !p.unmatched().isEmpty()) {
        throw new UnmatchedArgumentException(cl, new ArrayList<>(p.unmatched()));
      }
      if (!p.unmatched().isEmpty() && p.commandSpec().findOption("--topo") != null) {
        topologyParameters(cl, p.unmatched());
      }
    }
  }

  private static void topologyParameters(CommandLine cl, List<String> unmatched) {
    String family = topologyWord(cl.getCommandSpec());
    Set<String> params = family == null ? null : familyParameters(family);
    if (params == null) {
      return; // an unknown family is reported where it is built
    }
    // a family's parameter given with a file is reported where the file is read, and says so
    Set<String> elsewhere = isFile(family) ? anyFamilyParameters() : Set.of();
    for (String a : unmatched) {
      if (!a.startsWith("--") || a.length() < 3) {
        continue;
      }
      String name = a.substring(2);
      int eq = name.indexOf('=');
      if (eq >= 0) {
        name = name.substring(0, eq);
      }
      if (!params.contains(name) && !elsewhere.contains(name)) {
        throw new ParameterException(cl, unknownOption(cl.getCommandSpec(), "--" + name, family, params));
      }
    }
  }

  /**
   * The message of a picocli unmatched-argument error, or {@code null} to keep picocli's own: an
   * unknown command with the valid ones, an unknown option with the nearest valid name.
   */
  static String message(UnmatchedArgumentException u) {
    CommandLine cmd = u.getCommandLine();
    List<String> words = u.getUnmatched();
    if (words.isEmpty()) {
      return null;
    }
    if (!cmd.getSubcommands().isEmpty() && !words.get(0).startsWith("-")) {
      return "unknown command '" + words.get(0) + "'; valid: " + String.join(", ", cmd.getSubcommands().keySet());
    }
    for (String w : words) {
      if (w.startsWith("-") && w.length() > 1 && !isNumber(w)) {
        String name = w.startsWith("--") && w.indexOf('=') > 0 ? w.substring(0, w.indexOf('=')) : w;
        String family = topologyWord(cmd.getCommandSpec());
        Set<String> params = family == null ? null : familyParameters(family);
        return unknownOption(cmd.getCommandSpec(), name, params == null ? null : family, params == null ? Set.of() : params);
      }
    }
    return null;
  }

  /**
   * For a missing required option, the unknown-option message of the first option among
   * {@code args} after the command's name that the command does not know, or {@code null}: picocli
   * reports a missing option before an unknown one, yet the unknown one is often the missing one
   * mistyped ({@code --ouy DIR}). On a command that collects unknown options as topology
   * parameters, a parameter of any family is not reported (it may belong to the missing
   * {@code --topo}).
   */
  static String beforeMissing(CommandLine.MissingParameterException e, String[] args) {
    CommandLine cmd = e.getCommandLine();
    CommandSpec spec = cmd.getCommandSpec();
    if (spec.subcommands().size() > 0) {
      return null;
    }
    java.util.Deque<CommandLine> chain = new java.util.ArrayDeque<>();
    for (CommandLine c = cmd; c.getParent() != null; c = c.getParent()) {
      chain.push(c);
    }
    int start = 0;
    for (CommandLine c : chain) { // each command's name (or alias) in order, from the root down
      java.util.Set<String> names = new java.util.HashSet<>(java.util.Arrays.asList(c.getCommandSpec().aliases()));
      names.add(c.getCommandName());
      while (start < args.length && !names.contains(args[start])) {
        start++;
      }
      start++;
    }
    if (start > args.length) {
      return null;
    }
    Set<String> params = new java.util.HashSet<>(TopologyArgs.FILE_PARAMETERS);
    if (!spec.unmatchedArgsBindings().isEmpty()) {
      params.addAll(anyFamilyParameters()); // a family's parameter, for the --topo still missing
    }
    OptionSpec topo = spec.findOption("--topo");
    if (topo != null && topo.getValue() != null) {
      Object v = topo.getValue();
      for (Object t : v instanceof List<?> l ? l : List.of(v)) {
        Set<String> p = t instanceof String s && !s.isBlank() ? familyParameters(s.strip().split("\\s+", 2)[0]) : null;
        if (p != null) {
          params.addAll(p);
        }
      }
    }
    for (int i = start; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--")) {
        return null;
      }
      if (!a.startsWith("--") || a.length() < 3) {
        continue;
      }
      String name = a.indexOf('=') > 0 ? a.substring(0, a.indexOf('=')) : a;
      if (spec.findOption(name) == null && !params.contains(name.substring(2))) {
        String family = topologyWord(spec);
        Set<String> fp = family == null ? null : familyParameters(family);
        return unknownOption(spec, name, fp == null ? null : family, fp == null ? Set.of() : fp);
      }
    }
    return null;
  }

  private static boolean isNumber(String w) {
    try {
      org.fabriclab.units.AsciiNumbers.parseDouble(w);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static String unknownOption(CommandSpec spec, String name, String family, Set<String> params) {
    Map<String, String> candidates = new LinkedHashMap<>(); // name without dashes -> as written
    for (OptionSpec o : spec.options()) {
      if (!o.hidden()) {
        for (String n : o.names()) {
          candidates.putIfAbsent(n.replaceFirst("^-+", ""), n);
        }
      }
    }
    for (String p : params) {
      candidates.putIfAbsent(p, "--" + p);
    }
    List<String> near = Suggestions.nearest(name.replaceFirst("^-+", ""), candidates.keySet());
    String hint = Suggestions.didYouMean(near.stream().map(candidates::get).toList());
    return "unknown option '" + name + "' for '" + spec.qualifiedName(" ") + "'"
        + (family == null ? "" : " (nor a parameter of topology "
            + (isFile(family) ? "file " : "") + family + ")")
        + (hint.isEmpty() ? "" : "; " + hint);
  }

  /** The family or file the command's {@code --topo} names (the last one given), or {@code null}. */
  private static String topologyWord(CommandSpec spec) {
    OptionSpec topo = spec.findOption("--topo");
    if (topo == null) {
      return null;
    }
    Object v = topo.getValue();
    if (v instanceof List<?> list) {
      v = list.isEmpty() ? null : list.get(list.size() - 1);
    }
    if (!(v instanceof String s) || s.isBlank()) {
      return null;
    }
    return s.strip().split("\\s+", 2)[0];
  }

  private static boolean isFile(String word) {
    try {
      return java.nio.file.Files.isRegularFile(Path.of(word));
    } catch (java.nio.file.InvalidPathException e) {
      return false;
    }
  }

  private static Set<String> anyFamilyParameters() {
    Set<String> names = new java.util.HashSet<>();
    for (org.fabriclab.topology.TopologyFamily f : org.fabriclab.topology.TopologyFamilies.load().all()) {
      org.fabriclab.topology.TopologyFamilies.allParameters(f).forEach(p -> names.add(p.name()));
    }
    return names;
  }

  /** The parameter names of {@code family} (or a file's import defaults), or {@code null} when it is neither. */
  private static Set<String> familyParameters(String family) {
    try {
      return TopologyArgs.parameterNames(family, Path.of("").toAbsolutePath());
    } catch (InvalidParameterException | java.nio.file.InvalidPathException e) {
      return null;
    }
  }
}
