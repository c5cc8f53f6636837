package org.fabriclab.shoal;

import org.fabriclab.error.InvalidParameterException;

/**
 * The 8 B cell header of seed 003 Fig. 5, packed into one long (most significant field first):
 * source id 10 bits, destination id 10, sequence number 22, rate-limit feedback 11, start-of-packet
 * 1, end-of-packet 1, last-cell-dropped 1, CRC 8 — 64 bits, for racks of up to 1,024 nodes. The CRC
 * is CRC-8 (polynomial x⁸+x²+x+1) over the other 56 bits (Appendix D uses it to detect corruption).
 */
public record CellHeader(int source, int destination, int sequence, int feedback, boolean sop,
    boolean eop, boolean lastCellDropped) {

  public CellHeader {
    InvalidParameterException.requireRange("source", source, 0, 1023);
    InvalidParameterException.requireRange("destination", destination, 0, 1023);
    InvalidParameterException.requireRange("sequence", sequence, 0, (1 << 22) - 1);
    InvalidParameterException.requireRange("feedback", feedback, 0, (1 << 11) - 1);
  }

  /** The 64-bit header with its CRC. */
  public long encode() {
    long v = source;
    v = (v << 10) | destination;
    v = (v << 22) | sequence;
    v = (v << 11) | feedback;
    v = (v << 1) | (sop ? 1 : 0);
    v = (v << 1) | (eop ? 1 : 0);
    v = (v << 1) | (lastCellDropped ? 1 : 0);
    return (v << 8) | crc8(v);
  }

  /** Decodes a header; returns null when the CRC does not match (a corrupted cell, Appendix D). */
  public static CellHeader decode(long bits) {
    long v = bits >>> 8;
    if (crc8(v) != (int) (bits & 0xff)) {
      return null;
    }
    boolean ldrop = (v & 1) != 0;
    boolean eop = ((v >>> 1) & 1) != 0;
    boolean sop = ((v >>> 2) & 1) != 0;
    int fb = (int) ((v >>> 3) & 0x7ff);
    int seq = (int) ((v >>> 14) & 0x3fffff);
    int dst = (int) ((v >>> 36) & 0x3ff);
    int src = (int) ((v >>> 46) & 0x3ff);
    return new CellHeader(src, dst, seq, fb, sop, eop, ldrop);
  }

  /** CRC-8 (poly 0x07, init 0) over the 56 low bits of {@code v}, most significant byte first. */
  static int crc8(long v) {
    int crc = 0;
    for (int b = 6; b >= 0; b--) {
      crc ^= (int) ((v >>> (8 * b)) & 0xff);
      for (int k = 0; k < 8; k++) {
        crc = (crc & 0x80) != 0 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
      }
    }
    return crc;
  }
}
