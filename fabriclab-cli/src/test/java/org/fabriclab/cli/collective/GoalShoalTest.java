package org.fabriclab.cli.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.assertRefused;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code collective --goal FILE --engine slot --topo shoal}: a GOAL schedule's sends as Shoal cell
 * flows on the 8-node rack (seed 003 §3.2 Fig. 2 with §7.1's defaults: 4 channels, 23.25 ns slots,
 * 64 B cells with the 8 B header of Fig. 5, so 56 payload bytes a cell, no propagation), against
 * closed forms derived from the rack's schedule, and the same schedule on the packet and flow
 * engines.
 *
 * <p>The schedule (§3.2, §3.4): E = ⌈7/4⌉ = 2 slots per epoch; node i sends to i + 1, i + 3, i + 5,
 * i + 7 in epoch slot 0 (channels 0..3) and to i + 2, i + 4, i + 6 in epoch slot 1. A lone flow of
 * 7 cells from i to i + 1 that starts in an epoch's slot 0 sends cells 0..3 in that slot via
 * i + 1 (direct), i + 3, i + 5, i + 7 and cells 4..6 in the next slot via i + 2, i + 4, i + 6
 * (§3.3.1: spread over all N − 1 intermediates). A detoured cell is at its intermediate for the
 * following slot, which forwards it in its first slot to the destination from then on: i + 3,
 * i + 5, i + 7 reach i + 1 by shifts 6, 4, 2 (epoch slot 1: the slot right after), i + 2, i + 4,
 * i + 6 by shifts 7, 5, 3 (epoch slot 0: again the slot right after). So the last cells are home
 * at the end of the flow's third slot. A flow ends at the end of the slot that carries its last
 * cell home, plus the propagation (the {@code --propagation-ns} from a slot's end until the next
 * node has the cell).
 */
class GoalShoalTest {
  @TempDir Path dir;

  static final double SLOT_NS = 23.25;

  /**
   * Rank 0 sends one cell (56 B) to rank 1; rank 1, once it has it, computes for 23 ns and sends 7
   * cells (392 B) to rank 2.
   */
  static final String GOAL = String.join("\n",
      "num_ranks 3",
      "rank 0 {",
      "  s: send 56b to 1 tag 1",
      "}",
      "rank 1 {",
      "  r: recv 56b from 0 tag 1",
      "  c: calc 23",
      "  s: send 392b to 2 tag 2",
      "  c requires r",
      "  s requires c",
      "}",
      "rank 2 {",
      "  r: recv 392b from 1 tag 2",
      "}",
      "");

  private Path goal(String text) throws Exception {
    Path g = dir.resolve("t.goal");
    Files.writeString(g, text);
    return g;
  }

  private static long[] ends(JsonNode run) {
    JsonNode e = run.get("rankEndNs");
    long[] out = new long[e.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = e.get(i).asLong();
    }
    return out;
  }

  @Test
  void aChainOfSendsEndsAsTheRacksScheduleDerives() throws Exception {
    Path g = goal(GOAL);
    JsonNode run = CliRun.json("collective", "--goal", g.toString(), "--engine", "slot", "--topo", "shoal", "--nodes", "8",
        "--json").get("runs").get(0);
    assertThat(run.get("engine").asText()).isEqualTo("slot");
    // 0 → 1: one cell, direct in slot 0 (channel 0 carries shift 1): home at the end of slot 0
    double first = SLOT_NS;
    // rank 1's calc ends at 23.25 + 23 = 46.25 ns; its send starts in the first slot from then on,
    // slot ⌈46.25 / 23.25⌉ = 2, an epoch's slot 0; 1 → 2 is shift 1 as 0 → 1 (the schedule is the
    // same for every node up to rotation): 7 cells take slots 2..4
    double second = 2 * SLOT_NS + 3 * SLOT_NS;
    assertThat(ends(run)).containsExactly(Math.round(first), Math.round(second), Math.round(second));
    assertThat(run.get("jctNs").asLong()).isEqualTo(Math.round(second));
    // the cells' payload: 0 → 1 direct (4 links); of 1 → 2's 7 cells one is direct, 6 detour (8 links)
    assertThat(run.get("wireBytes").asLong()).isEqualTo(4 * 56 + 4 * 56 + 6 * 8 * 56);
    assertThat(run.get("drops").asLong()).isZero();
    // text: LogGOPSim's lines, in ns with the picoseconds
    CliRun.Result r = CliRun.run("collective", "--goal", g.toString(), "--engine", "slot", "--topo", "shoal",
        "--nodes", "8");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).isEqualTo("Host 0: 23.250\nHost 1: " + (long) second + ".250\nHost 2: " + (long) second
        + ".250\n");
  }

  @Test
  void oneCellTakesItsSlotAndThePropagation() throws Exception {
    // a lone direct cell between idle nodes: one slot, then the propagation to the receiver
    Path g = goal("num_ranks 2\nrank 0 {\n  send 40b to 1\n}\nrank 1 {\n  recv 40b from 0\n}\n");
    JsonNode run = CliRun.json("collective", "--goal", g.toString(), "--engine", "slot", "--topo", "shoal", "--nodes", "8",
        "--propagation-ns", "1000", "--json").get("runs").get(0);
    long end = Math.round(SLOT_NS + 1000);
    assertThat(ends(run)).containsExactly(end, end);
  }

  @Test
  void theSameScheduleOnEveryEngineGivesEachRanksEnd() throws Exception {
    Path g = goal(GOAL);
    List<long[]> byEngine = new ArrayList<>();
    for (String engine : List.of("packet", "flow", "slot")) {
      JsonNode run = CliRun.json("collective", "--goal", g.toString(), "--engine", engine, "--topo", "shoal",
          "--nodes", "8", "--json").get("runs").get(0);
      assertThat(run.get("ranks").asInt()).isEqualTo(3);
      long[] e = ends(run);
      // on every engine: rank 1's end is its send's, which is rank 2's receive; it comes after
      // rank 0's send has arrived and rank 1 has computed for 23 ns
      assertThat(e).hasSize(3);
      assertThat(e[1]).isEqualTo(e[2]);
      assertThat(e[1]).isGreaterThanOrEqualTo(e[0] + 23);
      byEngine.add(e);
    }
    // packet and flow engines (the rack's links as packet links: 25 Gb/s a channel, no
    // propagation; one packet stored and forwarded at every hop): 0 → 1 under one leaf is 2
    // links, one packet of 56 + 64 B: 2 × 38.4 ns; 1 → 2 crosses a spine, 4 links, one packet of
    // 392 + 64 B: 4 × 145.92 ns after 76.8 + 23 ns
    double hop1 = (56 + 64) * 8 / 25.0;
    double hop2 = (392 + 64) * 8 / 25.0;
    long[] stored = {Math.round(2 * hop1), Math.round(2 * hop1 + 23 + 4 * hop2), Math.round(2 * hop1 + 23 + 4 * hop2)};
    assertThat(byEngine.get(0)).containsExactly(stored);
    assertThat(byEngine.get(1)).containsExactly(stored);
    // the slot engine: the closed form of the test above
    assertThat(byEngine.get(2)).containsExactly(Math.round(SLOT_NS), Math.round(5 * SLOT_NS), Math.round(5 * SLOT_NS));
  }

  @Test
  void aFabricWithoutASlotEngineIsRefused() throws Exception {
    Path g = goal(GOAL);
    assertRefused(new String[] {"collective", "--goal", g.toString(), "--engine", "slot", "--topo", "fattree", "--k", "4"},
        "--engine slot runs a GOAL schedule on the fabric of a scheme with an engine of its own, not on fattree k=4");
  }
}
