package org.fabriclab.incast;

import static org.assertj.core.api.Assertions.assertThat;

import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Seed 004 §III-C: aggregation along the tree gives the plain reduce; bytes within the α bounds. */
class DataPlaneTest {
  @Test
  void receiverResultEqualsPlainReduceForEveryFunctionAndBuilder() {
    SplittableRandom rnd = new SplittableRandom(9);
    WordCountWorkload w = new WordCountWorkload(1000, rnd);
    assertThat(w.dictionarySize()).isEqualTo(1000);
    BCubeLabels L = new BCubeLabels(6, 3);
    for (int round = 0; round < 5; round++) {
      IncastTransfer t = IncastTransfer.random(L, 60, rnd);
      Map<Integer, Object2LongOpenHashMap<String>> data = new HashMap<>();
      for (int s : t.senders()) {
        data.put(s, w.mapOutput(200 + rnd.nextInt(400), rnd));
      }
      for (ReduceFunction f : ReduceFunction.values()) {
        AggregationDataPlane dp = new AggregationDataPlane(f);
        Object2LongOpenHashMap<String> plain = dp.merge(data.values());
        for (IncastTreeBuilder b : List.of(new ArsTreeBuilder(), new IntraStageOptimization(),
            new UnicastDrivenTreeBuilder(round), new ExistingMethod(round))) {
          IncastTree tree = b.build(t);
          AggregationDataPlane.Execution x = dp.execute(tree, data);
          assertThat(x.result()).isEqualTo(plain);
          // model bounds: with sender sizes = serialized bytes, α = 0 (max) ≤ measured ≤ α = 1 (sum)
          double[] sizes = new double[t.senderCount()];
          for (int i = 0; i < sizes.length; i++) {
            sizes[i] = AggregationDataPlane.bytes(data.get(t.senders()[i]));
          }
          IncastTree sized = withSizes(tree, t, sizes);
          assertThat((double) x.networkBytes()).isBetween(
              sized.metrics(0).cost() - 1e-6, sized.metrics(1).cost() + 1e-6);
          if (!tree.inNetworkAggregation()) {
            assertThat((double) x.networkBytes()).isEqualTo(sized.metrics(0).cost());
          }
        }
      }
    }
  }

  @Test
  void disjointKeysMatchAlphaOneAndNestedKeysMatchAlphaZero() {
    BCubeLabels L = new BCubeLabels(4, 1);
    IncastTransfer t = IncastTransfer.unit(L, 0, 2, 5, 9, 10, 11, 14);
    IncastTree tree = new IntraStageOptimization().build(t);
    Map<Integer, Object2LongOpenHashMap<String>> disjoint = new HashMap<>();
    Map<Integer, Object2LongOpenHashMap<String>> same = new HashMap<>();
    for (int s : t.senders()) {
      Object2LongOpenHashMap<String> a = new Object2LongOpenHashMap<>();
      a.put("key" + (100 + s), s);
      disjoint.put(s, a);
      Object2LongOpenHashMap<String> b = new Object2LongOpenHashMap<>();
      b.put("shared", s);
      same.put(s, b);
    }
    AggregationDataPlane dp = new AggregationDataPlane(ReduceFunction.MAX);
    long record = 2 + 6 + 8; // "key1xx"
    double[] sz = new double[6];
    java.util.Arrays.fill(sz, record);
    IncastTree sized = withSizes(tree, t, sz);
    assertThat((double) dp.execute(tree, disjoint).networkBytes()).isEqualTo(sized.metrics(1).cost());
    AggregationDataPlane.Execution x = dp.execute(tree, same);
    assertThat(x.result().getLong("shared")).isEqualTo(14);
    // every tree server sends one 16-byte record: Fig. 4(a) cost 14 units of 16 bytes
    assertThat(x.networkBytes()).isEqualTo(14 * (2 + 6 + 8));
  }

  @Test
  void shufflePartitionsReduceToTheWordTotals() {
    // a shuffle = one incast per reducer over that reducer's key partition (§II-B); the reducers'
    // sums add up to the number of words written, and no key reaches two reducers
    SplittableRandom rnd = new SplittableRandom(3);
    WordCountWorkload w = new WordCountWorkload(1000, rnd);
    BCubeLabels L = new BCubeLabels(4, 3);
    ShuffleTransfer sh = ShuffleTransfer.random(L, 40, 3, rnd);
    Map<Integer, Object2LongOpenHashMap<String>> outputs = new HashMap<>();
    long words = 0;
    for (int s : sh.senders()) {
      outputs.put(s, w.mapOutput(500, rnd));
      words += 500;
    }
    AggregationDataPlane dp = new AggregationDataPlane(ReduceFunction.SUM);
    long total = 0;
    java.util.Set<String> seen = new java.util.HashSet<>();
    List<IncastTransfer> incasts = sh.incasts();
    for (int r = 0; r < incasts.size(); r++) {
      Map<Integer, Object2LongOpenHashMap<String>> part = new HashMap<>();
      for (int s : incasts.get(r).senders()) {
        part.put(s, WordCountWorkload.partition(outputs.get(s), r, incasts.size()));
      }
      AggregationDataPlane.Execution x = dp.execute(new ArsTreeBuilder().build(incasts.get(r)), part);
      assertThat(x.result()).isEqualTo(dp.merge(part.values()));
      for (var e : x.result().object2LongEntrySet()) {
        assertThat(seen.add(e.getKey())).isTrue();
        total += e.getLongValue();
      }
    }
    assertThat(total).isEqualTo(words);
  }

  static IncastTree withSizes(IncastTree tree, IncastTransfer t, double[] sizes) {
    double[] own = new double[tree.size()];
    for (int i = 0; i < tree.size(); i++) {
      int si = t.senderIndex(tree.nodes()[i]);
      own[i] = si >= 0 ? sizes[si] : 0;
    }
    return new IncastTree(tree.labels(), tree.method(), tree.nodes(), tree.parent(), own,
        tree.sequence(), tree.inNetworkAggregation());
  }
}
