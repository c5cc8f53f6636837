package org.fabriclab.gleam;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabriclab.topology.fattree.FatTree;

/**
 * The group of seed 002 Fig. 4 placed on a k=4 fat-tree (a model input of the Fig. 18 checks): the
 * source S and R1 in pod 0 on different edge switches, R2 and R3 in pod 1; S1 is pod 0's first
 * aggregation switch. Shared by the computed and the packet-level registration experiments.
 */
record Fig4Placement(FatTree fatTree, int source, int r1, int r2, int r3, int s1) {
  /** The tolerance of the Fig. 18 checks. */
  static final String SPLIT_TOL = "the same member split";

  /** The placement on {@code ft} (k = 4 in the paper's figure). */
  static Fig4Placement on(FatTree ft) {
    return new Fig4Placement(ft, ft.server(0, 0, 0), ft.server(0, 1, 0), ft.server(1, 0, 0),
        ft.server(1, 1, 0), ft.aggregationSwitch(0, 0));
  }

  /** S, R1, R2, R3 with receive QPNs 1..4. */
  List<GroupMember> members() {
    return List.of(new GroupMember(source, 1), new GroupMember(r1, 2), new GroupMember(r2, 3),
        new GroupMember(r3, 4));
  }

  /**
   * The envelopes S1 sends in {@code g}, each as its receivers' numbers, e.g. {@code "[1] + [2,
   * 3]"} for Fig. 18 (R1 towards L2, R2 and R3 towards a core switch).
   */
  String splitAtS1(Registration g) {
    List<String> split = new ArrayList<>();
    for (EnvelopeSend e : g.envelopes()) {
      if (e.node() == s1) {
        split.add(Arrays.toString(
            Arrays.stream(e.memberHosts()).map(h -> h == r1 ? 1 : h == r2 ? 2 : 3).toArray()));
      }
    }
    return String.join(" + ", split);
  }
}
