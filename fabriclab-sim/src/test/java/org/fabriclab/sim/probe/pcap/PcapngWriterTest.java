package org.fabriclab.sim.probe.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * The pcapng block structure, read back by hand against the format's definition
 * (draft-ietf-opsawg-pcapng §4.1–4.3): magic numbers, block lengths at both ends, 32-bit padding,
 * options and the 64-bit timestamp split into high and low words.
 */
class PcapngWriterTest {
  @Test
  void blocksAreLaidOutAsTheFormatDefinesThem() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PcapngWriter w = new PcapngWriter(bytes, "app"); // 3 B: padded to 4
    assertThat(w.addInterface(9216, "0:1", "port", 12)).isZero();
    byte[] data = {1, 2, 3, 4, 5, 6, 7};
    long ts = 0x1_0000_0005L; // ps: needs the high word
    w.packet(0, ts, data, 7, 1088);
    w.packet(0, 42, data, 4, 4);
    w.flush();
    ByteBuffer b = ByteBuffer.wrap(bytes.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);

    // Section Header Block: type, length, byte-order magic, version 1.0, section length -1,
    // shb_userappl "app" (code 4, length 3, padded to 4), opt_endofopt, length again
    assertThat(b.getInt(0)).isEqualTo(0x0A0D0D0A);
    int shb = b.getInt(4);
    assertThat(shb).isEqualTo(4 + 4 + 4 + 2 + 2 + 8 + (4 + 4) + 4 + 4);
    assertThat(b.get(8) & 0xFF).isEqualTo(0x4D); // 0x1A2B3C4D little-endian
    assertThat(b.getInt(8)).isEqualTo(0x1A2B3C4D);
    assertThat(b.getShort(12)).isEqualTo((short) 1);
    assertThat(b.getShort(14)).isEqualTo((short) 0);
    assertThat(b.getLong(16)).isEqualTo(-1L);
    assertThat(b.getShort(24)).isEqualTo((short) 4);
    assertThat(b.getShort(26)).isEqualTo((short) 3);
    assertThat(new String(bytes.toByteArray(), 28, 3, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("app");
    assertThat(b.get(31)).isZero(); // padding
    assertThat(b.getInt(32)).isZero(); // opt_endofopt
    assertThat(b.getInt(shb - 4)).isEqualTo(shb);

    // Interface Description Block: link type 1 (Ethernet), snaplen, if_name "0:1" (3 → 4),
    // if_description "port" (4), if_tsresol 12 (1 → 4), opt_endofopt
    int i = shb;
    assertThat(b.getInt(i)).isEqualTo(1);
    int idb = b.getInt(i + 4);
    assertThat(idb).isEqualTo(4 + 4 + 2 + 2 + 4 + (4 + 4) + (4 + 4) + (4 + 4) + 4 + 4);
    assertThat(b.getShort(i + 8)).isEqualTo((short) 1);
    assertThat(b.getInt(i + 12)).isEqualTo(9216);
    int tsresol = i + 16 + 8 + 8; // after if_name and if_description
    assertThat(b.getShort(tsresol)).isEqualTo((short) 9);
    assertThat(b.getShort(tsresol + 2)).isEqualTo((short) 1);
    assertThat(b.get(tsresol + 4)).isEqualTo((byte) 12);
    assertThat(b.getInt(i + idb - 4)).isEqualTo(idb);

    // Enhanced Packet Blocks: interface 0, timestamp high and low words, captured and original
    // length, the data padded to 32 bits, length again
    int e = i + idb;
    assertThat(b.getInt(e)).isEqualTo(6);
    assertThat(b.getInt(e + 4)).isEqualTo(28 + 8 + 4);
    assertThat(b.getInt(e + 8)).isZero();
    assertThat(b.getInt(e + 12)).isEqualTo(1);
    assertThat(b.getInt(e + 16)).isEqualTo(5);
    assertThat(b.getInt(e + 20)).isEqualTo(7);
    assertThat(b.getInt(e + 24)).isEqualTo(1088);
    assertThat(b.get(e + 28)).isEqualTo((byte) 1);
    assertThat(b.get(e + 34)).isEqualTo((byte) 7);
    assertThat(b.get(e + 35)).isZero();
    assertThat(b.getInt(e + 36)).isEqualTo(40);
    int e2 = e + 40;
    assertThat(b.getInt(e2 + 4)).isEqualTo(28 + 4 + 4);
    assertThat(b.getInt(e2 + 16)).isEqualTo(42);
    assertThat(e2 + 36).isEqualTo(bytes.size());
    assertThat(w.packets()).isEqualTo(2);
  }

  @Test
  void aFullBufferIsWrittenOutAndNothingIsLost() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PcapngWriter w = new PcapngWriter(bytes, "x");
    w.addInterface(9216, "a", "b", 12);
    byte[] data = new byte[9216];
    int n = 50; // 50 blocks of 9,248 B: several times the 64 KiB buffer
    for (int k = 0; k < n; k++) {
      data[0] = (byte) k;
      w.packet(0, k, data, 9216, 9216);
    }
    w.flush();
    ByteBuffer b = ByteBuffer.wrap(bytes.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
    int at = 0;
    int epbs = 0;
    while (at < bytes.size()) {
      int len = b.getInt(at + 4);
      assertThat(len % 4).isZero();
      assertThat(b.getInt(at + len - 4)).isEqualTo(len);
      if (b.getInt(at) == 6) {
        assertThat(b.get(at + 28)).isEqualTo((byte) epbs);
        assertThat(b.getInt(at + 16)).isEqualTo(epbs);
        epbs++;
      }
      at += len;
    }
    assertThat(at).isEqualTo(bytes.size());
    assertThat(epbs).isEqualTo(n);
  }
}
