package org.fabriclab.cli.shufflecast;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.fabriclab.shufflecast.ShufflecastTopology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab shufflecast routes|relays|concurrent|failure|cost}: the analytical side of
 * Shufflecast (seed 000_9b2589b0d55d7b52.txt). A readable table by default, one JSON object with
 * {@code --json}. ToR ids are the decimal logical ids of §III-A1.
 */
@Command(
    name = "shufflecast",
    mixinStandardHelpOptions = true,
    description = {
      "Shufflecast optical-splitter multicast fabric (Shufflecast paper, IEEE/ACM ToN 2022): Algorithm 1 routes",
      "and relay sets, concurrent multicast shares (Lemma 3), relay failures and",
      "Algorithm 2 recovery, power and cost (§VI-A).",
      "",
      "Examples:",
      "  fabriclab shufflecast routes --p 2 --k 2 --source 0",
      "  fabriclab shufflecast relays --p 4 --k 4 --json",
      "  fabriclab shufflecast concurrent --p 2 --k 2 --sources 0,3",
      "  fabriclab shufflecast failure --p 2 --k 3 --failed 8 --recover",
      "  fabriclab shufflecast cost --tors 1024 --switch-ports 32 --rate 100",
      "  fabriclab shufflecast multicast --p 2 --k 2 --size 200000000 --groups 1 --json"
    },
    subcommands = {
      RoutesCommand.class,
      RelaysCommand.class,
      ConcurrentCommand.class,
      FailureCommand.class,
      CostCommand.class,
      BenchCommand.class,
      MulticastCommand.class
    })
public final class ShufflecastCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(), "missing subcommand (routes, relays, concurrent, failure, cost, bench, multicast)");
  }

  /** The instance options shared by the routing subcommands. */
  static final class Instance {
    @Option(names = "--p", required = true, description = "splitter fan-out, >= 2")
    int p;

    @Option(names = "--k", required = true, description = "columns, >= 1 (k·p^k ToRs)")
    int k;

    @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

    ShufflecastTopology topology() {
      return new ShufflecastTopology(p, k);
    }
  }

  static String ids(int[] a) {
    return Arrays.stream(a).mapToObj(Integer::toString).collect(Collectors.joining(","));
  }

  static String path(int[] a) {
    return Arrays.stream(a).mapToObj(Integer::toString).collect(Collectors.joining(" -> "));
  }
}
