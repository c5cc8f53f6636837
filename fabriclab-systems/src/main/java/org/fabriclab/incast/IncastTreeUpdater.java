package org.fabriclab.incast;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;

/**
 * Incremental updates of an RS/ARS incast tree for dynamic members, seed 004 §IV-C and §IV-D.
 * Join: the new sender's unicast path by Definition 3 under the tree's routing sequence, up to the
 * first server already in the tree (O(k)); no other sender's path changes. Leave: the sender's
 * flow is withdrawn and servers left without any flow leave the tree (O(path)). Receiver
 * replacement: the RS tree of the same sequence for the new receiver; when the two receivers are
 * neighbours in dimension {@code e_j} the stages above {@code j} are reused unchanged, and the
 * update reports how many edges were reused. {@link #substitutes} ranks the best new receivers:
 * the receiver's neighbours in {@code e_1}, then {@code e_2}, …
 */
public final class IncastTreeUpdater {
  private IncastTreeUpdater() {}

  /** Adds {@code sender} (unit size) to the transfer of {@code tree}. */
  public static TreeUpdate join(IncastTree tree, IncastTransfer t, int sender) {
    BCubeLabels L = t.labels();
    L.requireServer("--sender", sender);
    if (t.senderIndex(sender) >= 0) {
      throw new InvalidParameterException("--sender", "server " + sender + " is already a sender");
    }
    int[] s = Arrays.copyOf(t.senders(), t.senderCount() + 1);
    double[] z = Arrays.copyOf(t.sizes(), s.length);
    s[s.length - 1] = sender;
    z[s.length - 1] = 1.0;
    IncastTransfer nt = new IncastTransfer(L, t.receiver(), s, z);
    int[] seq = extendedSequence(tree.sequence(), nt.activeDims());
    TreeAssembler a = assembler(tree, nt);
    int r = t.receiver();
    int v = sender;
    while (!a.contains(v)) {
      int j = L.hamming(v, r);
      int e = seq[j - 1];
      int p;
      if (L.digit(v, e) != L.digit(r, e)) {
        p = L.withDigit(v, e, L.digit(r, e));
      } else {
        p = -1;
        for (int i = j + 1; i <= seq.length && p < 0; i++) {
          int dim = seq[i - 1];
          if (L.digit(v, dim) != L.digit(r, dim)) {
            p = L.withDigit(v, dim, L.digit(r, dim));
          }
        }
      }
      a.setParent(v, p);
      v = p;
    }
    IncastTree after = a.build(tree.method(), seq, tree.inNetworkAggregation());
    return TreeUpdate.diff("join " + sender, tree, after, nt, List.of(), 0);
  }

  /** Removes {@code sender} from the transfer. */
  public static TreeUpdate leave(IncastTree tree, IncastTransfer t, int sender) {
    if (t.senderIndex(sender) < 0) {
      throw new InvalidParameterException("--sender", "server " + sender + " is not a sender");
    }
    if (t.senderCount() == 1) {
      throw new InvalidParameterException("--sender", "the last sender cannot leave");
    }
    int[] s = Arrays.stream(t.senders()).filter(x -> x != sender).toArray();
    double[] z = new double[s.length];
    for (int i = 0; i < s.length; i++) {
      z[i] = t.sizes()[t.senderIndex(s[i])];
    }
    IncastTransfer nt = new IncastTransfer(t.labels(), t.receiver(), s, z);
    IncastTree after = assembler(tree, nt).build(tree.method(), tree.sequence(), tree.inNetworkAggregation());
    return TreeUpdate.diff("leave " + sender, tree, after, nt, List.of(), 0);
  }

  /** Moves the receiver to {@code newReceiver}, rebuilding below the reusable stages. */
  public static TreeUpdate replaceReceiver(IncastTree tree, IncastTransfer t, int newReceiver) {
    t.labels().requireServer("--receiver", newReceiver);
    // §V-A: a sender on the new receiver's server aggregates locally and leaves the transfer
    IncastTransfer base = t;
    if (t.senderIndex(newReceiver) >= 0) {
      base = leave(tree, t, newReceiver).transfer();
    }
    IncastTransfer nt = base.withReceiver(newReceiver);
    int[] seq = extendedSequence(tree.sequence(), nt.activeDims());
    IncastTree after = new StageExpansion(nt).build(
        RoutingSequence.restrict(seq, nt.activeDims(), t.labels().dims()), false, tree.method());
    return TreeUpdate.diff("receiver " + t.receiver() + " -> " + newReceiver, tree, after, nt, List.of(), 0);
  }

  /**
   * Candidate new receivers, best first (§IV-D): the receiver's neighbours in dimension
   * {@code e_1}, then {@code e_2}, …, then the remaining dimensions; senders excluded.
   */
  public static int[] substitutes(IncastTree tree, IncastTransfer t) {
    BCubeLabels L = t.labels();
    int[] seq = extendedSequence(tree.sequence(), allDims(L.dims()));
    it.unimi.dsi.fastutil.ints.IntArrayList out = new it.unimi.dsi.fastutil.ints.IntArrayList();
    for (int e : seq) {
      for (int v = 0; v < L.n(); v++) {
        int c = L.withDigit(t.receiver(), e, v);
        if (c != t.receiver() && t.senderIndex(c) < 0) {
          out.add(c);
        }
      }
    }
    return out.toIntArray();
  }

  /** The tree's sequence followed by any further dimensions, ascending, restricted to {@code dims}. */
  static int[] extendedSequence(int[] seq, int[] dims) {
    boolean[] in = new boolean[64];
    for (int d : dims) {
      in[d] = true;
    }
    it.unimi.dsi.fastutil.ints.IntArrayList out = new it.unimi.dsi.fastutil.ints.IntArrayList();
    boolean[] used = new boolean[64];
    for (int e : seq) {
      if (in[e]) {
        out.add(e);
      }
      used[e] = true;
    }
    for (int d : dims) {
      if (!used[d]) {
        out.add(d);
      }
    }
    return out.toIntArray();
  }

  static int[] allDims(int n) {
    int[] d = new int[n];
    for (int i = 0; i < n; i++) {
      d[i] = i;
    }
    return d;
  }

  /** An assembler pre-loaded with the tree's edges. */
  static TreeAssembler assembler(IncastTree tree, IncastTransfer nt) {
    TreeAssembler a = new TreeAssembler(nt);
    for (int i = 1; i < tree.size(); i++) {
      a.setParent(tree.nodes()[i], tree.parentServer(i));
    }
    return a;
  }

  static Int2IntOpenHashMap index(IncastTree t) {
    return t.indexMap();
  }
}
