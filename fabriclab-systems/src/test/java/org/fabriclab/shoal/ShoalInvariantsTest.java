package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabriclab.rng.RandomStreams;
import org.junit.jupiter.api.Test;

/** Queue bounds Eq. 3 and Eq. 5, byte conservation and max-min fairness (seed 003 §3.3, §7.2). */
class ShoalInvariantsTest {

  private static ShoalFlows randomFlows(int n, int count, SplittableRandom rnd, long maxBytes) {
    int[] s = new int[count];
    int[] d = new int[count];
    long[] b = new long[count];
    long[] t = new long[count];
    Set<Long> pairs = new HashSet<>();
    for (int f = 0; f < count; f++) {
      do {
        s[f] = rnd.nextInt(n);
        d[f] = rnd.nextInt(n);
      } while (s[f] == d[f] || !pairs.add((long) s[f] * n + d[f]));
      b[f] = 1 + rnd.nextLong(maxBytes);
    }
    return new ShoalFlows(s, d, b, t);
  }

  private void checkBounds(boolean ready, long seed) {
    int n = 32;
    SplittableRandom rnd = new RandomStreams(seed).stream("bounds");
    ShoalFlows fl = randomFlows(n, 40 + rnd.nextInt(80), rnd, 200_000);
    int[] out = new int[n];
    int[] in = new int[n];
    for (int f = 0; f < fl.size(); f++) {
      out[fl.src(f)]++;
      in[fl.dst(f)]++;
    }
    ShoalConfig cfg = new ShoalConfig(n, 8, 1 + rnd.nextInt(3), 100, 23.25, 2.75, 64,
        rnd.nextInt(3) * 23.25, seed % 2 == 0, true, ready, rnd.nextBoolean());
    int[] worst = {0};
    ShoalSimulator sim = new ShoalSimulator(cfg, fl, (boolean[]) null, (i, j, qLen, rLen, local, slot) -> {
      int bound = ready ? 1 + in[j] : out[i] + in[j];
      worst[0] = Math.max(worst[0], qLen - bound);
      if (ready) {
        assertThat(rLen).isLessThanOrEqualTo(out[i]); // Eq. 4
      }
    });
    sim.run(Integer.MAX_VALUE, 50_000_000);
    assertThat(worst[0]).as(ready ? "Eq. 5" : "Eq. 3").isLessThanOrEqualTo(0);
    long[] got = sim.deliveredBytesTo();
    long[] want = new long[n];
    for (int f = 0; f < fl.size(); f++) {
      assertThat(fl.endPs(f)).isGreaterThan(fl.startPs(f));
      want[fl.dst(f)] += fl.bytes(f);
    }
    assertThat(got).containsExactly(want);
  }

  @Test
  void eq3QueueBoundWithoutReadyQueues() {
    for (long seed = 1; seed <= 4; seed++) {
      checkBounds(false, seed);
    }
  }

  @Test
  void eq5QueueBoundWithReadyQueues() {
    for (long seed = 1; seed <= 4; seed++) {
      checkBounds(true, seed);
    }
  }

  @Test
  void maxMinFairnessAgainstWaterFilling() {
    int n = 32;
    int within = 0;
    int total = 0;
    for (long seed = 1; seed <= 3; seed++) {
      SplittableRandom rnd = new RandomStreams(seed).stream("fair");
      ShoalFlows fl = randomFlows(n, 20 + rnd.nextInt(40), rnd, 1);
      int m = fl.size();
      int[] s = new int[m];
      int[] d = new int[m];
      long[] b = new long[m];
      for (int f = 0; f < m; f++) {
        s[f] = fl.src(f);
        d[f] = fl.dst(f);
        b[f] = 1L << 40;
      }
      ShoalFlows big = new ShoalFlows(s, d, b, new long[m]);
      ShoalConfig cfg = new ShoalConfig(n, 8, 1, 100, 23.25, 2.75, 64, 0, false, true, true, true);
      ShoalSimulator sim = new ShoalSimulator(cfg, big, (boolean[]) null, null);
      int e = cfg.schedule().epochSlots();
      sim.runUntil(300L * e);
      int[] before = new int[m];
      for (int f = 0; f < m; f++) {
        before[f] = big.deliveredCells(f);
      }
      int epochs = 3000;
      sim.runUntil(300L * e + (long) epochs * e);
      double[] ideal = MaxMinWaterFilling.flowRates(n, s, d);
      for (int f = 0; f < m; f++) {
        double got = (big.deliveredCells(f) - before[f]) / (double) epochs;
        total++;
        if (Math.abs(got - ideal[f]) <= 0.1 * ideal[f]) {
          within++;
        } else {
          System.out.println("flow " + f + " got " + got + " ideal " + ideal[f]);
        }
      }
    }
    System.out.println("fairness within 10%: " + within + "/" + total);
    // §7.2 reports 99% of flows within 10% of water-filling; this run measures 129/130 on N = 32
    // (114/130 with Eq. 2 read in whole epochs, see ShoalSimulator): at most 5% may miss.
    assertThat(within).isGreaterThanOrEqualTo((int) Math.ceil(0.95 * total));
  }
}
