package org.fabriclab.cli.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.assertRefused;

import com.fasterxml.jackson.databind.JsonNode;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;

/**
 * {@code fabriclab collective --scheme shoal --engine slot --topo shoal}: the Shoal rack (seed 003
 * §3, §7.1) as one more fabric of the collective command, and its refused pairings.
 */
class ShoalCollectiveCliTest {
  @Test
  void aTwoRankBroadcastOnTheEightNodeRack() throws Exception {
    // one transfer 0 → 1 of 1 MiB = 18725 cells of 56 B payload; with 4 channels (E = 2 slots) a
    // lone flow's 7 subflows carry one cell each per 4 slots and the last cell (7·2674 + 6, via
    // node 6 in slot 4·2674 + 1) is forwarded home in the next epoch slot 0: 10699 slots of
    // 23.25 ns (§7.1). 2675 cells go direct (4 links), the others detour (8 links).
    JsonNode j = CliRun.json("collective", "--op", "broadcast", "--ranks", "2", "--size", "1MiB", "--scheme", "shoal",
        "--engine", "slot", "--topo", "shoal", "--nodes", "8", "--json", "--no-progress");
    JsonNode r = j.get("runs").get(0);
    assertThat(r.get("engine").asText()).isEqualTo("slot");
    assertThat(r.get("transport").isNull()).isTrue();
    assertThat(r.get("jctNs").asLong()).isEqualTo((10_699 * 23_250L + 500) / 1000);
    assertThat(r.get("wireBytes").asLong()).isEqualTo(4 * (2L * (1 << 20) - 2675 * 56));
    assertThat(r.get("drops").asLong()).isZero();
    assertThat(r.get("maxQueueBytes").asLong()).isEqualTo(64);
  }

  @Test
  void aPatternRunsItsPartsOnTheRack() throws Exception {
    // replicate to one server is one transfer 0 → 1: the 10699 slots of the two-rank broadcast
    JsonNode r = CliRun.json("collective", "--op", "replicate", "--replicas", "1", "--size", "1MiB", "--scheme", "shoal",
        "--engine", "slot", "--topo", "shoal", "--nodes", "8", "--json", "--no-progress").get("runs").get(0);
    assertThat(r.get("op").asText()).isEqualTo("replicate");
    assertThat(r.get("jctNs").asLong()).isEqualTo((10_699 * 23_250L + 500) / 1000);
    assertThat(r.get("wireBytes").asLong()).isEqualTo(4 * (2L * (1 << 20) - 2675 * 56));
  }

  @Test
  void shoalOnAFatTreeIsRefusedInOneLine() {
    assertRefused(new String[] {"collective", "--op", "allreduce", "--ranks", "8", "--scheme", "shoal", "--engine", "slot",
        "--topo", "fattree", "--k", "4", "--no-progress"}, "Shoal rack (--topo shoal)");
  }

  @Test
  void otherEnginesAndSchemesAreRefusedInOneLine() {
    assertRefused(new String[] {"collective", "--op", "allreduce", "--ranks", "8", "--scheme", "shoal", "--engine", "flow",
        "--topo", "shoal", "--nodes", "8", "--no-progress"}, "slot engine only");
    assertRefused(new String[] {"collective", "--op", "allreduce", "--ranks", "8", "--scheme", "ring", "--engine", "slot",
        "--topo", "shoal", "--nodes", "8", "--no-progress"}, "not slot");
    assertRefused(new String[] {"collective", "--op", "allreduce", "--engine", "warp", "--no-progress"},
        "valid: packet, flow, slot");
    assertRefused(new String[] {"collective", "--op", "allreduce", "--scheme", "shoal", "--engine", "slot", "--topo",
        "shoal", "--nodes", "10", "--no-progress"}, "--nodes");
  }
}
