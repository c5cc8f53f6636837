package org.fabriclab.cli.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.assertRefused;

import com.fasterxml.jackson.databind.JsonNode;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;

/**
 * {@code fabriclab collective --op hpl|replicate|shuffle}: the patterns composed over the schemes
 * named, their bytes on the wire counted link by link on a fat-tree, and bad input.
 */
class CollectivePatternTest {
  private static final long MIB = 1 << 20;

  @Test
  void replicationToThreeServersByUnicastChainAndMulticast() throws Exception {
    // fat-tree k=4, client host 0, servers 1..3: host 1 under the same edge switch (2 links),
    // hosts 2 and 3 in the same pod (4 links each)
    JsonNode runs = CliRun.json("collective", "--op", "replicate", "--replicas", "3", "--size", "1MiB",
        "--scheme", "flat,chain,ipmulticast", "--engine", "flow", "--json", "--no-progress").get("runs");
    assertThat(runs.size()).isEqualTo(3);
    assertThat(runs.get(0).get("op").asText()).isEqualTo("replicate");
    assertThat(runs.get(0).get("ranks").asInt()).isEqualTo(4);
    assertThat(runs.get(0).get("wireBytes").asLong()).isEqualTo((2 + 4 + 4) * MIB);
    // chain 0 -> 1 -> 2 -> 3: 2 + 4 + 2 links
    assertThat(runs.get(1).get("wireBytes").asLong()).isEqualTo((2 + 4 + 2) * MIB);
    // the multicast tree: host 0's uplink, edge -> host 1, edge -> agg, agg -> edge', edge' -> 2, 3
    assertThat(runs.get(2).get("wireBytes").asLong()).isEqualTo(6 * MIB);
  }

  @Test
  void hplRanksFollowTheGridAndShuffleItsMappersAndReducers() throws Exception {
    JsonNode hpl = CliRun.json("collective", "--op", "hpl", "--grid", "2x2", "--size", "64KiB",
        "--scheme", "chain", "--engine", "flow", "--json", "--no-progress").get("runs").get(0);
    assertThat(hpl.get("ranks").asInt()).isEqualTo(4);
    // rows {0,1} and {2,3} share an edge switch (2 links a hop); columns {0,2}, {1,3} span the pod (4)
    assertThat(hpl.get("wireBytes").asLong()).isEqualTo((2 + 2 + 4 + 4) * 65536L);
    JsonNode sh = CliRun.json("collective", "--op", "shuffle", "--mappers", "2", "--reducers", "2",
        "--size", "64KiB", "--scheme", "flat", "--engine", "flow", "--json", "--no-progress").get("runs").get(0);
    assertThat(sh.get("ranks").asInt()).isEqualTo(4);
    // mappers 0, 1 and reducers 2, 3: every partition of 32 KiB crosses 4 links
    assertThat(sh.get("wireBytes").asLong()).isEqualTo(4 * 4 * 32768L);
  }

  @Test
  void multicastGroupsAreDisjointRuns() throws Exception {
    // two groups of 8 on fat-tree k=4 (2 hosts per edge switch, 4 per pod): group 0 hosts 0..7 from
    // host 0, group 1 hosts 8..15 from host 8; unicast copies cross 2 links to the edge
    // neighbour, 4 inside the pod and 6 to the other pod: 2 + 2·4 + 4·6 = 34 links per group
    JsonNode run = CliRun.json("collective", "--op", "multicast", "--groups", "2", "--group-size", "8",
        "--size", "64KiB", "--scheme", "flat", "--engine", "flow", "--json", "--no-progress").get("runs").get(0);
    assertThat(run.get("ranks").asInt()).isEqualTo(16);
    assertThat(run.get("wireBytes").asLong()).isEqualTo(2 * 34 * 65536L);
    // both groups are alike on the fabric: rank i of group 1 ends with rank i of group 0
    JsonNode ends = run.get("rankEndNs");
    for (int i = 0; i < 8; i++) {
      assertThat(ends.get(8 + i).asLong()).isEqualTo(ends.get(i).asLong());
    }
  }

  @Test
  void badPatternInputIsOneLine() {
    assertRefused(new String[] {"collective", "--op", "multicast", "--groups", "40", "--size", "1MiB"},
        "--op multicast needs 640 ranks (--groups x --group-size), more than the 16 hosts of fattree k=4");
    assertRefused(new String[] {"collective", "--op", "multicast", "--group-size", "1"}, "valid range 2..1048576");
    assertRefused(new String[] {"collective", "--op", "broadcast", "--groups", "2"}, "--groups applies to --op multicast only");
    assertRefused(new String[] {"collective", "--op", "hpl", "--ranks", "8"}, "--ranks does not apply to --op hpl");
    assertRefused(new String[] {"collective", "--op", "hpl", "--grid", "4by4"}, "invalid --grid = 4by4");
    assertRefused(new String[] {"collective", "--op", "hpl", "--grid", "1x1"}, "at least 2 ranks");
    assertRefused(new String[] {"collective", "--op", "broadcast", "--replicas", "3"},
        "--replicas applies to --op replicate only");
    assertRefused(new String[] {"collective", "--op", "shuffle", "--reducers", "3", "--size", "1MiB"},
        "a multiple of --reducers (3)");
    assertRefused(new String[] {"collective", "--op", "hpl", "--scheme", "ring"}, "does not implement broadcast");
  }
}
