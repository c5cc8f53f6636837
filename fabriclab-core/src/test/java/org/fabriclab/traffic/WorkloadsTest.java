package org.fabriclab.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WorkloadsTest {
  @Test
  void webSearchMeanByHandAndBenchmarkLoad() {
    // sum of size x probability over the README's table
    double mean = 10e3 * .15 + 20e3 * .05 + 30e3 * .10 + 50e3 * .10 + 80e3 * .13 + 200e3 * .07
        + 1e6 * .10 + 2e6 * .10 + 5e6 * .10 + 10e6 * .07 + 30e6 * .03;
    assertThat(EmpiricalSizes.webSearch().meanBytes()).isCloseTo(mean, within(1e-6));
    // 20,000 flows/s over 128 hosts at 10 Gb/s: about 30% load (README)
    assertThat(20_000 * mean * 8 / (128 * 10e9)).isCloseTo(0.30, within(0.01));
  }

  @Test
  void poissonArrivalsAndSizesMatchTheirParameters() {
    int n = 40_000;
    FlowTrace t = Workloads.poisson(128, n, 20_000, EmpiricalSizes.webSearch(), 0, 5);
    double span = t.startNs(n - 1) / 1e9;
    assertThat(n / span).isCloseTo(20_000, within(400.0));
    double avg = t.totalBytes() / (double) n;
    assertThat(avg).isCloseTo(EmpiricalSizes.webSearch().meanBytes(), within(0.05 * 2_434_900));
    int small = 0;
    for (int i = 0; i < n; i++) {
      assertThat(t.src(i)).isNotEqualTo(t.dst(i));
      assertThat(t.dst(i)).isBetween(0, 127);
      if (t.sizeBytes(i) == 10_000) {
        small++;
      }
    }
    assertThat(small / (double) n).isCloseTo(0.15, within(0.01));
    FlowTrace again = Workloads.poisson(128, n, 20_000, EmpiricalSizes.webSearch(), 0, 5);
    assertThat(TraceCsv.write(again)).isEqualTo(TraceCsv.write(t));
    FlowTrace skewed = Workloads.poisson(16, 5000, 1000, EmpiricalSizes.webSearch(), 1.5, 5);
    int[] hits = new int[16];
    for (int i = 0; i < skewed.size(); i++) {
      hits[skewed.dst(i)]++;
    }
    int max = java.util.Arrays.stream(hits).max().getAsInt();
    assertThat(max).isGreaterThan(3 * 5000 / 16);
  }

  @Test
  void paretoMeanAndPatterns() {
    ParetoSizes p = new ParetoSizes(2.5, 100_000);
    SplittableRandom rnd = new SplittableRandom(3);
    double s = 0;
    int n = 200_000;
    for (int i = 0; i < n; i++) {
      long x = p.sample(rnd);
      assertThat(x).isGreaterThanOrEqualTo(60_000);
      s += x;
    }
    assertThat(s / n).isCloseTo(100_000, within(3_000.0));
    FlowTrace perm = Workloads.permutation(16, 1000, 1);
    boolean[] seen = new boolean[16];
    for (int i = 0; i < 16; i++) {
      assertThat(perm.src(i)).isNotEqualTo(perm.dst(i));
      seen[perm.dst(i)] = true;
    }
    assertThat(seen).containsOnly(true);
    assertThat(Workloads.incast(16, 5, 100).size()).isEqualTo(5);
    assertThat(Workloads.allToAll(6, 100).size()).isEqualTo(30);
  }
}
