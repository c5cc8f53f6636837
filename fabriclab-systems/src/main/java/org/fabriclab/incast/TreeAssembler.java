package org.fabriclab.incast;

import it.unimi.dsi.fastutil.ints.Int2IntLinkedOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;

/**
 * Collects child → parent server edges and builds an {@link IncastTree}; keeps only nodes that
 * carry a sender's flow. Package-private helper of the builders. O(N).
 */
final class TreeAssembler {
  private final IncastTransfer transfer;
  private final Int2IntLinkedOpenHashMap parentOf = new Int2IntLinkedOpenHashMap();

  TreeAssembler(IncastTransfer transfer) {
    this.transfer = transfer;
    parentOf.defaultReturnValue(Integer.MIN_VALUE);
  }

  boolean contains(int server) {
    return server == transfer.receiver() || parentOf.containsKey(server);
  }

  int parentOf(int server) {
    return parentOf.get(server);
  }

  void setParent(int child, int parent) {
    parentOf.put(child, parent);
  }

  IncastTree build(String method, int[] sequence, boolean aggregation) {
    int r = transfer.receiver();
    Int2IntOpenHashMap index = new Int2IntOpenHashMap();
    index.defaultReturnValue(-1);
    // Keep the nodes on some sender's path.
    it.unimi.dsi.fastutil.ints.IntArrayList order = new it.unimi.dsi.fastutil.ints.IntArrayList();
    index.put(r, 0);
    order.add(r);
    for (int s : transfer.senders()) {
      int v = s;
      it.unimi.dsi.fastutil.ints.IntArrayList path = new it.unimi.dsi.fastutil.ints.IntArrayList();
      while (index.get(v) < 0) {
        path.add(v);
        int p = parentOf.get(v);
        if (p == Integer.MIN_VALUE) {
          throw new IllegalStateException("server " + v + " has no route to the receiver");
        }
        v = p;
        if (path.size() > parentOf.size() + 1) {
          throw new IllegalStateException("routing loop at " + v);
        }
      }
      for (int i = path.size() - 1; i >= 0; i--) {
        index.put(path.getInt(i), order.size());
        order.add(path.getInt(i));
      }
    }
    int[] nodes = order.toIntArray();
    int[] parent = new int[nodes.length];
    double[] own = new double[nodes.length];
    parent[0] = -1;
    for (int i = 1; i < nodes.length; i++) {
      parent[i] = index.get(parentOf.get(nodes[i]));
    }
    int[] senders = transfer.senders();
    for (int i = 0; i < senders.length; i++) {
      own[index.get(senders[i])] = transfer.sizes()[i];
    }
    return new IncastTree(transfer.labels(), method, nodes, parent, own, sequence, aggregation);
  }
}
