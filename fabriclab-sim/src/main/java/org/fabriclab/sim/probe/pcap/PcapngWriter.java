package org.fabriclab.sim.probe.pcap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A pcapng writer (the IETF draft "PCAP Next Generation (pcapng) Capture File Format",
 * draft-ietf-opsawg-pcapng, §4): one Section Header Block, an Interface Description Block per
 * interface (added at any point of the section, before its first packet) and an Enhanced Packet
 * Block per packet, little-endian (the byte-order magic tells readers so). Every block is
 * {@code type, total length, body, total length} with the body padded to 32 bits; options are
 * {@code code, length, value} padded to 32 bits and closed by {@code opt_endofopt}.
 *
 * <p>Blocks are assembled in one reused buffer and written to the stream when it fills, so a packet
 * costs no allocation. Interfaces carry {@code if_tsresol}: timestamps are 64-bit counts of
 * {@code 10^-tsresol} s (12: picoseconds, the engine's clock).
 */
public final class PcapngWriter {
  /** Block type of a Section Header Block. */
  public static final int SHB = 0x0A0D0D0A;
  /** Block type of an Interface Description Block. */
  public static final int IDB = 1;
  /** Block type of an Enhanced Packet Block. */
  public static final int EPB = 6;
  /** The byte-order magic. */
  public static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
  /** LINKTYPE_ETHERNET. */
  public static final int LINKTYPE_ETHERNET = 1;
  static final int OPT_ENDOFOPT = 0;
  static final int SHB_USERAPPL = 4;
  static final int IF_NAME = 2;
  static final int IF_DESCRIPTION = 3;
  static final int IF_TSRESOL = 9;

  private final OutputStream out;
  private final ByteBuffer buf = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
  private int interfaces;
  private long packets;

  /** Starts a section written by {@code application} (its {@code shb_userappl}). */
  public PcapngWriter(OutputStream out, String application) throws IOException {
    this.out = out;
    byte[] app = application.getBytes(StandardCharsets.UTF_8);
    int len = 28 + option(app.length) + 4;
    room(len);
    buf.putInt(SHB).putInt(len).putInt(BYTE_ORDER_MAGIC).putShort((short) 1).putShort((short) 0)
        .putLong(-1L); // section length not given
    putOption(SHB_USERAPPL, app);
    buf.putShort((short) OPT_ENDOFOPT).putShort((short) 0).putInt(len);
  }

  /**
   * Adds an Ethernet interface capturing at most {@code snaplen} bytes per packet, timestamps in
   * units of {@code 10^-tsresol} s; returns its id (0, 1, ... in order of addition).
   */
  public int addInterface(int snaplen, String name, String description, int tsresol) throws IOException {
    byte[] n = name.getBytes(StandardCharsets.UTF_8);
    byte[] d = description.getBytes(StandardCharsets.UTF_8);
    int len = 16 + option(n.length) + option(d.length) + option(1) + 4 + 4;
    room(len);
    buf.putInt(IDB).putInt(len).putShort((short) LINKTYPE_ETHERNET).putShort((short) 0).putInt(snaplen);
    putOption(IF_NAME, n);
    putOption(IF_DESCRIPTION, d);
    putOption(IF_TSRESOL, new byte[] {(byte) tsresol});
    buf.putShort((short) OPT_ENDOFOPT).putShort((short) 0).putInt(len);
    return interfaces++;
  }

  /**
   * One packet on interface {@code iface} at {@code timestamp} (in the interface's units): the first
   * {@code capLen} bytes of {@code data} captured, {@code origLen} bytes on the wire.
   */
  public void packet(int iface, long timestamp, byte[] data, int capLen, int origLen) throws IOException {
    int padded = (capLen + 3) & ~3;
    int len = 32 + padded;
    room(len);
    buf.putInt(EPB).putInt(len).putInt(iface).putInt((int) (timestamp >>> 32)).putInt((int) timestamp)
        .putInt(capLen).putInt(origLen).put(data, 0, capLen);
    for (int i = capLen; i < padded; i++) {
      buf.put((byte) 0);
    }
    buf.putInt(len);
    packets++;
  }

  /** Packets written. */
  public long packets() {
    return packets;
  }

  /** Interfaces added. */
  public int interfaces() {
    return interfaces;
  }

  /** Writes what the buffer holds to the stream and flushes it. */
  public void flush() throws IOException {
    drain();
    out.flush();
  }

  private static int option(int valueBytes) {
    return 4 + ((valueBytes + 3) & ~3);
  }

  private void putOption(int code, byte[] value) {
    buf.putShort((short) code).putShort((short) value.length).put(value);
    for (int i = value.length; i < ((value.length + 3) & ~3); i++) {
      buf.put((byte) 0);
    }
  }

  private void room(int bytes) throws IOException {
    if (bytes > buf.capacity()) {
      throw new IllegalArgumentException("pcapng block of " + bytes + " B exceeds the buffer");
    }
    if (buf.remaining() < bytes) {
      drain();
    }
  }

  private void drain() throws IOException {
    out.write(buf.array(), 0, buf.position());
    buf.clear();
  }
}
