package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.fabriclab.cli.Main;
import org.fabriclab.error.FabriclabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spec errors that depend on a point's topology are found before anything runs or is written. */
class PointChecksTest {
  @TempDir Path dir;

  static final String INCAST = String.join("\n",
      "kind: simulate",
      "topologies:",
      "  - family: fattree",
      "    k: 4",
      "simulate:",
      "  workload:",
      "    type: incast",
      "    senders: 100",  // line 8
      "");

  private ExperimentSpec spec(String text) {
    return SpecLoader.validate(SpecParser.parse(text, "spec.yaml", false), dir);
  }

  private int cli(StringWriter err, String... args) {
    return Main.run(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
  }

  @Test
  void incastSendersBeyondTheServersFailWhileExpandingAndTheCliWritesNothing() throws Exception {
    assertThatThrownBy(() -> Sweep.expand(spec(INCAST))).isInstanceOf(FabriclabException.class)
        .hasMessageContaining("spec.yaml:8:").hasMessageContaining("senders = 100")
        .hasMessageContaining("valid range 1..15");
    Path f = dir.resolve("incast.yaml");
    Files.writeString(f, INCAST);
    for (String mode : new String[] {"--dry-run", "--no-progress"}) {
      StringWriter err = new StringWriter();
      Path out = dir.resolve("out");
      assertThat(cli(err, "run", f.toString(), "--out", out.toString(), mode)).isEqualTo(2);
      assertThat(err.toString().trim().lines().count()).isEqualTo(1);
      assertThat(err.toString()).contains("incast.yaml:8:").contains("valid range 1..15");
      assertThat(out).doesNotExist();
    }
  }

  @Test
  void traceHostsBeyondATopologysServersFailWhileExpanding() throws Exception {
    Files.writeString(dir.resolve("t.csv"), "flow_id,src_host,dst_host,start_ns,size_bytes\n0,1,20,0,1000\n");
    String s = String.join("\n", "kind: simulate", "topologies:", "  - family: fattree", "    k: [6, 4]",
        "simulate:", "  workload:", "    type: trace", "    trace: t.csv", "");
    assertThatThrownBy(() -> Sweep.expand(spec(s))).hasMessageContaining("spec.yaml:8:")
        .hasMessageContaining("names host 20").hasMessageContaining("fattree k=4 has 16 servers");
  }

  @Test
  void aTopologyTooLargeForTheHeapFailsWhileExpanding() {
    // fat-tree(1024) equipment: 268 million servers, far beyond any test heap
    String s = "kind: topo\ntopologies:\n  - family: jellyfish\n    k: [4, 1024]\n";
    assertThatThrownBy(() -> Sweep.expand(spec(s))).hasMessageStartingWith("spec.yaml:3:")
        .hasMessageContaining("of heap to build");
  }

  /** A point that still fails at run time leaves no folder when no point finished: rerun works. */
  @Test
  void aRunWhosePointsFailLeavesNoFolderAndTheSameOutIsReusable() throws Exception {
    ExperimentSpec s = spec("kind: topo\nseeds: 2\ntopologies:\n  - family: fattree\n    k: 4\n");
    List<Point> pts = Sweep.expand(s);
    PointExecutor failing = new PointExecutor() {
      @Override
      public void execute(List<Point> points, Consumer<PointRunner.Result> sink) {
        throw new FabriclabException("point p00000: broken");
      }

      @Override
      public String describe() {
        return "failing";
      }
    };
    Path out = dir.resolve("run");
    PrintWriter log = new PrintWriter(new StringWriter());
    assertThatThrownBy(() -> SweepRunner.run(s, pts, out, false, failing, "test", log))
        .hasMessageContaining("broken").hasMessageContaining("was removed");
    assertThat(out).doesNotExist();
    Files.createDirectories(out);
    assertThatThrownBy(() -> SweepRunner.run(s, pts, out, false, failing, "test", log));
    assertThat(out).isEmptyDirectory();
    SweepRunner.Outcome o = SweepRunner.run(s, pts, out, false, new ThreadedExecutor(1), "test", log);
    assertThat(o.computed()).isEqualTo(2);
  }

  /**
   * A folder whose run finished no point is never taken over by another spec: that run may still
   * be running in another process (review: a second run wiped a live sweep and mixed the results).
   */
  @Test
  void aFolderWithNoFinishedPointIsNotTakenOver() throws Exception {
    ExperimentSpec a = spec("kind: topo\ntopologies:\n  - family: fattree\n    k: 4\n");
    Path out = dir.resolve("run");
    Files.createDirectories(out.resolve("points/p00000"));
    Files.writeString(out.resolve("points/p00000/notes.txt"), "mine\n");
    ExperimentSpec b = spec("kind: topo\ntopologies:\n  - family: fattree\n    k: 6\n");
    String bSpec = ResolvedSpec.json(b, Sweep.expand(b));
    Files.writeString(out.resolve("spec.json"), bSpec);
    Files.writeString(out.resolve("points.csv"), "point\n");
    Files.writeString(out.resolve("run.json"), "{\"fabriclab\": \"test\"}\n"); // written with points.csv
    Files.writeString(out.resolve(".fabriclab-run"), "");
    PrintWriter log = new PrintWriter(new StringWriter());
    for (boolean resume : new boolean[] {false, true}) {
      assertThatThrownBy(() -> SweepRunner.run(a, Sweep.expand(a), out, resume, new ThreadedExecutor(1), "test", log))
          .hasMessageContaining(resume ? "the spec differs" : "finished no point");
    }
    assertThat(out.resolve("spec.json")).hasContent(bSpec);
    assertThat(out.resolve("points/p00000/notes.txt")).hasContent("mine");
    // the same spec resumes it
    SweepRunner.Outcome o = SweepRunner.run(b, Sweep.expand(b), out, true, new ThreadedExecutor(1), "test", log);
    assertThat(o.computed()).isEqualTo(1);
  }
}
