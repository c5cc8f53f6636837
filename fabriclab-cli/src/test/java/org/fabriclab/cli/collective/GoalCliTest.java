package org.fabriclab.cli.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fabriclab.cli.CliRun.assertRefused;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code collective --goal} and {@code --export-goal}: a built-in schedule through GOAL and back. */
class GoalCliTest {
  @Test
  void anExportedScheduleRunsToTheSameRankEnds(@TempDir Path dir) throws Exception {
    Path g = dir.resolve("ring.goal");
    for (String engine : new String[] {"flow", "packet"}) {
      JsonNode direct = CliRun.json("collective", "--op", "allreduce", "--ranks", "8", "--size", "64KiB",
          "--scheme", "ring", "--engine", engine, "--export-goal", g.toString(), "--json", "--no-progress");
      assertThat(Files.readString(g)).startsWith("// ").contains("num_ranks 8");
      JsonNode viaGoal = CliRun.json("collective", "--goal", g.toString(), "--engine", engine, "--json");
      // the same DAG on the same hosts: on the flow engine every rank ends at the same time; at
      // packet level the GOAL reader numbers the transfers in another (topological) order, so
      // queue pairs and simultaneous events are ordered differently: within 0.1 %
      JsonNode a = viaGoal.get("runs").get(0).get("rankEndNs");
      JsonNode b = direct.get("runs").get(0).get("rankEndNs");
      for (int r = 0; r < 8; r++) {
        if (engine.equals("flow")) {
          assertThat(a.get(r).asLong()).isEqualTo(b.get(r).asLong());
        } else {
          assertThat((double) a.get(r).asLong()).isCloseTo(b.get(r).asLong(),
              org.assertj.core.api.Assertions.within(1e-3 * b.get(r).asLong()));
        }
      }
      assertThat(viaGoal.get("runs").get(0).get("wireBytes")).isEqualTo(direct.get("runs").get(0).get("wireBytes"));
    }
  }

  @Test
  void textOutputIsLogGopSimsHostLines(@TempDir Path dir) throws Exception {
    Path g = dir.resolve("two.goal");
    Files.writeString(g, "num_ranks 2\nrank 0 {\nl1: send 1024b to 1\n}\nrank 1 {\nl2: recv 1024b from 0\n}\n");
    CliRun.Result r = CliRun.run("collective", "--goal", g.toString(), "--engine", "flow",
        "--topo", "fattree", "--k", "4");
    assertThat(r.code()).as(r.err()).isZero();
    // hosts 0 and 1 share an edge switch: two 1 us links, 1088 B at 10 Gb/s once on the wire and
    // once stored and forwarded at the switch: 2000 + 2 x 870.4 ns
    assertThat(r.out()).isEqualTo("Host 0: 3740.800\nHost 1: 3740.800\n");
  }

  @Test
  void badGoalInputIsOneLine(@TempDir Path dir) throws Exception {
    Path g = dir.resolve("bad.goal");
    Files.writeString(g, "num_ranks 2\nrank 0 {\nl1: send 1024b to 1\n}\nrank 1 {\n}\n");
    assertRefused(new String[] {"collective", "--goal", g.toString()}, "bad.goal:3");
    assertRefused(new String[] {"collective", "--goal", g.toString(), "--op", "broadcast"}, "--op");
    assertRefused(new String[] {"collective", "--goal", dir.resolve("none.goal").toString()}, "none.goal");
    assertRefused(new String[] {"collective", "--scheme", "ring,rabenseifner", "--export-goal",
        dir.resolve("x.goal").toString()}, "--export-goal");
    assertThat(dir.resolve("x.goal")).doesNotExist();
  }
}
