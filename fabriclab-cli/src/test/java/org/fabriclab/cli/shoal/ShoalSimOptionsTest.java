package org.fabriclab.cli.shoal;

import static org.fabriclab.cli.CliRun.json;
import static org.fabriclab.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.cli.CliRun.Result;
import org.junit.jupiter.api.Test;

/**
 * {@code shoal sim}'s options: an option left out keeps its default, an
 * explicit value outside the range is refused with one line naming the option and the range; a
 * bad {@code --fail-component} names {@code --fail-component} and this rack's range. An 8-node
 * rack is a Clos of k = 4-port switches (N = k²/2): 4 leaves, 2 spines.
 */
class ShoalSimOptionsTest {
  private static String[] sim(String... more) {
    List<String> a = new ArrayList<>(List.of("shoal", "sim", "--nodes", "8", "--channels", "1"));
    a.addAll(List.of(more));
    return a.toArray(String[]::new);
  }

  private static void refusedWith(String[] args, String message) {
    Result r = run(args);
    assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo("fabriclab: error: " + message + System.lineSeparator());
  }

  @Test
  void explicitOutOfRangeCountsAreRefusedNotReplacedByTheDefault() {
    refusedWith(sim("--workload", "incast", "--senders", "0"), "invalid --senders = 0: valid range 1..7");
    refusedWith(sim("--workload", "incast", "--senders", "8"), "invalid --senders = 8: valid range 1..7");
    refusedWith(sim("--workload", "permutation", "--pairs", "0"), "invalid --pairs = 0: valid range 1..8");
    refusedWith(sim("--workload", "permutation", "--pairs", "-3"), "invalid --pairs = -3: valid range 1..8");
    refusedWith(sim("--workload", "incast", "--switch-ports", "0"),
        "invalid --switch-ports = 0: must be even, 2..2048 (omit it to derive k from --nodes)");
    refusedWith(sim("--workload", "poisson", "--workload-gbps", "0"),
        "invalid --workload-gbps = 0.0: must be in (0, 1e6] (omit it for --link-gbps)");
  }

  @Test
  void leftOutCountsKeepTheirDefaults() throws Exception {
    // incast: every node but the destination (7 senders); permutation: N = 8 pairs
    assertThat(json(sim("--workload", "incast", "--json")).get("flows")).hasSize(7);
    assertThat(json(sim("--workload", "permutation", "--json")).get("flows")).hasSize(8);
    assertThat(json(sim("--workload", "incast", "--senders", "3", "--json")).get("flows")).hasSize(3);
  }

  @Test
  void aBadFailedComponentNamesTheOptionAndTheRange() {
    String rack = " (8 nodes, 4 leaves, 2 spines)";
    refusedWith(sim("--workload", "poisson", "--fail-component", "leaf:99"),
        "invalid --fail-component = leaf:99: leaf L must be an integer in 0..3" + rack);
    refusedWith(sim("--workload", "poisson", "--fail-component", "spine:2"),
        "invalid --fail-component = spine:2: spine S must be an integer in 0..1" + rack);
    refusedWith(sim("--workload", "poisson", "--fail-component", "leaf-spine-link:3:2"),
        "invalid --fail-component = leaf-spine-link:3:2: spine S must be an integer in 0..1" + rack);
    refusedWith(sim("--workload", "poisson", "--fail-component", "node-leaf-link:8"),
        "invalid --fail-component = node-leaf-link:8: node I must be an integer in 0..7" + rack);
    refusedWith(sim("--workload", "poisson", "--fail-component", "leaf:x"),
        "invalid --fail-component = leaf:x: leaf L must be an integer in 0..3" + rack);
    refusedWith(sim("--workload", "poisson", "--fail-component", "switch:1"),
        "invalid --fail-component = switch:1: one of leaf:L, spine:S, leaf-spine-link:L:S or node-leaf-link:I");
  }

  @Test
  void theLargestIndicesAreAccepted() throws Exception {
    for (String c : new String[] {"leaf:3", "spine:1", "leaf-spine-link:3:1", "node-leaf-link:7"}) {
      Result r = run(sim("--workload", "poisson", "--flows", "20", "--fail-component", c, "--json"));
      assertThat(r.code()).as(c + ": " + r.err()).isZero();
      assertThat(json(r).get("completed").asInt()).as(c).isEqualTo(20);
    }
  }
}
