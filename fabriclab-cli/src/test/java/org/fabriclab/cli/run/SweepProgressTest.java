package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Supplier;
import org.fabriclab.progress.Progress;
import org.junit.jupiter.api.Test;

/** The points bar of a sweep and its note of the running points. */
class SweepProgressTest {
  /** Records what reaches the bar. */
  private static final class Bar implements Progress {
    final List<String> events = new ArrayList<>();
    long done;
    Supplier<String> note;

    @Override
    public void begin(String task, long total) {
      events.add(task + " " + total);
    }

    @Override
    public void advance(long units) {
      done += units;
    }

    @Override
    public void end() {
      events.add("end");
    }

    @Override
    public void detail(Supplier<String> n) {
      note = n;
    }
  }

  private static Point point(int index) {
    return new Point(index, "simulate", new LinkedHashMap<>(), 0, 1);
  }

  @Test
  void theNoteNamesRunningPointsWithTheirShareDoneAndForgetsFinishedOnes() {
    Bar bar = new Bar();
    SweepProgress s = new SweepProgress(bar, 5);
    assertThat(bar.events).containsExactly("points 5");
    Progress a = s.of(point(4));
    Progress b = s.of(point(2));
    assertThat(bar.note.get()).isEmpty(); // nothing has begun
    a.begin("flows", 200);
    a.advance(82);
    b.begin("flows", 10);
    b.advance(1);
    assertThat(bar.note.get()).isEqualTo("running p00002 10%, p00004 41%"); // by index
    b.end();
    s.pointDone();
    assertThat(bar.note.get()).isEqualTo("running p00004 41%");
    assertThat(bar.done).isEqualTo(1);
    a.advance(118); // all flows done: still running until the point ends, never 100%
    assertThat(bar.note.get()).isEqualTo("running p00004 99%");
    s.end();
    assertThat(bar.events).containsExactly("points 5", "end");
  }

  @Test
  void beyondThreeRunningPointsTheRestAreCounted() {
    Bar bar = new Bar();
    SweepProgress s = new SweepProgress(bar, 9);
    for (int i = 0; i < 5; i++) {
      s.of(point(i)).begin("flows", 4);
    }
    assertThat(bar.note.get()).isEqualTo("running p00000 0%, p00001 0%, p00002 0% and 2 more");
  }
}
