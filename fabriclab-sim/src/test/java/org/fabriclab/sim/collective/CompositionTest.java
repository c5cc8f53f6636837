package org.fabriclab.sim.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fabriclab.error.InvalidParameterException;
import org.junit.jupiter.api.Test;

/**
 * Composing schedules: appending one over a rank map after given nodes, phases and names; a root
 * step of no time on the packet engine starts its dependents once (a double start would put the
 * transfer's bytes twice on the sender's link).
 */
class CompositionTest {
  @Test
  void appendMapsRanksRenumbersDependenciesAndWaitsForTheGivenNodes() {
    CollectiveSchedule sub = new CollectiveSchedule(3);
    int a = sub.transfer(0, 1, 100);
    sub.multicast(1, new int[] {0, 2}, 50, a);
    sub.step(2, 7);
    CollectiveSchedule s = new CollectiveSchedule(6).named("two");
    int p = s.beginPhase("first");
    int gate = s.step(5, 3);
    int off = s.append(sub, new int[] {4, 2, 0}, gate);
    assertThat(off).isEqualTo(1);
    assertThat(s.size()).isEqualTo(4);
    assertThat(s.rank(1)).isEqualTo(4);
    assertThat(s.receiver(1)).isEqualTo(2);
    assertThat(s.dependencyCount(1)).isEqualTo(1);
    assertThat(s.dependency(1, 0)).isEqualTo(gate);
    assertThat(s.receivers(2)).containsExactly(4, 0);
    assertThat(s.dependency(2, 0)).isEqualTo(1);
    assertThat(s.rank(3)).isZero();
    assertThat(s.durationPs(3)).isEqualTo(7);
    assertThat(s.dependency(3, 0)).isEqualTo(gate);
    assertThat(s.phase(3)).isEqualTo(p);
    assertThat(s.phaseLabel(p)).isEqualTo("first");
    assertThat(s.name()).isEqualTo("two");
    assertThatThrownBy(() -> s.append(sub, new int[] {1, 1, 2}))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("two ranks");
    assertThatThrownBy(() -> s.append(sub, new int[] {1, 2}))
        .isInstanceOf(InvalidParameterException.class).hasMessageContaining("rank map");
  }

  @Test
  void aRootStepOfNoTimeStartsItsTransferOnce() {
    Star star = new Star(2);
    CollectiveSchedule s = new CollectiveSchedule(2);
    int go = s.step(0, 0);
    s.transfer(0, 1, 100_000, go);
    CollectiveResult r = star.packet(s, 0);
    CollectiveSchedule lone = new CollectiveSchedule(2);
    lone.transfer(0, 1, 100_000);
    CollectiveResult l = star.packet(lone, 0);
    assertThat(r.rootUplinkBytes()).isEqualTo(l.rootUplinkBytes());
    assertThat(r.jctPs()).isEqualTo(l.jctPs());
    // one copy of the payload left the root: its bytes on the wire, headers per 1024 B packet
    assertThat(r.rootUplinkBytes()).isEqualTo(Star.wire(100_000));
  }
}
