package org.fabriclab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.assertRefused;

import java.util.ArrayList;
import java.util.List;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Unknown options name the command they were given to and the nearest valid name; unknown
 * commands are refused with the valid ones listed, with or without {@code --help}.
 */
class UnknownOptionsTest {
  private static String[] a(String line) {
    return line.split(" ");
  }

  @Test
  void simulateNamesItselfTheFamilyAndTheNearestOption() {
    assertRefused(a("simulate --flow 100"), "fabriclab: error: unknown option '--flow' for 'fabriclab simulate'"
        + " (nor a parameter of topology fattree); did you mean --flows?");
    assertRefused(a("simulate --topo jellyfish --swiches 8 --workload poisson"),
        "unknown option '--swiches' for 'fabriclab simulate' (nor a parameter of topology jellyfish);"
            + " did you mean --switches?");
    assertRefused(a("simulate --trasnport ndp --workload poisson"), "did you mean --transport?");
    assertRefused(a("simulate --topo fattree --k 4 --flowz=3 --workload poisson"), "'--flowz'");
  }

  @Test
  void aNameUnlikeEveryOptionGetsNoGuess() {
    Result r = CliRun.run(a("simulate --zzzzzzzzzz 1 --workload poisson"));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("unknown option '--zzzzzzzzzz' for 'fabriclab simulate'")
        .doesNotContain("did you mean");
  }

  @Test
  void picocliCommandsNameThemselvesAndTheNearestOption() {
    assertRefused(a("topo fattree --kk 4"), "unknown option '--kk' for 'fabriclab topo fattree'; did you mean --k?");
    assertRefused(a("topo fattree --k 4 --link-gbs 40"), "did you mean --link-gbps?");
    assertRefused(a("analyze throughput --topo fattree --k 4 --trafic broadcast"),
        "unknown option '--trafic' for 'fabriclab analyze throughput' (nor a parameter of topology fattree);"
            + " did you mean --traffic?");
    assertRefused(a("compare --topo fattree --kk 4 --out x"),
        "unknown option '--kk' for 'fabriclab compare' (nor a parameter of topology fattree); did you mean --k?");
    assertRefused(a("compare --topo fattree --k 4 --flowz 3 --out x"), "did you mean --flows?");
  }

  @Test
  void anUnknownOptionIsReportedBeforeAMissingRequiredOne() {
    // --out is required; the user typed it wrong
    assertRefused(a("compare --topo fattree --k 4 --ouy x"),
        "unknown option '--ouy' for 'fabriclab compare' (nor a parameter of topology fattree); did you mean --out?");
    assertRefused(a("shufflecast multicast --szie 3"),
        "unknown option '--szie' for 'fabriclab shufflecast multicast'; did you mean --size?");
  }

  @Test
  void everyCommandNamesItselfForAnUnknownOption() {
    List<String> problems = new ArrayList<>();
    for (List<String> path : HelpAndVersionTest.commandPaths()) {
      List<String> args = new ArrayList<>(path);
      args.add("--no-such-option-anywhere");
      Result r = CliRun.run(args.toArray(String[]::new));
      String name = ("fabriclab " + String.join(" ", path)).strip();
      String expected = "unknown option '--no-such-option-anywhere' for '" + name + "'";
      if (r.code() != 2 || !r.err().contains(expected) || r.err().strip().lines().count() != 1) {
        problems.add(name + ": exit " + r.code() + ", " + r.err().strip());
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void anUnknownCommandIsRefusedAlsoWithHelp() {
    String valid = "valid: topo, analyze, simulate";
    assertRefused(a("nosuch"), "unknown command 'nosuch'; " + valid);
    assertRefused(a("nosuch --help"), "unknown command 'nosuch'; " + valid);
    assertRefused(a("--help nosuch"), "unknown command 'nosuch'; " + valid);
    assertRefused(a("gleam nosuch --help"), "unknown command 'nosuch'; valid: table, bcast, hpl");
    assertRefused(a("topo nosuch -h"), "unknown command 'nosuch'; valid: ");
  }

  @Test
  void everyCommandWithSubcommandsRefusesAnUnknownOneWithHelp() {
    List<String> problems = new ArrayList<>();
    CommandLine root = Main.commandLine();
    for (List<String> path : HelpAndVersionTest.commandPaths()) {
      CommandLine c = root;
      for (String p : path) {
        c = c.getSubcommands().get(p);
      }
      if (c.getSubcommands().isEmpty()) {
        continue;
      }
      List<String> args = new ArrayList<>(path);
      args.add("nosuch");
      args.add("--help");
      Result r = CliRun.run(args.toArray(String[]::new));
      if (r.code() != 2 || !r.out().isEmpty() || !r.err().contains("unknown command 'nosuch'; valid: ")) {
        problems.add(String.join(" ", args) + ": exit " + r.code() + ", " + r.err().strip());
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void helpOfAKnownCommandStillWorks() {
    Result r = CliRun.run(a("gleam bcast --help"));
    assertThat(r.code()).isZero();
    assertThat(r.out()).startsWith("Usage:");
  }
}
