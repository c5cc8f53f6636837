package org.fabriclab.sim.parallel;

import java.util.Arrays;
import org.fabriclab.sim.net.Network;
import org.fabriclab.sim.packet.Packets;

/**
 * What one logical process sends another during a window: packets crossing a cut link (their
 * records as {@link Packets#export} writes them, with the link and arrival time) and PFC frames, in
 * the order they were sent. The receiver imports them after the window's barrier, so its events
 * get their sequence numbers in an order fixed by the partition alone. Ints in one growing array:
 * no allocation per packet once it has grown.
 */
final class Mailbox {
  private static final int PACKET = 0;
  private static final int PAUSE = 1;
  private static final int HEAD = 4; // kind, link, time high, time low
  private int[] buf = new int[64 * (HEAD + Packets.RECORD_INTS)];
  private int len;
  private int entries;

  void putPacket(Packets pk, int p, int link, long atPs) {
    int at = ensure(HEAD + Packets.RECORD_INTS);
    head(at, PACKET, link, atPs);
    pk.export(p, buf, at + HEAD);
    len = at + HEAD + Packets.RECORD_INTS;
    entries++;
  }

  void putPause(int link, int on, long atPs) {
    int at = ensure(HEAD + 1);
    head(at, PAUSE, link, atPs);
    buf[at + HEAD] = on;
    len = at + HEAD + 1;
    entries++;
  }

  private void head(int at, int kind, int link, long atPs) {
    int[] b = buf;
    b[at] = kind;
    b[at + 1] = link;
    b[at + 2] = (int) (atPs >>> 32);
    b[at + 3] = (int) atPs;
  }

  private int ensure(int n) {
    if (len + n > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(2 * buf.length, len + n));
    }
    return len;
  }

  /** Entries waiting. */
  int entries() {
    return entries;
  }

  /** Hands every entry to {@code net} in the order sent, then empties the box. */
  void deliverTo(Network net) {
    int[] b = buf;
    int i = 0;
    while (i < len) {
      int link = b[i + 1];
      long at = ((long) b[i + 2] << 32) | (b[i + 3] & 0xFFFFFFFFL);
      if (b[i] == PACKET) {
        net.importArrival(b, i + HEAD, link, at);
        i += HEAD + Packets.RECORD_INTS;
      } else {
        net.importPause(link, b[i + HEAD], at);
        i += HEAD + 1;
      }
    }
    len = 0;
    entries = 0;
  }
}
