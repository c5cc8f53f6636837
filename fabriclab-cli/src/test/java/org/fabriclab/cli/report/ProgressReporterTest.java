package org.fabriclab.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The log form of the CLI's progress (stderr not a terminal), on a clock the test moves. */
class ProgressReporterTest {
  private static final long S = 1_000_000_000L;

  @Test
  void aTaskThatReportsNothingStillLogsItsElapsedTimeEveryFiveSeconds() {
    StringWriter w = new StringWriter();
    AtomicLong now = new AtomicLong();
    ProgressReporter p = new ProgressReporter(new PrintWriter(w), false, now::get, false);
    p.begin("solving", 1);
    now.set(S / 2);
    p.tick();
    now.set(4 * S);
    p.tick();
    assertThat(w.toString()).isEmpty(); // quiet for a second, then a line per 5 s
    for (long t = 5; t <= 12; t++) {
      now.set(t * S);
      p.tick(); // what the heartbeat thread does four times a second
    }
    assertThat(w.toString().lines().toList()).containsExactly("solving: 0/1 (0%), 5 s", "solving: 0/1 (0%), 10 s");
    p.advance(1);
    p.end();
    now.set(20 * S);
    p.tick(); // a tick after the end draws nothing
    assertThat(w.toString().lines().count()).isEqualTo(2);
  }

  @Test
  void percentagesAreRoundedDownSoAnUnfinishedTaskNeverShowsAHundred() {
    StringWriter w = new StringWriter();
    AtomicLong now = new AtomicLong();
    ProgressReporter p = new ProgressReporter(new PrintWriter(w), false, now::get, false);
    p.begin("phases", 1000);
    now.set(6 * S);
    p.advance(995);
    assertThat(w.toString().strip()).isEqualTo("phases: 995/1,000 (99%), 6 s");
    p.end();
  }

  @Test
  void theHeartbeatThreadLivesOnlyWhileATaskRuns() throws Exception {
    long before = threads(); // other tests' reporters may be running
    ProgressReporter p = new ProgressReporter(new PrintWriter(new StringWriter()), false, System::nanoTime, true);
    p.begin("task", 10);
    assertThat(threads()).isEqualTo(before + 1);
    p.end();
    for (int i = 0; i < 200 && threads() > before; i++) {
      Thread.sleep(10);
    }
    assertThat(threads()).isEqualTo(before);
  }

  private static long threads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("fabriclab-progress") && t.isAlive()).count();
  }
}
