package org.fabriclab.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.lang.management.ManagementFactory;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link SizeEstimate#peakBytes} is an upper bound of what a build needs. The
 * bytes a thread allocates while building (the JVM's own counter, independent of the estimate)
 * bound the peak live heap of the build from above, so estimate >= allocated proves the estimate
 * an upper bound of the peak. Instances are mid-sized (1e5..1e6 links) so class loading and the
 * registry's parsing are noise; every family is covered, and BCube with many label fields (the
 * family whose advice was wrong).
 */
class SizeEstimateBoundTest {
  private static final Map<String, Map<String, String>> CASES = Map.ofEntries(
      Map.entry("fattree", Map.of("k", "24")),
      Map.entry("clos", Map.of("tiers", "3", "ports", "24")),
      Map.entry("jellyfish", Map.of("switches", "3000", "ports", "24", "servers-per-switch", "8")),
      Map.entry("tworandom", Map.of("k", "20")),
      Map.entry("bcube", Map.of("n", "2", "k", "14")),
      Map.entry("fbfly", Map.of("k", "8", "n", "4", "c", "8")),
      Map.entry("hyperx", Map.of("dims", "6,6,6", "servers-per-switch", "6")),
      Map.entry("torus", Map.of("dims", "16,16,16")),
      Map.entry("mltree", Map.of("tors", "20000", "ports", "8", "servers-per-tor", "4")));

  @Test
  void estimateBoundsTheBytesABuildAllocates() {
    java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    assumeThat(mx).isInstanceOf(com.sun.management.ThreadMXBean.class);
    com.sun.management.ThreadMXBean sun = (com.sun.management.ThreadMXBean) mx;
    assumeThat(sun.isThreadAllocatedMemorySupported()).isTrue();
    sun.setThreadAllocatedMemoryEnabled(true);
    TopologyFamilies families = TopologyFamilies.load();
    long tid = Thread.currentThread().getId();
    for (Map.Entry<String, Map<String, String>> c : CASES.entrySet()) {
      TopologyFamily f = families.get(c.getKey());
      Params p = families.parse(c.getKey(), c.getValue());
      f.build(p); // warm-up: class loading is not the build's
      long before = sun.getThreadAllocatedBytes(tid);
      var t = f.build(p);
      long allocated = sun.getThreadAllocatedBytes(tid) - before;
      SizeEstimate e = f.estimate(p);
      assertThat(e.nodes()).as(c.getKey()).isEqualTo(t.nodeCount());
      assertThat(e.directedLinks()).as(c.getKey()).isEqualTo(t.linkCount());
      assertThat(e.peakBytes()).as(c.getKey() + " " + c.getValue() + " allocated " + allocated)
          .isGreaterThanOrEqualTo(allocated);
    }
  }

  @Test
  void bcubeAdviceIsConsistentAndWithinTheHeap() {
    // the case: the advice for --k 23 must itself fit, and asking again gives the same
    TopologyFamilies families = TopologyFamilies.load();
    TopologyFamily f = families.get("bcube");
    long heap = 4L << 30;
    String advice = message(families, f, "23", heap);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("--k 0\\.\\.(\\d+)").matcher(advice);
    assertThat(m.find()).as(advice).isTrue();
    long best = Long.parseLong(m.group(1));
    Params ok = families.parse("bcube", Map.of("n", "2", "k", Long.toString(best)));
    assertThat(f.estimate(ok).peakBytes()).isLessThanOrEqualTo((long) (heap * 0.85));
    Params next = families.parse("bcube", Map.of("n", "2", "k", Long.toString(best + 1)));
    assertThat(f.estimate(next).peakBytes()).isGreaterThan((long) (heap * 0.85));
    assertThat(message(families, f, Long.toString(best + 1), heap)).contains("--k 0.." + best);
  }

  private static String message(TopologyFamilies families, TopologyFamily f, String k, long heap) {
    Params p = families.parse("bcube", Map.of("n", "2", "k", k));
    try {
      TopologyFamilies.build(f, p, heap);
      return "(built)";
    } catch (org.fabriclab.error.InvalidParameterException e) {
      return e.getMessage();
    }
  }
}
