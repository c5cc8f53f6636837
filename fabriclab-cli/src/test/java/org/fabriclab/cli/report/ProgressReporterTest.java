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
    // 995 units in 6 s: 5 more take 6 x 5 / 995 = 0.03 s, shown rounded up to a second
    assertThat(w.toString().strip()).isEqualTo("phases: 995/1,000 (99%), 6 s, ETA 0:00:01");
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

  @Test
  void theEtaIsLinearInTheUnitsDoneEvenWhenThereAreMoreUnitsThanNanoseconds() {
    // 4e9 bytes of 1e10 in 5 s: 6e9 more at 8e8 B/s take 7.5 s, shown as 8
    assertThat(ProgressReporter.eta(5 * S, 4_000_000_000L, 10_000_000_000L)).contains(java.time.Duration.ofSeconds(8));
    assertThat(ProgressReporter.eta(5 * S, 0, 10)).isEmpty(); // no rate yet
    assertThat(ProgressReporter.clockText(java.time.Duration.ofSeconds(3 * 3600 + 4 * 60 + 5))).isEqualTo("3:04:05");
  }

  @Test
  void bytesAreLoggedInTheirUnitWithTheTimeLeft() {
    StringWriter w = new StringWriter();
    AtomicLong now = new AtomicLong();
    ProgressReporter p = new ProgressReporter(new PrintWriter(w), false, now::get, false);
    p.begin("multicast", 200_000_000, org.fabriclab.progress.Progress.Unit.BYTES);
    now.set(10 * S);
    p.advance(50_000_000); // a quarter in 10 s: 30 s left
    assertThat(w.toString().strip()).isEqualTo("multicast: 50.0/200.0 MB (25%), 10 s, ETA 0:00:30");
    p.end();
  }

  @Test
  void theLogFormPrintsAtMostOneLinePerFiveSecondsHoweverOftenUnitsArrive() {
    StringWriter w = new StringWriter();
    AtomicLong now = new AtomicLong();
    ProgressReporter p = new ProgressReporter(new PrintWriter(w), false, now::get, false);
    p.begin("flows", 100_000);
    p.detail(() -> "running: p0003 41%");
    for (int i = 1; i <= 23_000; i++) {
      now.set(i * (S / 1000)); // a unit every millisecond for 23 s
      p.advance(1);
    }
    // lines at 5, 10, 15 and 20 s only
    assertThat(w.toString().lines().toList()).containsExactly(
        "flows: 5,000/100,000 (5%), 5 s, ETA 0:01:35; running: p0003 41%",
        "flows: 10,000/100,000 (10%), 10 s, ETA 0:01:30; running: p0003 41%",
        "flows: 15,000/100,000 (15%), 15 s, ETA 0:01:25; running: p0003 41%",
        "flows: 20,000/100,000 (20%), 20 s, ETA 0:01:20; running: p0003 41%");
    p.end();
  }

  @Test
  void displayUnitsLeaveTotalsOfTenOrMore() {
    assertThat(ProgressReporter.scale(org.fabriclab.progress.Progress.Unit.BYTES, 200_000_000)).isEqualTo(1_000_000);
    assertThat(ProgressReporter.unitName(org.fabriclab.progress.Progress.Unit.BYTES, 1_000_000)).isEqualTo(" MB");
    // 25 ms of simulated time in ps: shown in ms
    long ms = ProgressReporter.scale(org.fabriclab.progress.Progress.Unit.SIMULATED_PS, 25_000_000_000L);
    assertThat(ms).isEqualTo(1_000_000_000L);
    assertThat(ProgressReporter.unitName(org.fabriclab.progress.Progress.Unit.SIMULATED_PS, ms)).isEqualTo(" ms simulated");
    assertThat(ProgressReporter.scale(org.fabriclab.progress.Progress.Unit.ITEMS, 1_000_000)).isEqualTo(1);
  }

  private static long threads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("fabriclab-progress") && t.isAlive()).count();
  }
}
