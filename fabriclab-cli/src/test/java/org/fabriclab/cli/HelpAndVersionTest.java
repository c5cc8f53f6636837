package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code --help} and {@code --version} on every command of the tree, found by walking picocli's
 * command tree (so a new command is covered without being listed here): help prints without a
 * picocli warning (an unescaped {@code %} in a description), without a stray
 * {@code %%} and without calling a paper a "seed" (item 17); {@code -V} and {@code --version} print
 * the version that {@code fabriclab --version} prints (item 16).
 */
class HelpAndVersionTest {
  /** "seed 002", "seed 003 §5": how the papers were once named; users read a random seed. */
  private static final Pattern PAPER_AS_SEED = Pattern.compile("\\bseed \\d{3}\\b");

  /** The argument prefix of every command: [] for fabriclab itself, [shoal, power], ... */
  static List<List<String>> commandPaths() {
    List<List<String>> paths = new ArrayList<>();
    walk(Main.commandLine(), new ArrayList<>(), paths);
    return paths;
  }

  private static void walk(CommandLine cl, List<String> path, List<List<String>> paths) {
    paths.add(List.copyOf(path));
    for (var e : cl.getSubcommands().entrySet()) {
      if (!e.getValue().getCommandName().equals(e.getKey())) {
        continue; // an alias: the command itself is walked under its name
      }
      path.add(e.getKey());
      walk(e.getValue(), path, paths);
      path.remove(path.size() - 1);
    }
  }

  private static String[] args(List<String> path, String option) {
    List<String> a = new ArrayList<>(path);
    a.add(option);
    return a.toArray(String[]::new);
  }

  @Test
  void theWalkReachesTheNestedCommands() {
    List<String> names = commandPaths().stream().map(p -> String.join(" ", p)).toList();
    assertThat(names).contains("", "simulate", "topo", "topo fattree", "shoal power", "shoal sim",
        "gleam bcast", "shufflecast multicast", "incast tree", "reproduce");
  }

  @Test
  void everyHelpPrintsWithoutAPicocliWarning() {
    PrintStream saved = System.err;
    List<String> problems = new ArrayList<>();
    try {
      for (List<String> path : commandPaths()) {
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        Result r = CliRun.run(args(path, "--help"));
        System.err.flush();
        String tracer = stderr.toString(StandardCharsets.UTF_8);
        String name = "fabriclab " + String.join(" ", path) + " --help";
        if (r.code() != 0 || !r.out().startsWith("Usage:") || !r.err().isEmpty()) {
          problems.add(name + ": exit " + r.code() + ", stderr " + r.err().strip());
        }
        if (tracer.contains("[picocli WARN]") || r.err().contains("[picocli WARN]")) {
          problems.add(name + ": " + (tracer + r.err()).strip());
        }
        if (r.out().contains("%%")) {
          problems.add(name + ": prints '%%'");
        }
        if (PAPER_AS_SEED.matcher(r.out()).find()) {
          problems.add(name + ": names a paper 'seed NNN'");
        }
      }
    } finally {
      System.setErr(saved);
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void everyCommandPrintsTheVersion() {
    Result root = CliRun.run("--version");
    assertThat(root.code()).isZero();
    String first = root.out().lines().findFirst().orElse("");
    assertThat(first).matches("fabriclab \\S+");
    List<String> problems = new ArrayList<>();
    for (List<String> path : commandPaths()) {
      for (String option : new String[] {"--version", "-V"}) {
        Result r = CliRun.run(args(path, option));
        if (r.code() != 0 || !r.out().equals(root.out()) || !r.err().isEmpty()) {
          problems.add("fabriclab " + String.join(" ", path) + " " + option + ": exit " + r.code()
              + ", printed '" + r.out().strip() + "'" + r.err().strip());
        }
      }
    }
    assertThat(problems).isEmpty();
  }
}
