package org.fabriclab.rng;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RandomStreamsTest {

  private static long[] draw(SplittableRandom r, int n) {
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = r.nextLong();
    }
    return out;
  }

  @Test
  void sameSeedAndNameGiveTheSameSequence() {
    assertThat(draw(new RandomStreams(42).stream("jellyfish"), 100))
        .isEqualTo(draw(new RandomStreams(42).stream("jellyfish"), 100));
    assertThat(draw(new RandomStreams(42).stream("pod", 3), 100))
        .isEqualTo(draw(new RandomStreams(42).stream("pod", 3), 100));
    assertThat(new RandomStreams(42).masterSeed()).isEqualTo(42);
  }

  @Test
  void aStreamDoesNotDependOnWhatWasDrawnBefore() {
    RandomStreams rs = new RandomStreams(7);
    long[] fresh = draw(rs.stream("traffic"), 50);
    SplittableRandom other = rs.stream("topology");
    draw(other, 1000);
    draw(rs.stream("traffic", 1), 10);
    assertThat(draw(rs.stream("traffic"), 50)).isEqualTo(fresh);
  }

  @Test
  void namesIndicesAndSeedsGiveDistinctStreams() {
    Set<Long> firsts = new HashSet<>();
    int count = 0;
    for (long seed : new long[] {0, 1, 2, -1, Long.MAX_VALUE}) {
      RandomStreams rs = new RandomStreams(seed);
      for (String name : new String[] {"", "a", "b", "ab", "ba", "pod", "pod0", "pod00", "é"}) {
        firsts.add(rs.stream(name).nextLong());
        count++;
        for (long index = 0; index < 20; index++) {
          firsts.add(rs.stream(name, index).nextLong());
          count++;
        }
      }
    }
    assertThat(firsts).hasSize(count);
  }

  @Test
  void seedAndNameDoNotCancelOut() {
    // regression: the seed was XOR-ed raw into the name hash, so 1 ^ 'b' == 2 ^ 'a' collided
    assertThat(new RandomStreams(1).stream("b").nextLong())
        .isNotEqualTo(new RandomStreams(2).stream("a").nextLong());
    Set<Long> firsts = new HashSet<>();
    for (long seed = 0; seed < 256; seed++) {
      for (char c = 'a'; c <= 'z'; c++) {
        firsts.add(new RandomStreams(seed).stream(String.valueOf(c)).nextLong());
      }
    }
    assertThat(firsts).hasSize(256 * 26);
  }

  @Test
  void streamsOfNeighbouringNamesAreUncorrelated() {
    // bits of two independent uniform sequences agree half of the time: 64,000 bits, 5 sigma
    RandomStreams rs = new RandomStreams(1);
    long[] a = draw(rs.stream("pod1"), 1000);
    long[] b = draw(rs.stream("pod2"), 1000);
    long[] c = draw(rs.stream("pod1", 1), 1000);
    long[] d = draw(rs.stream("pod1", 2), 1000);
    assertThat(agreement(a, b)).isBetween(0.49, 0.51);
    assertThat(agreement(c, d)).isBetween(0.49, 0.51);
    assertThat(agreement(a, c)).isBetween(0.49, 0.51);
  }

  private static double agreement(long[] x, long[] y) {
    long same = 0;
    for (int i = 0; i < x.length; i++) {
      same += 64 - Long.bitCount(x[i] ^ y[i]);
    }
    return same / (64.0 * x.length);
  }
}
