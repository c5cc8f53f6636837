package org.fabriclab.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Channel events and general events leave in (time, insertion) order, checked against a sort. */
class ChannelQueuesTest {
  record Ev(long time, long seq, int id) {}

  @Test
  void mixedChannelAndHeapEventsRunInTimeThenInsertionOrder() {
    SplittableRandom rnd = new SplittableRandom(11);
    for (int round = 0; round < 10; round++) {
      Simulator sim = new Simulator();
      List<Ev> ref = new ArrayList<>();
      List<Integer> got = new ArrayList<>();
      long[] seq = {0};
      int[] nextId = {0};
      long[] lastOnChannel = new long[5];
      int[] general = new int[1];
      int[] chan = new int[1];
      Runnable[] spawn = new Runnable[1];
      // each executed event records itself and schedules up to two more, now or later
      spawn[0] = () -> {
        for (int k = rnd.nextInt(3); k > 0 && nextId[0] < 3000; k--) {
          int id = nextId[0]++;
          long t = sim.now() + rnd.nextInt(4) * 10L;
          ref.add(new Ev(t, seq[0]++, id));
          if (rnd.nextBoolean()) {
            int c = rnd.nextInt(5);
            // mostly in channel order, sometimes earlier than the channel's last (heap fallback)
            sim.scheduleOnChannel(c, t, id);
            lastOnChannel[c] = Math.max(lastOnChannel[c], t);
          } else {
            sim.schedule(t, general[0], id, 0);
          }
        }
      };
      general[0] = sim.register((id, b) -> {
        got.add(id);
        spawn[0].run();
      });
      sim.registerChannels(5, (id, c) -> {
        got.add(id);
        spawn[0].run();
      });
      for (int i = 0; i < 20; i++) {
        int id = nextId[0]++;
        long t = rnd.nextInt(100);
        ref.add(new Ev(t, seq[0]++, id));
        sim.scheduleOnChannel(i % 5, t, id);
      }
      sim.run(Long.MAX_VALUE, Long.MAX_VALUE);
      ref.sort(Comparator.comparingLong(Ev::time).thenComparingLong(Ev::seq));
      List<Integer> expect = new ArrayList<>();
      for (Ev e : ref) {
        expect.add(e.id());
      }
      assertThat(got).isEqualTo(expect);
      assertThat(sim.pending()).isZero();
    }
  }
}
