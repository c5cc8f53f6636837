package org.fabriclab.gleam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Seed 002 §3.3, Fig. 5: the extended multicast forwarding table and its byte layout. */
class MulticastForwardingTableTest {
  @Test
  void layoutFieldsAddUpToTheStatedWidths() {
    int groupBits = 0;
    int portBits = 0;
    for (TableLayout.Field f : TableLayout.fields()) {
      if (f.owner().equals("group")) {
        groupBits += f.bits();
      } else {
        portBits += f.bits();
      }
    }
    // GroupIP 4 + last_ack 3 + ack_out 1 + min_port 1 + ePSN 3 + valid 1 + count 1
    assertThat(groupBits).isEqualTo(8 * (4 + 3 + 1 + 1 + 3 + 1 + 1));
    // port 1 + type 1 + ack_psn 3 + IP 4 + QPN 3 + congestion 2
    assertThat(portBits).isEqualTo(8 * (1 + 1 + 3 + 4 + 3 + 2));
    assertThat(TableLayout.GROUP_HEADER_BYTES * 8).isEqualTo(groupBits);
    assertThat(TableLayout.ENTRY_BYTES * 8).isEqualTo(portBits);
  }

  @Test
  void oneThousandGroupsOnSixtyFourPortsBesideThePapersFigure() {
    long bytes = TableLayout.tableBytes(1024, 64);
    assertThat(bytes).isEqualTo(1024L * (14 + 14 * 64));
    // §3.3: "1K multicast groups at most cost 0.92MB": within 2 %
    assertThat((double) bytes / TableLayout.PAPER_BYTES_1K_GROUPS).isBetween(0.98, 1.02);
  }

  @Test
  void entriesAreFoundByPortAndSizedByTheLayout() {
    MulticastForwardingTable t = new MulticastForwardingTable(8, 4);
    int a = t.addGroup(GleamAddresses.groupIp(1), 100);
    int b = t.addGroup(GleamAddresses.groupIp(2), 0);
    assertThat(t.slot(GleamAddresses.groupIp(2))).isEqualTo(b);
    assertThat(t.slot(GleamAddresses.groupIp(3))).isEqualTo(-1);
    t.addForwarded(a, 5);
    t.addConnected(a, 2, GleamAddresses.hostIp(7), 0x42);
    t.addConnected(b, 2, GleamAddresses.hostIp(9), 0x43);
    assertThat(t.entryOfPort(a, 2)).isEqualTo(1);
    assertThat(t.entryOfPort(a, 3)).isEqualTo(-1);
    assertThat(t.entryType(a, 1)).isEqualTo(MulticastForwardingTable.CONNECTED);
    assertThat(t.receiverQpn(a, 1)).isEqualTo(0x42);
    assertThat(t.ackPsn(a, 0)).isEqualTo(99);
    assertThat(t.receiverIp(b, 0)).isEqualTo(GleamAddresses.hostIp(9));
    assertThat(t.layoutBytes()).isEqualTo((14 + 2 * 14) + (14 + 14));
    assertThatThrownBy(() -> t.addForwarded(a, 2)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> t.addGroup(GleamAddresses.groupIp(1), 0)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> t.addForwarded(a, 8)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void addressesPrintAsDottedAndColonText() {
    assertThat(GleamAddresses.ip(GleamAddresses.parseIp("239.1.2.3"))).isEqualTo("239.1.2.3");
    assertThat(GleamAddresses.mac(0x0200_0000_00abL)).isEqualTo("02:00:00:00:00:ab");
    assertThatThrownBy(() -> GleamAddresses.parseIp("1.2.3.256")).hasMessageContaining("0..255");
  }
}
