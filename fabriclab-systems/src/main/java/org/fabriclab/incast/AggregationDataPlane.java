package org.fabriclab.incast;

import it.unimi.dsi.fastutil.objects.Object2LongMap;
import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.fabriclab.error.InvalidParameterException;

/**
 * The inter-flow aggregation data plane of seed 004 §III-C (Fig. 2), executed with real
 * key → value data: every tree server holds the flows it receives, and — as an aggregating server
 * — groups the key-value pairs of its inputs (its own data included) by key, applies the reduce
 * function, and forwards one flow; a non-aggregating server forwards its single input unchanged.
 * Without in-network aggregation (the existing method) flows are forwarded as they are and only
 * the receiver reduces. Bytes are those of the serialized flows: per record a 2-byte key length,
 * the UTF-8 key and an 8-byte value. O(Σ records along the tree).
 */
public final class AggregationDataPlane {
  private final ReduceFunction reduce;

  public AggregationDataPlane(ReduceFunction reduce) {
    this.reduce = reduce;
  }

  /**
   * What one execution produced.
   *
   * @param result the receiver's reduced key → value map
   * @param edgeBytes bytes sent by each tree node to its parent (index as in the tree; 0 for the
   *     receiver)
   * @param networkBytes Def. 1 traffic in bytes: every edge's bytes twice (server → switch → server)
   * @param receiverInputBytes bytes the receiver received
   */
  public record Execution(
      Object2LongOpenHashMap<String> result, long[] edgeBytes, long networkBytes, long receiverInputBytes) {}

  /** Runs the transfer along {@code tree}; {@code data} gives each sender's map output. */
  public Execution execute(IncastTree tree, Map<Integer, ? extends Object2LongMap<String>> data) {
    int nn = tree.size();
    @SuppressWarnings("unchecked")
    java.util.List<Object2LongMap<String>>[] inputs = new java.util.List[nn];
    for (int i = 0; i < nn; i++) {
      inputs[i] = new java.util.ArrayList<>();
      if (tree.ownSize()[i] > 0) {
        Object2LongMap<String> own = data.get(tree.nodes()[i]);
        if (own == null) {
          throw new InvalidParameterException("data", "no map output for sender " + tree.nodes()[i]);
        }
        inputs[i].add(own);
      }
    }
    long[] edgeBytes = new long[nn];
    long network = 0;
    Object2LongOpenHashMap<String> result = null;
    long receiverInput = 0;
    for (int v : tree.bottomUpOrder()) {
      int p = tree.parent()[v];
      if (p < 0) {
        for (Object2LongMap<String> f : inputs[v]) {
          receiverInput += bytes(f);
        }
        result = merge(inputs[v]);
        continue;
      }
      if (tree.inNetworkAggregation() && inputs[v].size() >= 2) {
        Object2LongOpenHashMap<String> merged = merge(inputs[v]);
        edgeBytes[v] = bytes(merged);
        inputs[p].add(merged);
      } else {
        for (Object2LongMap<String> f : inputs[v]) {
          edgeBytes[v] += bytes(f);
          inputs[p].add(f);
        }
      }
      network += 2 * edgeBytes[v];
    }
    return new Execution(result, edgeBytes, network, receiverInput);
  }

  /** The plain reduce of all flows, the reference result. */
  public Object2LongOpenHashMap<String> merge(Iterable<? extends Object2LongMap<String>> flows) {
    Object2LongOpenHashMap<String> out = new Object2LongOpenHashMap<>();
    for (Object2LongMap<String> f : flows) {
      for (var e : f.object2LongEntrySet()) {
        String key = e.getKey();
        if (out.containsKey(key)) {
          out.put(key, reduce.apply(out.getLong(key), e.getLongValue()));
        } else {
          out.put(key, e.getLongValue());
        }
      }
    }
    return out;
  }

  /** Serialized size of a flow. */
  public static long bytes(Object2LongMap<String> flow) {
    long b = 0;
    for (String k : flow.keySet()) {
      b += 2 + k.getBytes(StandardCharsets.UTF_8).length + 8;
    }
    return b;
  }
}
