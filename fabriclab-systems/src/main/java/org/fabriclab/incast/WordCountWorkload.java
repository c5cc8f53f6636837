package org.fabriclab.incast;

import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.util.SplittableRandom;
import org.fabriclab.error.InvalidParameterException;

/**
 * The synthetic WordCount of seed 004 §VI-C: like Hadoop's RandomTextWriter, each map task writes
 * text drawn uniformly from a fixed dictionary (1,000 words by default) and its combiner counts
 * the words; a map output for one reducer is the counts of the words of that reducer's partition
 * (hash of the word modulo the reducer count). Words are synthetic, seeded strings of 3–10
 * letters. O(words) per map task.
 */
public final class WordCountWorkload {
  private final String[] dictionary;

  /** A dictionary of {@code size} distinct words drawn from {@code rnd}. */
  public WordCountWorkload(int size, SplittableRandom rnd) {
    InvalidParameterException.requireRange("dictionary size", size, 1, 1_000_000);
    java.util.LinkedHashSet<String> words = new java.util.LinkedHashSet<>();
    while (words.size() < size) {
      int len = 3 + rnd.nextInt(8);
      StringBuilder sb = new StringBuilder(len);
      for (int i = 0; i < len; i++) {
        sb.append((char) ('a' + rnd.nextInt(26)));
      }
      words.add(sb.toString());
    }
    dictionary = words.toArray(new String[0]);
  }

  public int dictionarySize() {
    return dictionary.length;
  }

  /** Combined word counts of one map task that wrote {@code words} words. */
  public Object2LongOpenHashMap<String> mapOutput(int words, SplittableRandom rnd) {
    Object2LongOpenHashMap<String> counts = new Object2LongOpenHashMap<>();
    for (int i = 0; i < words; i++) {
      counts.addTo(dictionary[rnd.nextInt(dictionary.length)], 1);
    }
    return counts;
  }

  /** The part of a map output that goes to reducer {@code reducer} of {@code reducers}. */
  public static Object2LongOpenHashMap<String> partition(
      Object2LongOpenHashMap<String> output, int reducer, int reducers) {
    Object2LongOpenHashMap<String> part = new Object2LongOpenHashMap<>();
    for (var e : output.object2LongEntrySet()) {
      if (Math.floorMod(e.getKey().hashCode(), reducers) == reducer) {
        part.put(e.getKey(), e.getLongValue());
      }
    }
    return part;
  }
}
