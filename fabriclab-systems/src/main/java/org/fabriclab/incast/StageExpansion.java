package org.fabriclab.incast;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;

/**
 * The stage-by-stage expansion shared by the RS-based, ARS-based and intra-stage builders of seed
 * 004 §IV-A/B (package-private engine). Stage {@code j} holds the tree servers at Hamming distance
 * {@code j} from the receiver; going from stage {@code d} down to 1, each server picks its parent
 * by Definition 3 under routing symbol {@code e_j}:
 *
 * <ol>
 *   <li>if it differs from the receiver in {@code e_j}, the parent is itself with digit {@code e_j}
 *       set to the receiver's (so servers differing only in {@code e_j} share it: a group);
 *   <li>otherwise the parent corrects {@code ē_j}, the "rightmost" differing dimension of the
 *       list "{@code e_{k+1}} to {@code e_{j+1}}" as the paper writes it, i.e. the first differing
 *       one of {@code e_{j+1}, e_{j+2}, …}. (Reading "rightmost" in the sequence {@code e_1…e_d}
 *       instead — the largest index — also gives valid trees, about 1% costlier on BCube(8,5)
 *       with 1,000 senders.)
 * </ol>
 *
 * <p>Symbols come from a fixed sequence (RS) or are chosen per stage, from the top, as the one
 * giving the smallest next stage (ARS, Thm. 3; ties to the lowest dimension). The intra-stage
 * option (end of §IV-B) re-parents a server alone in its group, whose parent would be a pure relay
 * (no sender, no other child), onto a one-hop neighbour at the same stage that keeps its route;
 * the relay disappears. Cost: O(d·m) per stage for a fixed symbol, O(d²·m) in all for ARS,
 * plus O(d·n) per singleton for the intra-stage search.
 */
final class StageExpansion {
  private final IncastTransfer t;
  private final BCubeLabels L;
  private final int[] active;
  private long parentEvaluations;

  StageExpansion(IncastTransfer transfer) {
    this.t = transfer;
    this.L = transfer.labels();
    this.active = transfer.activeDims();
  }

  int[] activeDims() {
    return active;
  }

  /** Definition-3 parent computations so far (the unit of work of Thm. 2 and Thm. 3). */
  long parentEvaluations() {
    return parentEvaluations;
  }

  /**
   * Builds the tree.
   *
   * @param fixed routing sequence over the active dimensions ({@code fixed[j-1] = e_j}), or null
   *     for the adaptive (ARS) choice
   * @param intra apply the intra-stage optimisation
   */
  IncastTree build(int[] fixed, boolean intra, String method) {
    int d = active.length;
    int r = t.receiver();
    IntArrayList[] stage = new IntArrayList[d + 1];
    IntOpenHashSet[] member = new IntOpenHashSet[d + 1];
    for (int j = 0; j <= d; j++) {
      stage[j] = new IntArrayList();
      member[j] = new IntOpenHashSet();
    }
    for (int s : t.senders()) {
      int h = L.hamming(s, r);
      stage[h].add(s);
      member[h].add(s);
    }
    int[] seq = new int[d];
    boolean[] used = new boolean[L.dims()];
    TreeAssembler tree = new TreeAssembler(t);
    for (int j = d; j >= 1; j--) {
      int e;
      if (fixed != null) {
        e = fixed[j - 1];
      } else {
        e = -1;
        int best = Integer.MAX_VALUE;
        for (int cand : active) {
          if (used[cand]) {
            continue;
          }
          int size = nextStageSize(stage[j], member[j - 1], cand, seq, j, d);
          if (size < best) {
            best = size;
            e = cand;
          }
        }
      }
      seq[j - 1] = e;
      used[e] = true;
      Int2IntOpenHashMap childCount = new Int2IntOpenHashMap();
      int[] parents = new int[stage[j].size()];
      for (int i = 0; i < parents.length; i++) {
        parents[i] = parentOf(stage[j].getInt(i), e, seq, j, d);
        childCount.addTo(parents[i], 1);
      }
      boolean[] redirected = new boolean[parents.length];
      if (intra && j >= 2) {
        intraStage(stage[j], member[j], parents, childCount, member[j - 1], redirected, tree);
      }
      for (int i = 0; i < parents.length; i++) {
        if (redirected[i]) {
          continue;
        }
        int x = stage[j].getInt(i);
        tree.setParent(x, parents[i]);
        if (j - 1 > 0 && member[j - 1].add(parents[i])) {
          stage[j - 1].add(parents[i]);
        }
      }
    }
    return tree.build(method, seq, true);
  }

  private void intraStage(
      IntArrayList servers,
      IntOpenHashSet here,
      int[] parents,
      Int2IntOpenHashMap childCount,
      IntOpenHashSet sendersBelow,
      boolean[] redirected,
      TreeAssembler tree) {
    Int2IntOpenHashMap index = new Int2IntOpenHashMap(servers.size() * 2);
    index.defaultReturnValue(-1);
    for (int i = 0; i < servers.size(); i++) {
      index.put(servers.getInt(i), i);
    }
    boolean[] anchor = new boolean[parents.length];
    for (int i = 0; i < parents.length; i++) {
      int x = servers.getInt(i);
      if (anchor[i] || childCount.get(parents[i]) != 1 || sendersBelow.contains(parents[i])) {
        continue;
      }
      int target = -1;
      for (int dim : active) {
        int own = L.digit(x, dim);
        for (int v = 0; v < L.n() && target < 0; v++) {
          if (v == own) {
            continue;
          }
          int y = L.withDigit(x, dim, v);
          int yi = index.get(y);
          if (yi >= 0 && !redirected[yi]) {
            target = yi;
          }
        }
        if (target >= 0) {
          break;
        }
      }
      if (target >= 0) {
        redirected[i] = true;
        anchor[target] = true;
        tree.setParent(x, servers.getInt(target));
      }
    }
  }

  private final IntOpenHashSet scratch = new IntOpenHashSet();

  private int nextStageSize(IntArrayList servers, IntOpenHashSet below, int e, int[] seq, int j, int d) {
    IntOpenHashSet next = scratch;
    next.clear();
    seq[j - 1] = e;
    int extra = 0;
    for (int i = 0; i < servers.size(); i++) {
      int p = parentOf(servers.getInt(i), e, seq, j, d);
      if (!below.contains(p) && next.add(p)) {
        extra++;
      }
    }
    return below.size() + extra;
  }

  /** Definition 3: the parent at stage j-1 of server x at stage j. */
  int parentOf(int x, int e, int[] seq, int j, int d) {
    parentEvaluations++;
    int r = t.receiver();
    int re = L.digit(r, e);
    if (L.digit(x, e) != re) {
      return L.withDigit(x, e, re);
    }
    for (int i = j + 1; i <= d; i++) {
      int dim = seq[i - 1];
      int rd = L.digit(r, dim);
      if (L.digit(x, dim) != rd) {
        return L.withDigit(x, dim, rd);
      }
    }
    throw new IllegalStateException("server " + x + " at stage " + j + " has no dimension to correct");
  }
}
