package org.fabriclab.sim.collective;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.List;
import org.fabriclab.error.InvalidParameterException;

/**
 * Group communication as a DAG of operations over ranks 0..ranks−1: the one model every
 * collective, scheme and imported schedule compiles to, and both engines execute.
 *
 * <ul>
 *   <li>{@link #transfer}: {@code bytes} from one rank to another; it starts once its
 *       dependencies have completed and completes when its last byte is at the receiver (an RDMA
 *       write or a matched MPI send/receive pair);
 *   <li>{@link #multicast}: {@code bytes} from one rank to several at once, replicated by the
 *       fabric (IP multicast, optical splitters); it completes when every receiver holds them;
 *   <li>{@link #aggregate}: {@code bytes} from several ranks combined by the fabric on their way
 *       to one rank (switch aggregation): every link of the sources' paths carries them once;
 *   <li>{@link #step}: a local operation of a rank that takes a fixed time (a reduction of {@code
 *       b} bytes at a byte rate, a copy, a computation; 0 is a pure join of its dependencies).
 * </ul>
 *
 * <p>The builder is append-only and a node's dependencies name earlier nodes only, so every
 * schedule is acyclic by construction; a reader of a foreign format orders its operations first
 * (and reports a cycle there). Storage is primitive arrays, dependencies in one flat list
 * (compressed rows), so a schedule of a million operations takes tens of megabytes.
 *
 * <p>For reporting, a schedule has a {@link #name} and its nodes belong to labelled {@link
 * #phase phases} (a broadcast of an HPL iteration, a group of a workload): {@link #beginPhase}
 * opens one and the nodes added next belong to it. A composition {@link #append appends} a whole
 * schedule over a mapping of its ranks, after given nodes.
 */
public final class CollectiveSchedule {
  /** Node kinds. */
  public enum Kind {
    TRANSFER,
    MULTICAST,
    AGGREGATE,
    STEP
  }

  private static final Kind[] KINDS = Kind.values();
  private final int ranks;
  private final IntArrayList kind = new IntArrayList();
  private final IntArrayList from = new IntArrayList();
  private final IntArrayList to = new IntArrayList(); // receiver, multicast group index, or -1
  private final LongArrayList bytes = new LongArrayList();
  private final LongArrayList durationPs = new LongArrayList();
  private final IntArrayList depStart = new IntArrayList(new int[] {0});
  private final IntArrayList deps = new IntArrayList();
  private final List<int[]> receivers = new ArrayList<>();
  private final IntArrayList phaseOf = new IntArrayList();
  private final List<String> phaseLabels = new ArrayList<>();
  private int currentPhase = -1;
  private String name = "";

  /** An empty schedule over {@code ranks} ranks (≥ 1). */
  public CollectiveSchedule(int ranks) {
    InvalidParameterException.requireRange("ranks", ranks, 1, Integer.MAX_VALUE);
    this.ranks = ranks;
  }

  public int ranks() {
    return ranks;
  }

  /** The schedule's name for reports (the algorithm's, e.g. {@code binomial}); empty by default. */
  public String name() {
    return name;
  }

  /** Sets {@link #name}; returns this schedule. */
  public CollectiveSchedule named(String name) {
    this.name = java.util.Objects.requireNonNull(name, "name");
    return this;
  }

  /** Opens a phase labelled {@code label}: the nodes added from now on belong to it. Returns its index. */
  public int beginPhase(String label) {
    phaseLabels.add(java.util.Objects.requireNonNull(label, "label"));
    currentPhase = phaseLabels.size() - 1;
    return currentPhase;
  }

  /** Phases opened so far. */
  public int phases() {
    return phaseLabels.size();
  }

  /** The label of phase {@code p}. */
  public String phaseLabel(int p) {
    return phaseLabels.get(p);
  }

  /** The phase of {@code node}, −1 when it was added before any {@link #beginPhase}. */
  public int phase(int node) {
    return phaseOf.getInt(node);
  }

  /**
   * Appends every node of {@code sub} with its rank {@code r} mapped to {@code rankOf[r]} (an
   * injective map into this schedule's ranks; a step keeps its duration, a multicast's or
   * aggregation's rank set is mapped member by member), its dependencies renumbered, and the
   * nodes of {@code sub} without dependencies made to wait for {@code after}. The appended nodes
   * keep this schedule's current phase. Returns the id of {@code sub}'s node 0 here: node {@code
   * v} of {@code sub} becomes node {@code offset + v}. O(nodes + dependencies of {@code sub}).
   */
  public int append(CollectiveSchedule sub, int[] rankOf, int... after) {
    if (rankOf.length != sub.ranks) {
      throw new InvalidParameterException("rank map", rankOf.length,
          "one host rank per rank of the appended schedule, " + sub.ranks);
    }
    java.util.BitSet used = new java.util.BitSet(ranks);
    for (int r : rankOf) {
      requireRank("mapped rank", r);
      if (used.get(r)) {
        throw new InvalidParameterException("rank map", "rank " + r + " is the image of two ranks");
      }
      used.set(r);
    }
    int offset = size();
    for (int v = 0; v < sub.size(); v++) {
      int n = sub.dependencyCount(v);
      int[] deps = n == 0 ? after.clone() : new int[n];
      for (int i = 0; i < n; i++) {
        deps[i] = offset + sub.dependency(v, i);
      }
      switch (sub.kind(v)) {
        case TRANSFER -> transfer(rankOf[sub.rank(v)], rankOf[sub.receiver(v)], sub.bytes(v), deps);
        case MULTICAST -> multicast(rankOf[sub.rank(v)], map(sub.receivers(v), rankOf), sub.bytes(v), deps);
        case AGGREGATE -> aggregate(map(sub.sources(v), rankOf), rankOf[sub.rank(v)], sub.bytes(v), deps);
        case STEP -> step(rankOf[sub.rank(v)], sub.durationPs(v), deps);
      }
    }
    return offset;
  }

  private static int[] map(int[] rs, int[] rankOf) {
    int[] out = new int[rs.length];
    for (int i = 0; i < rs.length; i++) {
      out[i] = rankOf[rs[i]];
    }
    return out;
  }

  /** Nodes added so far. */
  public int size() {
    return kind.size();
  }

  /**
   * Adds a transfer of {@code bytes} (≥ 1) from rank {@code src} to rank {@code dst} (different)
   * that starts once every node of {@code after} has completed. Returns its id.
   */
  public int transfer(int src, int dst, long bytes, int... after) {
    requireRank("source rank", src);
    requireRank("destination rank", dst);
    if (src == dst) {
      throw new InvalidParameterException("transfer", "a transfer from rank " + src + " to itself");
    }
    InvalidParameterException.requireRange("bytes", bytes, 1, Long.MAX_VALUE / 4);
    return add(Kind.TRANSFER, src, dst, bytes, 0, after);
  }

  /**
   * Adds a multicast of {@code bytes} (≥ 1) from {@code src} to the distinct ranks {@code dsts}
   * (not including {@code src}; copied). Returns its id.
   */
  public int multicast(int src, int[] dsts, long bytes, int... after) {
    requireRank("source rank", src);
    if (dsts.length == 0) {
      throw new InvalidParameterException("multicast", "a multicast needs at least one receiver");
    }
    java.util.BitSet seen = new java.util.BitSet(ranks);
    for (int d : dsts) {
      requireRank("destination rank", d);
      if (d == src || seen.get(d)) {
        throw new InvalidParameterException("multicast", "receiver rank " + d
            + (d == src ? " is the source" : " is listed twice"));
      }
      seen.set(d);
    }
    InvalidParameterException.requireRange("bytes", bytes, 1, Long.MAX_VALUE / 4);
    receivers.add(dsts.clone());
    return add(Kind.MULTICAST, src, receivers.size() - 1, bytes, 0, after);
  }

  /**
   * Adds an in-network aggregation of {@code bytes} (≥ 1) from the distinct ranks {@code srcs}
   * (not including {@code dst}; copied) to {@code dst}. Returns its id.
   */
  public int aggregate(int[] srcs, int dst, long bytes, int... after) {
    requireRank("destination rank", dst);
    if (srcs.length == 0) {
      throw new InvalidParameterException("aggregate", "an aggregation needs at least one source");
    }
    java.util.BitSet seen = new java.util.BitSet(ranks);
    for (int d : srcs) {
      requireRank("source rank", d);
      if (d == dst || seen.get(d)) {
        throw new InvalidParameterException("aggregate", "source rank " + d
            + (d == dst ? " is the destination" : " is listed twice"));
      }
      seen.set(d);
    }
    InvalidParameterException.requireRange("bytes", bytes, 1, Long.MAX_VALUE / 4);
    receivers.add(srcs.clone());
    return add(Kind.AGGREGATE, dst, receivers.size() - 1, bytes, 0, after);
  }

  /** Adds a local step of rank {@code rank} taking {@code durationPs} (≥ 0). Returns its id. */
  public int step(int rank, long durationPs, int... after) {
    requireRank("rank", rank);
    InvalidParameterException.requireRange("durationPs", durationPs, 0, Long.MAX_VALUE / 4);
    return add(Kind.STEP, rank, -1, 0, durationPs, after);
  }

  private int add(Kind k, int a, int b, long n, long dur, int[] after) {
    int id = kind.size();
    for (int d : after) {
      if (d < 0 || d >= id) {
        throw new InvalidParameterException("dependency", d, "a node added earlier, 0.." + (id - 1));
      }
    }
    kind.add(k.ordinal());
    from.add(a);
    to.add(b);
    bytes.add(n);
    durationPs.add(dur);
    deps.addElements(deps.size(), after);
    depStart.add(deps.size());
    phaseOf.add(currentPhase);
    return id;
  }

  private void requireRank(String what, int r) {
    if (r < 0 || r >= ranks) {
      throw new InvalidParameterException(what, r, "valid range 0.." + (ranks - 1));
    }
  }

  public Kind kind(int node) {
    return KINDS[kind.getInt(node)];
  }

  /** The sender of a transfer or multicast, the destination of an aggregation, the rank of a step. */
  public int rank(int node) {
    return from.getInt(node);
  }

  /** The receiver of a transfer (−1 for other kinds). */
  public int receiver(int node) {
    return kind.getInt(node) == Kind.TRANSFER.ordinal() ? to.getInt(node) : -1;
  }

  /**
   * The ranks at the other end: a transfer's receiver, a multicast's receivers, an aggregation's
   * sources; none for a step. Not a copy.
   */
  public int[] receivers(int node) {
    return switch (kind(node)) {
      case TRANSFER -> new int[] {to.getInt(node)};
      case MULTICAST, AGGREGATE -> receivers.get(to.getInt(node));
      case STEP -> new int[0];
    };
  }

  /** The sources of an aggregation (not a copy); other kinds: none. */
  public int[] sources(int node) {
    return kind(node) == Kind.AGGREGATE ? receivers.get(to.getInt(node)) : new int[0];
  }

  /** Bytes of a transfer or multicast (0 for a step). */
  public long bytes(int node) {
    return bytes.getLong(node);
  }

  /** Duration of a step (0 for the other kinds). */
  public long durationPs(int node) {
    return durationPs.getLong(node);
  }

  /** Number of dependencies of {@code node}. */
  public int dependencyCount(int node) {
    return depStart.getInt(node + 1) - depStart.getInt(node);
  }

  /** The {@code i}-th dependency of {@code node}. */
  public int dependency(int node, int i) {
    return deps.getInt(depStart.getInt(node) + i);
  }

  /** Dependencies of every node as compressed rows: {@code deps[offsets[v] .. offsets[v+1])}. */
  public int[] dependencyOffsets() {
    return depStart.toIntArray();
  }

  /** See {@link #dependencyOffsets()}. */
  public int[] dependencyArray() {
    return deps.toIntArray();
  }

  /**
   * The dependents of every node as compressed rows (the reverse of the dependencies): element
   * {@code [0]} offsets (size + 1), {@code [1]} the dependents. O(nodes + dependencies).
   */
  public int[][] dependents() {
    int n = size();
    int[] off = new int[n + 1];
    for (int i = 0; i < deps.size(); i++) {
      off[deps.getInt(i) + 1]++;
    }
    for (int v = 0; v < n; v++) {
      off[v + 1] += off[v];
    }
    int[] fill = java.util.Arrays.copyOf(off, n);
    int[] out = new int[deps.size()];
    for (int v = 0; v < n; v++) {
      for (int i = depStart.getInt(v); i < depStart.getInt(v + 1); i++) {
        out[fill[deps.getInt(i)]++] = v;
      }
    }
    return new int[][] {off, out};
  }

  /** Transfers and multicasts (nodes that move bytes). */
  public int messages() {
    int c = 0;
    for (int i = 0; i < kind.size(); i++) {
      c += kind.getInt(i) != Kind.STEP.ordinal() ? 1 : 0;
    }
    return c;
  }

  /** Bytes sent by each rank (a multicast counts once, at its source; an aggregation once per source). */
  public long[] bytesSentPerRank() {
    long[] s = new long[ranks];
    for (int i = 0; i < kind.size(); i++) {
      if (kind.getInt(i) == Kind.AGGREGATE.ordinal()) {
        for (int src : receivers.get(to.getInt(i))) {
          s[src] += bytes.getLong(i);
        }
      } else if (kind.getInt(i) != Kind.STEP.ordinal()) {
        s[from.getInt(i)] += bytes.getLong(i);
      }
    }
    return s;
  }
}
